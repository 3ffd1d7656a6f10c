/**
 * wire.schema-valid never holds mcpgate's own values against a server: a link built from an argument
 * mcpgate made up is mcpgate's doing, while a bad value the server makes up by itself still fails.
 */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import { runConformance } from '../../../src/conformance/runner.js';
import { ROOT } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

async function schemaVerdict(...args: string[]) {
  const report = await runConformance({
    target: {
      kind: 'stdio',
      command: [`"${process.execPath}"`, `"${join(ROOT, 'dist/test/fixtures/echo-link-server.js')}"`, ...args].join(' '),
    },
    // tools.list-static makes one call with mcpgate's own arguments; the audit judges what came back.
    checks: ALL_CHECKS.filter((c) => c.id === 'wire.schema-valid' || c.id === 'tools.list-static'),
    strict: false,
    allowTools: [],
    connect: { timeoutMs: scaledTimeout(10_000), maxResponseBytes: 1 << 22 },
    concurrency: 4,
    eofGraceMs: scaledTimeout(5_000),
  });
  return report.checks.find((c) => c.id === 'wire.schema-valid')!;
}

describe('wire.schema-valid and values mcpgate sent', () => {
  it('a resource link whose bad uri is the argument mcpgate sent is not the server fault', async () => {
    const verdict = await schemaVerdict();
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toMatch(/1 issue\(s\) on values mcpgate sent itself and the server echoed were not held against it/);
  });

  it('so is what follows from it: an embedded resource whose echoed uri fails every branch of the anyOf', async () => {
    const verdict = await schemaVerdict('--embedded');
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toMatch(/\d+ issue\(s\) on values mcpgate sent itself and the server echoed were not held against it/);
  });

  it('a bad uri the server makes up by itself still fails, embedded too', async () => {
    expect((await schemaVerdict('--own-bad-uri', '--embedded')).status).toBe('fail');
  });

  it('a bad uri the server makes up by itself still fails', async () => {
    const verdict = await schemaVerdict('--own-bad-uri');
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toMatch(/tools\/call: \/content\/0\/uri must match format "uri"/);
  });
});
