/**
 * The shared option groups as a user meets them: every command that writes a report offers every
 * format of the FORMATS table, and each format written for a layer-2-only report can be read back;
 * help shows no programmer defaults; `gate --quiet` is one line; `bench --verbose` adds detail.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderJson, parseReport } from '../../../src/report/json.js';
import { FORMAT_NAMES, type Format } from '../../../src/report/formats.js';
import type { Report } from '../../../src/report/model.js';
import { ALL_PROBES } from '../../../src/resilience/probes/index.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { everyFormat, formatFlag, readEveryFormat } from '../../helpers/formats.js';
import { evalRun } from '../../helpers/gate-factory.js';

/** The commands that write a report, so the one place that must offer every format. */
const REPORT_WRITERS = ['check', 'eval', 'chaos', 'merge'];

async function commandNames(): Promise<string[]> {
  const overview = await runCli(['--help']);
  const commands = overview.stdout.slice(overview.stdout.indexOf('Commands:'));
  return [...commands.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]!).filter((name) => name !== 'help');
}

describe('help', () => {
  it('every command that writes a report lists a flag for every format of the FORMATS table', async () => {
    const flags = FORMAT_NAMES.map(formatFlag);
    expect(flags.length).toBeGreaterThanOrEqual(5);
    for (const command of REPORT_WRITERS) {
      const help = await runCli([command, '--help']);
      expect(help.code).toBe(0);
      for (const flag of flags) expect(help.stdout, `${command} --help`).toMatch(new RegExp(`^ +${flag} <file>`, 'm'));
    }
  });

  it('shows no empty list or object as a default, and says what no --model means', async () => {
    const names = await commandNames();
    expect(names).toEqual(expect.arrayContaining(['check', 'eval', 'chaos', 'bench', 'run', 'init', 'gate', 'merge', 'migrate-scan']));
    for (const name of names) {
      const help = await runCli([name, '--help']);
      expect(help.code, name).toBe(0);
      expect(help.stdout, name).not.toMatch(/\(default: (\[\]|\{\}|false)\)/);
    }
    const evalHelp = (await runCli(['help', 'eval'])).stdout.replace(/\s+/g, ' ');
    expect(evalHelp).toMatch(/--model <provider:model> .*\(default: baseline\)/);
  });

  it('--verbose and --quiet cannot be combined', async () => {
    const run = await runCli(['check', '--stdio', referenceStdio(), '--verbose', '--quiet']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("option '--verbose' cannot be used with option '--quiet'");
  });
});

/** Enough of XML to see a truncated or unbalanced file: one root, every element closed in order. */
function elements(xml: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const stack: string[] = [];
  const names: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([A-Za-z][\w.-]*)(?:\s+[\w:.-]+="[^"<]*")*\s*(\/?)>/g)) {
    if (closing) expect(stack.pop()).toBe(name);
    else {
      names.push(name!);
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  return names;
}

/**
 * How each format of a layer-2 run is read back. A Record over the registry's formats: a format added
 * to FORMATS does not compile here until the test says how to read it.
 */
const READ_BACK: Record<Format, (text: string, report: Report, probes: string[]) => void> = {
  // Read and written again by the contract, byte for byte: nothing the reader drops, keys in contract order.
  json: (text) => expect(renderJson(parseReport(text))).toBe(text),
  // One test case per probe, and one for the offline scan's suite (no findings: one passing case).
  junit: (text, _report, probes) => expect(elements(text).filter((n) => n === 'testcase')).toHaveLength(probes.length + 1),
  markdown: (text, report, probes) => {
    expect(text.split('\n')[0]).toBe(`## mcpgate: PASS: ${report.verdict.reason} (exit code 0)`);
    for (const id of probes) expect(text).toContain(`\`${id}\``);
  },
  sarif: (text, _report, probes) => {
    const sarif = JSON.parse(text) as { version: string; runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } } }> };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(expect.arrayContaining(probes));
  },
  html: (text, _report, probes) => {
    expect(text).toMatch(/^<!doctype html>/i);
    expect(text.trimEnd()).toMatch(/<\/html>$/);
    for (const id of probes) expect(text).toContain(id);
  },
};

describe('mcpgate chaos writes every report format', () => {
  it('each format of the registry, written for a layer-2 run, can be read back', async () => {
    const { args, files } = everyFormat(tempDir());
    const run = await runCli(['chaos', '--stdio', referenceStdio(), ...args]);
    expect(run.code).toBe(0);
    const texts = readEveryFormat(files);

    const report = parseReport(texts.json);
    const probes = report.checks.map((c) => c.id);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes).toEqual(ALL_PROBES.map((probe) => probe.id));
    expect(report.chaos?.scan.findings).toEqual([]);
    for (const format of FORMAT_NAMES) READ_BACK[format](texts[format], report, probes);
  });
});

describe('gate with the display flags', () => {
  it('--quiet prints the verdict line alone, also when it records the run', async () => {
    const dir = tempDir();
    const report = join(dir, 'r.json');
    writeFileSync(report, renderJson(evalRun([{ id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 }])));
    const run = await runCli([
      'gate',
      '--report',
      report,
      '--baseline',
      report,
      '--quiet',
      '--record',
      '--history-dir',
      join(dir, 'history'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^PASS: no regression against the baseline of [^\n]* \(exit code 0\)\n$/);
    const full = await runCli(['gate', '--report', report, '--baseline', report]);
    expect(full.stdout.split('\n').length).toBeGreaterThan(2);
    expect(full.stdout.trimEnd().split('\n').at(-1)).toBe(run.stdout.trimEnd());
  });
});

describe('bench with the display flags', () => {
  it('--verbose adds the settings and the p99.9 latency under the summary', async () => {
    const args = ['bench', '--stdio', referenceStdio(), '--requests', '20', '--warmup', '3'];
    const plain = await runCli(args);
    const verbose = await runCli([...args, '--verbose']);
    expect([plain.code, verbose.code]).toEqual([0, 0]);
    expect(plain.stdout).not.toContain('p99.9');
    expect(verbose.stdout).toMatch(/settings +3 warm-up request\(s\), 10000 ms timeout, measured for 20 requests/);
    expect(verbose.stdout).toMatch(/p99\.9 [\d.]+ ms/);
  });
});
