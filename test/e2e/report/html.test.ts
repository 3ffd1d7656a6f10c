import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { renderHtml } from '../../../src/report/html/index.js';
import type { HistoryEntry, Report } from '../../../src/report/model.js';
import { coverageLine } from '../../../src/report/coverage-line.js';
import { gateReports } from '../../../src/gate/gate.js';
import { parseReport, renderJson } from '../../../src/report/json.js';
import { checkIds, makeCheck, makeCoverage, makeReport, withSections } from '../../helpers/report-factory.js';
import { historyOf, makeCase, makeEval, makeTelemetry } from '../../helpers/eval-factory.js';
import { chromiumSkipReason, launchChromium, type HeadlessChromium } from '../../helpers/browser.js';
import { BASELINE_COMMIT, BASELINE_RUN, FAILING_CHECK, failingGateReport, MODEL, SKIPPED_AREAS } from '../../helpers/gate-report.js';
import { writeReports } from '../../../src/report/formats.js';

const XSS = '<img src=x onerror=alert(1)>';
const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';
/** A MUST check whose message and evidence quote the server's hostile tool name. */
const FAILING_ID = 'tools.call-structured-content';

const COVERAGE = makeCoverage({
  tools: { listed: 3, called: 1, notCalled: [{ reason: 'not-annotated', count: 2, names: ['create_invoice', XSS] }] },
});

function sampleReport(): Report {
  return makeReport(
    [
      makeCheck({ id: 'discover.supported-versions' }),
      makeCheck({
        id: FAILING_ID,
        status: 'fail',
        message: `tool ${XSS} returned structuredContent that does not match its outputSchema`,
        evidence: [{ label: XSS, sent: 'POST /mcp', received: `{"name":"${XSS}"}`, expected: 'a result matching outputSchema' }],
      }),
      makeCheck({ id: 'http.get-405', status: 'warn', message: 'GET answered 200' }),
    ],
    {
      coverage: COVERAGE,
      eval: makeEval(
        [
          makeCase({ id: 'weather-by-city', model: 'openai:gpt-4.1-mini', passes: 3, required: 4, kind: 'soft' }),
          makeCase({ id: 'weather-by-city', model: 'baseline' }),
          makeCase({ id: XSS, model: 'openai:gpt-4.1-mini' }),
          makeCase({ id: XSS, model: 'baseline', passes: 0, errors: 5 }),
        ],
        { 'openai:gpt-4.1-mini': makeTelemetry(1500, 0.42), baseline: makeTelemetry(4, null) },
      ),
    },
  );
}

function sampleHistory(report: Report): HistoryEntry[] {
  const at = (day: number, passes: number): HistoryEntry => {
    // Earlier runs under a gate that passed them: green whatever was below its floor.
    const verdict = { exitCode: 0, reason: `gate: no regression against run r${day - 1}` };
    const entry = historyOf(report, { runId: `r${day}`, startedAt: `2026-07-2${day}T00:00:00.000Z`, green: true, verdict });
    return { ...entry, cases: entry.cases.map((c) => (c.id === 'weather-by-city' ? { ...c, passes, passRate: passes / c.runs } : c)) };
  };
  return [at(3, 5), at(1, 4), at(2, 2)];
}

describe('renderHtml (the file)', () => {
  it('is self-contained: a CSP that forbids the network and admits only its own style and script', () => {
    const html = renderHtml(sampleReport(), sampleHistory(sampleReport()));
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(csp).toBeDefined();
    expect(csp).toContain("default-src 'none'");
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(csp).toContain(`style-src ${hash(/<style>([\s\S]*?)<\/style>/.exec(html)![1]!)}`);
    expect(csp).toContain(`script-src ${hash(/<script>([\s\S]*?)<\/script>/.exec(html)![1]!)}`);

    // Attribute values are blanked first: an escaped payload inside an aria-label is text, not a source.
    const tags = html.replace(/"[^"]*"/g, '""');
    expect(tags).not.toMatch(/<[^>]*\ssrc=/);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    // Besides the spec links, only links within the page (to a case's runs), each to an element that exists.
    const inPage = hrefs.filter((h) => h.startsWith('#'));
    expect(inPage.length).toBeGreaterThan(0);
    for (const h of inPage) expect(html).toContain(`id="${h.slice(1)}"`);
    expect(hrefs.filter((h) => !h.startsWith('data:') && !h.startsWith(`${SPEC}/`) && !h.startsWith('#'))).toEqual([]);
    expect(html).not.toContain('javascript:');
  });

  it('escapes server text everywhere and charts nothing over time without history', () => {
    const html = renderHtml(sampleReport());
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('No run history was given');
    expect(html).not.toContain('aria-label="pass rate over time');
  });

  it('follows no spec link of a report file someone edited (merge and view read report files): only https links to the spec', () => {
    const edited = JSON.parse(renderJson(sampleReport()));
    edited.checks[2].specRef = 'javascript:alert(2)';
    const html = renderHtml(parseReport(JSON.stringify(edited)));
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain(`href="${sampleReport().checks[1]!.specRef}"`);
  });
});

