/**
 * Every check is proven by a server that breaks it: each broken variant of the reference server
 * must fail (or warn on) exactly its expected checks and pass every other applicable check, and
 * the correct server must fail none, over both transports. The variants run a few at a time
 * (vitest's maxConcurrency, set for the e2e project in vitest.config.ts), each HTTP server stopped as
 * soon as its run is over, so that some 90 runs fit the time and memory of a 2-core machine.
 */

import { describe, expect, it } from 'vitest';
import { BREAK_VARIANTS, expectedExitCodeOf } from '../../../examples/reference-server/breaks.js';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import type { Report } from '../../../src/report/model.js';
import { REFERENCE_SERVER, referenceStdio } from '../../helpers/cli.js';
import { checkTarget } from '../../helpers/conformance.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

/**
 * This variant holds its process open after stdin's EOF with a timer that never ends, so it is judged
 * the same after any grace; waiting out the full one (5-40 s, scaled with the load) held a worker.
 */
const NEVER_EXITS_ON_EOF = 'ignores-stdin-eof';

/** One layer 0 run against the reference server (or one of its broken variants) over `transport`. */
async function checkReference(transport: 'http' | 'stdio', variant?: string): Promise<Report> {
  const extra = variant ? ['--break', variant] : [];
  if (transport === 'stdio') {
    const options = variant === NEVER_EXITS_ON_EOF ? { eofGraceMs: 0 } : {};
    return checkTarget({ kind: 'stdio', command: referenceStdio(extra.join(' ')) }, options);
  }
  const server: LaunchedServer = await launchHttpServer(process.execPath, [REFERENCE_SERVER, ...extra], {
    timeoutMs: scaledTimeout(10_000),
  });
  try {
    return await checkTarget({ kind: 'http', url: server.url });
  } finally {
    await server.stop();
  }
}

function notPassing(report: Report): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => c.status !== 'pass' && c.status !== 'skip').map((c) => [c.id, c.status]));
}

describe.each(['http', 'stdio'] as const)('reference server over %s', (transport) => {
  it.concurrent(
    'passes every applicable check, skips none but the trace check (it needs --otlp-receiver) and the auth checks of a protected server, exit 0',
    async ({ expect }) => {
      const report = await checkReference(transport);
      expect(notPassing(report)).toEqual({});
      // The auth checks apply to a protected server; test/e2e/conformance/broken-twins-oauth.test.ts runs them over the OAuth mode.
      expect(report.checks.filter((c) => c.status === 'skip' && !c.id.startsWith('auth.')).map((c) => c.id)).toEqual([
        'telemetry.trace-context',
      ]);
      expect(report.verdict.exitCode).toBe(0);
      expect(report.target.era).toBe('modern');
    },
  );

  const variants = BREAK_VARIANTS.filter((v) => !v.oauth && (v.transports as readonly string[]).includes(transport));
  it.concurrent.for(variants.map((v) => [v.id, v] as const))(
    'variant %s fails exactly its expected checks',
    async ([, variant], { expect }) => {
      const report = await checkReference(transport, variant.id);
      const expected = Object.fromEntries(variant.expectedFailures.map((id) => [id, variant.expectedStatus]));
      expect(notPassing(report)).toEqual(expected);
      expect(report.verdict.exitCode).toBe(expectedExitCodeOf(variant));
      for (const id of variant.expectedFailures) {
        const result = report.checks.find((c) => c.id === id)!;
        expect(result.message.length).toBeGreaterThan(10);
        expect(result.specRef).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
      }
    },
  );
});

it('every check id named by a variant exists, and every check is tripped by some variant', () => {
  const ids = new Set(ALL_CHECKS.map((c) => c.id));
  const tripped = new Set<string>(BREAK_VARIANTS.flatMap((v) => v.expectedFailures));
  for (const id of tripped) expect(ids.has(id), id).toBe(true);
  // telemetry.trace-context needs an OTLP receiver; test/e2e/telemetry/tracing.test.ts proves it with ignores-trace-context.
  expect(ALL_CHECKS.map((c) => c.id).filter((id) => !tripped.has(id))).toEqual(['telemetry.trace-context']);
});
