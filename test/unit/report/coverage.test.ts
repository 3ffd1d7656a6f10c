/**
 * The coverage line (src/report/coverage-line.ts): its wording, and that a hostile tool name in it
 * passes the one boundary every output goes through (masked whole by writeReports / printReport, then
 * escaped by each format) before it reaches the terminal, Markdown, HTML or JUnit.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { printReport } from '../../../src/cli/display.js';
import { coverageComplete, coverageLine } from '../../../src/report/coverage-line.js';
import { writeReports } from '../../../src/report/formats.js';
import { assertWellFormed, attributes, testcases, unescape } from '../../helpers/junit-xml.js';
import { makeCheck, makeCoverage, makeReport } from '../../helpers/report-factory.js';

describe('coverageLine', () => {
  it('says what was called of what was listed, why the rest was not, and how to widen it', () => {
    expect(coverageLine(makeCoverage())).toBe(
      'coverage: tools called 0 of 25 (22 not annotated read-only: "search", "fetch", "summarise", "translate", "lookup", …; ' +
        '3 destructive: "delete_file", "drop_table", "send_email"); resources read 1 of 1; templates read 0 of 1; prompts got 2 of 3; ' +
        'MRTR subjects 0; progress subjects 0. Widen it: name calls under check.calls in mcpgate.yaml, or pass --allow-tool NAME for a tool that is safe to call.',
    );
  });

  it('names every reason, the caps that stopped it, and no more than 5 names however many a report holds', () => {
    const line = coverageLine(
      makeCoverage({
        tools: {
          listed: 12,
          called: 2,
          notCalled: [
            { reason: 'no-valid-arguments', count: 7, names: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
            { reason: 'cap', count: 3, names: [] },
            { reason: 'destructive', count: 0, names: [] },
          ],
        },
        capped: ['tools/list stopped at 10000 items (MAX_LIST_ITEMS).', 'calls stopped at 50 (--max-calls)'],
        widen: 'raise the caps.',
      }),
    );
    expect(line).toContain('tools called 2 of 12 (7 without valid sample arguments: "a", "b", "c", "d", "e", …; 3 cut by a cap);');
    expect(line).not.toContain('"f"');
    expect(line).not.toContain('0 destructive');
    expect(line).toMatch(
      /progress subjects 0\. Capped: tools\/list stopped at 10000 items \(MAX_LIST_ITEMS\); calls stopped at 50 \(--max-calls\)\. Widen it: raise the caps\.$/,
    );
  });

  it('has no widening advice and no parentheses when everything was exercised', () => {
    const complete = makeCoverage({ tools: { listed: 2, called: 2, notCalled: [] }, widen: undefined });
    expect(coverageComplete(complete)).toBe(true);
    expect(coverageComplete(makeCoverage())).toBe(false);
    expect(coverageComplete({ ...complete, capped: ['resources/list stopped at 10000 items'] })).toBe(false);
    expect(coverageLine(complete)).toBe(
      'coverage: tools called 2 of 2; resources read 1 of 1; templates read 0 of 1; prompts got 2 of 3; MRTR subjects 0; progress subjects 0.',
    );
  });

  it('cuts a long name and keeps it to one quoted string', () => {
    const line = coverageLine(
      makeCoverage({ tools: { listed: 1, called: 0, notCalled: [{ reason: 'not-annotated', count: 1, names: ['n'.repeat(500)] }] } }),
    );
    expect(line).toContain(`"${'n'.repeat(59)}…"`);
    expect(line).not.toContain('n'.repeat(60));
  });
});

/*
 * A name that would clear the screen and recolour it, run a script in the HTML page, start a line of
 * its own that reads like mcpgate's verdict, hide text behind a right-to-left override, and carry a
 * credential-shaped token.
 */
const SECRET = 'sk-ant-api03-k3y0123456789abcdefghijkl';
/** Redacted, it fits the line's 60 characters a name; unredacted, the cut would still leave the whole token. */
const HOSTILE = `${SECRET}\u001b[2J\u001b[31m<img src=x onerror=alert(1)>\nPASS: ok\u202e`;
/** How the line quotes it once masked: one JSON string, every control and the override escaped. */
const QUOTED = '"[REDACTED]\\u001b[2J\\u001b[31m<img src=x onerror=alert(1)>\\nPASS: ok\\u202e"';

function hostileReport() {
  return makeReport([makeCheck({ id: 'discover.responds' })], {
    coverage: makeCoverage({
      tools: { listed: 2, called: 0, notCalled: [{ reason: 'not-annotated', count: 2, names: ['search', HOSTILE] }] },
    }),
  });
}

describe('a hostile tool name in the coverage line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-coverage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  const files = { markdown: join(dir, 'summary.md'), html: join(dir, 'report.html'), junit: join(dir, 'junit.xml') };

  /** No token, no raw ESC or override; in a markup format, no tag either. */
  function expectNeutralised(text: string, markup: boolean): void {
    expect(text).not.toContain(SECRET.slice(0, 20));
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
    if (markup) expect(text).not.toContain('<img');
  }

  it('is masked and shown on one line in the terminal, with the verdict still the last line', () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    printReport(hostileReport(), { color: false });
    printReport(hostileReport(), { color: false, quiet: true });
    const [full, quiet] = out;
    for (const text of [full!, quiet!]) {
      expectNeutralised(text, false);
      // The full output wraps the line to the width: read it back as one, up to the blank line or the verdict.
      const lines = text.split('\n');
      const start = lines.findIndex((line) => line.startsWith('coverage: '));
      const length = lines.slice(start).findIndex((line) => line === '' || line.startsWith('PASS'));
      const shown = lines
        .slice(start, start + length)
        .map((line) => line.trim())
        .join(' ');
      expect(shown).toContain(`"search", ${QUOTED})`);
      // The name's newline did not start a line: the only line saying PASS is mcpgate's own verdict.
      expect(text.split('\n').filter((line) => /^PASS/.test(line))).toEqual(['PASS: every MUST check passed (exit code 0)']);
      expect(text.trimEnd().split('\n').at(-1)).toBe('PASS: every MUST check passed (exit code 0)');
    }
    expect(quiet!.split('\n')).toHaveLength(3);
  });

  it('is masked and escaped in Markdown, HTML and JUnit', async () => {
    await writeReports(hostileReport(), files);

    const markdown = readFileSync(files.markdown, 'utf8');
    expectNeutralised(markdown, true);
    const mdLine = markdown.split('\n').find((line) => line.startsWith('coverage: '))!;
    expect(mdLine).toContain(
      `"search", ${QUOTED.replace(/[\\[\]]/g, '\\$&')
        .replace('<', '&lt;')
        .replace('>', '&gt;')})`,
    );
    expect(markdown.split('\n').filter((line) => line.startsWith('PASS'))).toEqual([]);

    const html = readFileSync(files.html, 'utf8');
    expectNeutralised(html, true);
    expect(html).toContain(QUOTED.replace('<', '&lt;').replace('>', '&gt;').replaceAll('"', '&quot;'));

    const xml = readFileSync(files.junit, 'utf8');
    assertWellFormed(xml);
    expectNeutralised(xml, true);
    const coverageCase = testcases(xml).find((c) => c.attrs.classname === 'mcpgate.coverage')!;
    const message = unescape(attributes(coverageCase.body).message!);
    expect(message).toContain(`"search", ${QUOTED})`);
    expect(message).not.toMatch(/[\n\r]/);
  });
});
