/**
 * Tool pins against real servers over stdio: written when missing, unchanged on a rerun, and drift
 * found when a description or schema changes, a tool is renamed, added or removed. The servers that
 * drift are the poisoned server and a reference variant, so each change is a real one on the wire.
 */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOfflineChaos } from '../../../src/resilience/offline.js';
import { fingerprint } from '../../../src/resilience/pins/fingerprint.js';
import { parsePinFile, type PinFile } from '../../../src/resilience/pins/pin-file.js';
import type { Target } from '../../../src/wire/target.js';
import { ROOT, referenceStdio } from '../../helpers/cli.js';

const poisoned = (poison: string): Target => ({
  kind: 'stdio',
  command: `"${process.execPath}" "${join(ROOT, 'dist/examples/poisoned-server/main.js')}" --stdio --poison ${poison}`,
});
const reference = (extra = ''): Target => ({ kind: 'stdio', command: referenceStdio(extra) });

async function pinRun(target: Target, previous?: PinFile, update = false) {
  const { report, pinFile } = await runOfflineChaos({
    target,
    connect: { timeoutMs: 5_000, maxResponseBytes: 1 << 22 },
    allowTools: [],
    probes: [],
    pins: { file: 'tools.lock', previous, update },
  });
  return { pins: report.chaos.pins!, pinFile, verdict: report.verdict };
}

async function pinnedReference(): Promise<PinFile> {
  const { pinFile } = await pinRun(reference());
  return parsePinFile(pinFile!, 'tools.lock');
}

describe('pins', () => {
  it('are written when there is no pin file, one entry per tool', async () => {
    const { pins, pinFile, verdict } = await pinRun(reference());
    expect(pins).toEqual({ file: 'tools.lock', status: 'written', tools: 16, changes: [] });
    expect(Object.keys(parsePinFile(pinFile!, 'tools.lock').tools)).toHaveLength(16);
    expect(verdict.exitCode).toBe(0);
  });

  it('a rerun against the same server is unchanged and writes nothing', async () => {
    const { pins, pinFile, verdict } = await pinRun(reference(), await pinnedReference());
    expect(pins.status).toBe('unchanged');
    expect(pinFile).toBeUndefined();
    expect(verdict.exitCode).toBe(0);
  });

  it('a changed description is drift of that field, high: the run fails', async () => {
    const { pins, verdict } = await pinRun(poisoned('unicode-tags'), await pinnedReference());
    expect(pins.status).toBe('drift');
    expect(pins.changes.map((c) => [c.kind, c.tool, c.fields, c.severity])).toEqual([['changed', 'get_weather', ['description'], 'high']]);
    expect(verdict.exitCode).toBe(1);
  });

  it('a changed input schema alone fails the run through the pins (the scan only warns)', async () => {
    const { pins, verdict } = await pinRun(poisoned('zero-width'), await pinnedReference());
    expect(pins.changes.map((c) => [c.kind, c.tool, c.fields])).toEqual([['changed', 'get_forecast', ['inputSchema']]]);
    expect(verdict.exitCode).toBe(1);
    expect(verdict.reason).toContain('1 pinned tool(s) changed: get_forecast');
  });

  it('a renamed but otherwise identical tool is reported as renamed, not removed and added', async () => {
    const { pins, verdict } = await pinRun(reference('--break bad-tool-name'), await pinnedReference());
    expect(pins.changes.map((c) => [c.kind, c.tool, c.from, c.severity])).toEqual([['renamed', 'get weather!', 'get_weather', 'medium']]);
    expect(verdict.exitCode).toBe(0);
  });

  it('a pinned tool the server no longer lists is removed; an unpinned one is added', async () => {
    const pinned = await pinnedReference();
    pinned.tools.retired_tool = fingerprint({ name: 'retired_tool', description: 'Gone.', inputSchema: { type: 'object' } });
    delete pinned.tools.send_email;
    const { pins } = await pinRun(reference(), pinned);
    expect(pins.changes.map((c) => [c.kind, c.tool, c.severity])).toEqual([
      ['removed', 'retired_tool', 'low'],
      ['added', 'send_email', 'medium'],
    ]);
  });

  it('--update-pins rewrites the file from the server, listing what it accepts', async () => {
    const { pins, pinFile, verdict } = await pinRun(poisoned('unicode-tags'), await pinnedReference(), true);
    expect(pins.status).toBe('updated');
    expect(pins.changes.map((c) => c.tool)).toEqual(['get_weather']);
    const rerun = await pinRun(poisoned('unicode-tags'), parsePinFile(pinFile!, 'tools.lock'));
    expect(rerun.pins.status).toBe('unchanged');
    // The scan still fails the poisoned server: accepting the pins accepts no poison.
    expect(verdict.exitCode).toBe(1);
  });
});
