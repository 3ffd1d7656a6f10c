/**
 * A case's page name: case ids are golden-file text, which may hold anything, so a page is named by
 * a hash of the server and the id instead. The same id in the golden sets of two servers is two cases.
 */

import { createHash } from 'node:crypto';
import type { TargetIdentity } from '../gate/target.js';

export const CASE_KEY = /^[0-9a-f]{16}$/;

export function caseKey(target: TargetIdentity, id: string): string {
  return createHash('sha256')
    .update(JSON.stringify([target.transport, target.era, target.server, id]))
    .digest('hex')
    .slice(0, 16);
}
