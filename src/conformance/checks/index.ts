/** Every layer 0 check, in report order. Each area file owns its list. */

import type { CheckDefinition } from '../check.js';
import { authDiscoveryChecks } from './auth-discovery.js';
import { authTokenChecks } from './auth-tokens.js';
import { completionChecks } from './completions.js';
import { discoverChecks } from './discover.js';
import { hostChecks } from './http-host.js';
import { httpChecks } from './http.js';
import { jsonrpcChecks } from './jsonrpc.js';
import { listChecks } from './lists.js';
import { metaChecks, statelessCheck } from './meta.js';
import { mrtrChecks } from './mrtr.js';
import { notificationChecks } from './notifications.js';
import { progressChecks } from './progress.js';
import { removedChecks } from './removed.js';
import { promptChecks, resourceChecks } from './resources.js';
import { resultChecks } from './results.js';
import { stdioChecks } from './stdio.js';
import { subscriptionChecks } from './subscriptions.js';
import { telemetryChecks } from './telemetry.js';
import { toolChecks } from './tools.js';

export const ALL_CHECKS: readonly CheckDefinition[] = [
  ...discoverChecks,
  ...metaChecks,
  ...statelessCheck,
  ...jsonrpcChecks,
  ...httpChecks,
  ...hostChecks,
  ...toolChecks,
  ...resourceChecks,
  ...promptChecks,
  ...listChecks,
  ...removedChecks,
  ...subscriptionChecks,
  ...completionChecks,
  ...telemetryChecks,
  ...stdioChecks,
  ...mrtrChecks,
  ...progressChecks,
  ...notificationChecks,
  ...resultChecks,
  // Last: they wait on the issuer over connections of their own, and would otherwise hold the
  // workers while the run's connection sits idle past a server's keep-alive timeout.
  ...authDiscoveryChecks,
  ...authTokenChecks,
];

const ids = new Set<string>();
for (const check of ALL_CHECKS) {
  if (ids.has(check.id)) throw new Error(`duplicate check id ${check.id}`);
  ids.add(check.id);
}

export const CHECK_IDS: ReadonlySet<string> = ids;