const skip = chromiumSkipReason();

describe.skipIf(skip !== undefined)(`renderHtml in headless Chromium${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let browser: HeadlessChromium;
  let page: Page;
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const report = sampleReport();
    await page.setContent(renderHtml(report, sampleHistory(report)), { waitUntil: 'load', timeout: 10_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no console errors and no network requests', () => {
    expect(consoleErrors).toEqual([]);
    expect(requests.filter((url) => !/^(data|about):/.test(url))).toEqual([]);
  });

  it('draws every chart as an SVG with an accessible name', async () => {
    const count = (prefix: string) => page.locator(`svg[role="img"][aria-label^="${prefix}"]`).count();
    expect(await count('model x case heatmap')).toBe(1);
    expect(await count('latency per run of a case')).toBe(1);
    expect(await count('cost per model')).toBe(1);
    // One trend line per case and model: 2 cases x 2 models.
    expect(await count('pass rate over time of ')).toBe(4);
    const trend = await page.locator('svg[aria-label^="pass rate over time of weather-by-city with openai"]').getAttribute('aria-label');
    expect(trend).toBe('pass rate over time of weather-by-city with openai:gpt-4.1-mini: 80%, 40%, 100%, 60%');
    expect(await page.locator('table caption').count()).toBeGreaterThanOrEqual(4);
  });

  it('shows passes of runs in the heatmap and an unknown cost as "unknown"', async () => {
    const cells = page.locator('svg[aria-label^="model x case heatmap"] g.heat-cell text');
    expect(await cells.allTextContents()).toEqual(['3/5', '5/5', '5/5', 'error']);
    expect(await page.locator('svg[aria-label^="model x case heatmap"] g.flaky').count()).toBe(1);
    const cost = await page.locator('svg[aria-label^="cost per model"] text').allTextContents();
    expect(cost).toContain('$0.42');
    expect(cost.some((t) => t.startsWith('unknown'))).toBe(true);
    expect(cost).not.toContain('$0.00');
  });

  it('renders an XSS payload in tool and case names as text', async () => {
    expect(dialogs).toEqual([]);
    expect(await page.locator('img, [src], [onerror]').count()).toBe(0);
    const text = await page.locator('main').innerText();
    expect(text).toContain(`tool ${XSS} returned`);
    expect(await page.locator('table.cases th[scope="row"]', { hasText: XSS }).count()).toBe(2);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  });

  it('shows the coverage line in the conformance section right under the totals, as text, marked as partial', async () => {
    const line = page.locator('#conformance + p + p.coverage');
    expect(await line.isVisible()).toBe(true);
    expect(await line.innerText()).toBe(coverageLine(COVERAGE));
    expect(await line.innerText()).toContain(`"create_invoice", "${XSS}"`);
    expect(await page.locator('#conformance + p').innerText()).toMatch(/^3 checks: /);
    expect(await line.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 248, 197)');
  });

  it('folds an area whose checks all pass to its heading line while passing checks are hidden', async () => {
    const area = page.locator('.area[data-all-pass="true"]');
    expect(await area.count()).toBe(1);
    expect(await area.locator('h3').innerText()).toBe('discover 1 check, all passed');
    expect(await area.locator('table').isHidden()).toBe(true);
    // An area with a failure keeps its table, with the failing row and no passing one.
    const tools = page.locator('.area[data-all-pass="false"]', { hasText: FAILING_ID });
    expect(await tools.locator('table').isVisible()).toBe(true);
    expect(await tools.locator('tr[data-status="fail"]').isVisible()).toBe(true);
    const box = await area.boundingBox();
    const heading = await area.locator('h3').boundingBox();
    expect(box!.height).toBeLessThan(heading!.height * 3);
  });

  it('hides passing checks until asked, and expands evidence', async () => {
    const passing = page.locator('table.checks tr[data-status="pass"]');
    expect(await passing.isHidden()).toBe(true);
    await page.locator('#show-passing').check();
    expect(await passing.isVisible()).toBe(true);
    expect(await page.locator('.area[data-all-pass="true"] table').isVisible()).toBe(true);
    await page.locator('#expand-all').click();
    expect(await page.locator('dl.evidence pre', { hasText: 'a result matching outputSchema' }).isVisible()).toBe(true);
  });

  it('takes a screenshot', async () => {
    const dir = process.env.MCPGATE_SCREENSHOT_DIR ?? (await mkdtemp(join(tmpdir(), 'mcpgate-html-')));
    try {
      const file = join(dir, 'report.png');
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
      const png = await readFile(file);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.length).toBeGreaterThan(5_000);
    } finally {
      if (!process.env.MCPGATE_SCREENSHOT_DIR) await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(skip !== undefined)(
  `the verdict of a pass with known failures, in headless Chromium${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let browser: HeadlessChromium | undefined;
    let page: Page;

    beforeAll(async () => {
      browser = await launchChromium();
      page = await browser.context.newPage();
      const soft = [0, 1, 2].map((i) => makeCase({ id: `soft-case-${i}`, model: 'baseline', kind: 'soft', passes: 1 }));
      // A run under a gate against a baseline whose cases did the same: the gate passes it.
      const run = makeReport([makeCheck({ id: 'discover.supported-versions' }), makeCheck({ id: 'tools.names' })], {
        eval: makeEval([makeCase({ id: 'hard-case', model: 'baseline' }), ...soft]),
      });
      const report = withSections(run, { gate: gateReports(run, run, undefined, { runId: '3f9c0a1b2c3d4e5f', exitCode: 0 }) });
      expect(report.verdict.exitCode).toBe(0);
      await page.setContent(renderHtml(report), { waitUntil: 'load', timeout: 10_000 });
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('shows an amber badge, not green, and the cases below their floor one click away', async () => {
      const badge = page.locator('.verdict');
      expect(await badge.innerText()).toBe('PASS WITH KNOWN FAILURES');
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 241, 194)');
      expect(await page.locator('.verdict-line').innerText()).toContain('; 3 soft cases below their floor (exit code 0)');
      const list = page.locator('#not-passing li');
      expect(await list.first().isVisible()).toBe(false);
      await page.locator('#not-passing summary').click();
      expect(await list.allInnerTexts()).toEqual(
        [0, 1, 2].map((i) => `soft-case-${i}@baseline below-floor soft: 1/5 passed (needs 4): wrong tool (4 samples)`),
      );
      // Every conformance area passes: with passing checks hidden, each is one heading line, no empty table.
      expect(await page.locator('table.checks').count()).toBeGreaterThan(0);
      expect(await page.locator('table.checks').evaluateAll((tables) => tables.every((t) => (t as HTMLElement).hidden))).toBe(true);
      if (process.env.MCPGATE_SCREENSHOT_DIR)
        await page.screenshot({ path: join(process.env.MCPGATE_SCREENSHOT_DIR, 'known-failures.png'), fullPage: true });
    });
  },
);

describe.skipIf(skip !== undefined)(`a failing gate's report in headless Chromium${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let browser: HeadlessChromium | undefined;
  let page: Page;
  let dir: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpgate-gate-html-'));
    // Through writeReports, so the page is what a run writes: masked first, then rendered.
    await writeReports(failingGateReport(), { html: join(dir, 'report.html') });
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.setContent(await readFile(join(dir, 'report.html'), 'utf8'), { waitUntil: 'load', timeout: 10_000 });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names the baseline run, its date and commit, and shows each failing item with its intervals', async () => {
    expect(await page.locator('h2#gate').innerText()).toBe(`Gate: against run ${BASELINE_RUN}`);
    const baseline = await page.locator('#gate-baseline').innerText();
    expect(baseline).toContain(BASELINE_RUN);
    expect(baseline).toContain('2026-07-30T08:00:00.000Z');
    expect(baseline).toContain(BASELINE_COMMIT);
    const row = page.locator('table.gate-items tr[data-verdict="fail"]', { hasText: 'case:weather-paris' });
    expect(await row.isVisible()).toBe(true);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(0, 7)).toEqual([
      'FAIL',
      `case:weather-paris@${MODEL}`,
      'soft',
      '19/20 95% [76.4%, 99.1%]',
      '10/20 50% [29.9%, 70.1%]',
      '[17.6, 65.5] points',
      'regression (server changed)',
    ]);
    // The passing items are one click away, the metric item carries its definition.
    expect(await page.locator('details.gate-passed table').isVisible()).toBe(false);
    const title = await page.locator('table.gate-items abbr').first().getAttribute('title');
    expect(title).toBe(
      `argumentAccuracy of model ${MODEL}: share of correctly selected samples with expected arguments that got every expected argument right`,
    );
  });

  it('shows the tool diff: removed, changed and added tools, the hostile name as inert text', async () => {
    const rows = page.locator('table.tool-diff tbody tr');
    expect(await rows.locator('td:first-child').allInnerTexts()).toEqual(['removed', 'changed', 'added']);
    expect(await rows.nth(0).locator('td').nth(1).innerText()).toBe('get_forecast_v1');
    const changed = await rows.nth(1).innerText();
    expect(changed).toContain('inputSchema /properties/units added');
    expect(changed).toContain('annotations /readOnlyHint true → false');
    const name = await rows.nth(2).locator('td').nth(1).innerText();
    expect(name).toBe('[REDACTED] \\u001b[31m<img src=x onerror=alert(1)>\\u202egnp.exe\\u200bPASS');
    expect(await page.locator('img, [onerror]').count()).toBe(0);
  });

  it('folds a failing case’s runs, and opened they show the tool call with its arguments, the MRTR round and the answer', async () => {
    const block = page.locator('details.trajectory').first();
    const args = block.locator('pre').first();
    expect(await args.isVisible()).toBe(false);
    await block.locator('summary').click();
    expect(await args.isVisible()).toBe(true);
    expect(await args.innerText()).toBe('{\n  "city": "[REDACTED] \\u001b[31m<img src=x onerror=alert(1)>\\u202egnp.exe\\u200bPASS"\n}');
    const sample = await block.locator('.sample').first().innerText();
    expect(sample).toContain('Run 11 of 20');
    expect(sample).toContain('and 9 more runs that did the same');
    expect(sample).toContain('unit-choice elicitation “Which units?” fields units → accept');
    expect(sample).toContain('It is 21 degrees in Paris.');
    expect(dialogs).toEqual([]);
  });

  it('folds the areas with nothing but skipped checks into their summary line, so layer 1 comes up early', async () => {
    const quiet = page.locator('details.area[data-quiet="true"]');
    const skipped = SKIPPED_AREAS.map((area) => [area, checkIds({ area, transport: 'http' }).length] as const);
    expect(await quiet.locator('summary').allInnerTexts()).toEqual(skipped.map(([area, n]) => `${area} ${n} checks, ${n} skipped`));
    expect(await quiet.evaluateAll((all) => all.every((d) => !(d as HTMLDetailsElement).open))).toBe(true);
    expect(await quiet.locator('table').first().isVisible()).toBe(false);
    // An area with a failure stays open.
    expect(await page.locator('.area', { hasText: FAILING_CHECK }).locator('table').isVisible()).toBe(true);
    // From the top of the page, whatever an earlier click scrolled.
    const top = () => page.locator('#behaviour').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const folded = await top();
    expect(folded).toBeLessThan(2400);
    if (process.env.MCPGATE_SCREENSHOT_DIR)
      await page.screenshot({ path: join(process.env.MCPGATE_SCREENSHOT_DIR, 'gate.png'), fullPage: true });
    await quiet.evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    // Unfolded, the skips would push layer 1 down by their rows.
    expect(skipped.reduce((n, [, count]) => n + count, 0)).toBeGreaterThan(15);
    expect(await top()).toBeGreaterThan(folded + 500);
  });
});
