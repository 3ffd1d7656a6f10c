/**
 * `mcpgate view` over a history made by three real `mcpgate run`s (helpers/view-history.ts): Monday
 * the baseline, Tuesday a model drift, Wednesday a changed server and the same wrong picks. Its
 * URL, token and methods over HTTP; then, in headless Chromium, the runs list, a past run, a run
 * against its baseline (the regressed case with its intervals, the drift label and the tool diff),
 * two runs picked in the list, a case over time with a failing run beside a passing one, the
 * confusions over time; the exported folder opened from file://; and Ctrl-C.
 */

import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumSkipReason, launchChromium, type HeadlessChromium } from '../../helpers/browser.js';
import { runCli } from '../../helpers/cli.js';
import { referenceHistory, SCRIPTED, type BuiltHistory } from '../../helpers/view-history.js';
import { startViewer, URL_LINE, watchPage, type PageWatch, type Viewer } from '../../helpers/viewer.js';

const BUILD_TIMEOUT_MS = 6 * 60_000;
const REGRESSED = `case:invoices-for-customer@${SCRIPTED}`;

let built: BuiltHistory;
let viewer: Viewer;

beforeAll(async () => {
  built = await referenceHistory();
  viewer = await startViewer(['--history-dir', built.history]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await viewer?.stop('SIGKILL');
});

describe('the server', () => {
  it('prints its URL alone on one line of stdout: 127.0.0.1 and a 256-bit token', () => {
    expect(viewer.stdout()).toMatch(new RegExp(`^${URL_LINE.source.slice(1, -1)}\\n$`));
    expect(viewer.stderr()).toContain('3 runs of');
  });

  it('says in one line what to do about a missing history or a port in use (exit 2)', async () => {
    const missing = await runCli(['view', '--history-dir', join(tmpdir(), 'mcpgate-no-such-history')]);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toMatch(
      /^mcpgate: no run history in \S+mcpgate-no-such-history: mcpgate run records one there \(history\.dir\), or pass --history-dir\n$/,
    );
    const taken = await runCli(['view', '--history-dir', built.history, '--port', new URL(viewer.url).port]);
    expect(taken.code).toBe(2);
    expect(taken.stderr.trim().split('\n').at(-1)).toBe(
      `mcpgate: cannot listen on 127.0.0.1:${new URL(viewer.url).port} (EADDRINUSE): pass another --port, or --port 0 for a free one`,
    );
  });

  it('refuses every request without the token with 403, pages and anything else alike', async () => {
    const { origin, pathname } = new URL(viewer.url);
    const token = pathname.split('/')[1]!;
    const [, , a] = built.runIds;
    const paths = [
      '/',
      '/index.html',
      `/run/${a}.html`,
      '/favicon.ico',
      '/style.css',
      // One character other than the token's last (a token ending in 0 made "…0" the token itself).
      `/${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}/`,
      `/${token.toUpperCase()}/`,
      `/x/${token}/`,
      `/${token}x/`,
    ];
    for (const path of paths) {
      const response = await fetch(`${origin}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.text()).not.toContain('<');
    }
    const post = await fetch(`${origin}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(403);
  });

  it('is read-only: other methods than GET and HEAD get 405; an unknown page 404; HEAD no body', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(viewer.url, { method, body: method === 'DELETE' ? null : '{}' });
      expect({ method, status: response.status, allow: response.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow: 'GET, HEAD',
      });
    }
    expect((await fetch(`${viewer.url}run/0123456789abcdef.html`)).status).toBe(404);
    expect((await fetch(`${viewer.url}secret.json`)).status).toBe(404);
    const head = await fetch(viewer.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const page = await fetch(viewer.url);
    expect(page.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+';.*frame-ancestors 'none'$/,
    );
    expect(page.headers.get('cache-control')).toBe('no-store');
  });
});

const skip = chromiumSkipReason();

describe.skipIf(skip !== undefined)(`the pages in headless Chromium${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let browser: HeadlessChromium;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    watch = watchPage(page);
  });
  afterAll(async () => browser?.close());

  /** Nothing but the viewer's own pages was requested, and nothing complained. */
  function quiet(origin: string): void {
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
    expect(watch.requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  }

  it('lists every run newest first, marks the baseline and why, and filters by verdict and model', async () => {
    const [a, b, c] = built.runIds;
    await page.goto(viewer.url);
    const rows = page.locator('#view-runs tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-run')))).toEqual([c, b, a]);
    const baseline = page.locator(`#view-runs tr[data-run="${a}"] .mark`);
    expect(await baseline.innerText()).toBe('baseline');
    expect(await page.locator(`#view-runs tr[data-run="${a}"]`).innerText()).toContain('the last green run');
    expect(await page.locator(`#view-runs tr[data-run="${c}"] .mark`).count()).toBe(0);
    expect(await page.locator('#view-baselines + p + ul li').innerText()).toContain(`with models baseline, ${SCRIPTED}: ${a}`);

    await page.selectOption('select[data-filter="verdict"]', 'fail');
    expect(await page.locator('#view-runs tbody tr:visible').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-run')))).toEqual([
      c,
      b,
    ]);
    expect(await page.locator('#view-shown').innerText()).toBe('2');
    await page.selectOption('select[data-filter="verdict"]', 'pass');
    expect(await page.locator('#view-runs tbody tr:visible').count()).toBe(1);
    await page.selectOption('select[data-filter="verdict"]', '');
    await page.selectOption('select[data-filter="models"]', SCRIPTED);
    expect(await page.locator('#view-runs tbody tr:visible').count()).toBe(3);
    quiet(new URL(viewer.url).origin);
  });

  it("opens a past run: the HTML report's content, rendered again from the stored report", async () => {
    const [a] = built.runIds;
    await page.goto(viewer.url);
    await page.click(`#view-runs tr[data-run="${a}"] a[href$="run/${a}.html"]`);
    expect(page.url()).toBe(`${viewer.url}run/${a}.html`);
    expect(await page.locator('header h1').innerText()).toBe('mcpgate report');
    expect(await page.locator('.verdict-line').innerText()).toContain(built.reports[0]!.verdict.reason);
    expect(await page.locator('table.cases tbody tr').count()).toBe(10);
    expect(await page.locator('#conformance').count()).toBe(1);
    // The report's own script works inside the viewer's page.
    await page.locator('#show-passing').check();
    expect(await page.locator('table.checks tr[data-status="pass"]').first().isVisible()).toBe(true);
    quiet(new URL(viewer.url).origin);
  });

  it('compares a run with its baseline: the regressed case with its Wilson intervals, labelled, and the tool diff', async () => {
    const [a, , c] = built.runIds;
    await page.goto(viewer.url);
    await page.click(`#view-runs tr[data-run="${c}"] a[href$="compare/${c}.html"]`);
    expect(await page.locator('main p').first().innerText()).toContain(`Before: ${a}`);
    const finding = page.locator('table.gate-items tr[data-verdict="fail"]', { hasText: REGRESSED });
    expect(await finding.locator('td').allInnerTexts()).toEqual([
      'FAIL',
      REGRESSED,
      'soft',
      '5/5 100% [56.6%, 100%]',
      '1/5 20% [3.6%, 62.4%]',
      '[19.3, 96.4] points',
      'regression (server changed)',
      expect.stringContaining('pass rate dropped 100% -> 20%'),
    ]);
    const diff = page.locator('table.tool-diff tr[data-change="changed"]');
    expect(await diff.count()).toBe(1);
    expect(await diff.innerText()).toContain('convert_currency');
    expect(await diff.innerText()).toContain('inputSchema /properties/amount/x-mcp-header added "Amount"');
    const line = page.locator(`table.view-cases tr[data-case="invoices-for-customer@${SCRIPTED}"]`);
    expect(await line.getAttribute('data-decision')).toBe('fail');
    expect(await page.locator('table.view-cases tbody tr').first().getAttribute('data-case')).toBe(`invoices-for-customer@${SCRIPTED}`);
    expect(await page.locator('table.view-config tr.changed th').allInnerTexts()).toEqual(['tools changed', 'started changed']);
    expect(await page.locator('table.view-checks tr[data-check="tools.x-mcp-header"]').innerText()).toMatch(/MUST\s+pass\s+fail\s+FAIL/);
    quiet(new URL(viewer.url).origin);
  });

  it('compares two runs picked in the list; the drop with the server unchanged is labelled model drift', async () => {
    const [a, b] = built.runIds;
    await page.goto(viewer.url);
    await page.click('#view-compare');
    expect(await page.locator('#view-compare-note').innerText()).toBe('pick a run in each column first');
    await page.check(`input[name="view-before"][value="${a}"]`);
    await page.check(`input[name="view-after"][value="${b}"]`);
    await page.click('#view-compare');
    await page.waitForURL(`${viewer.url}compare/${a}-${b}.html`);
    const finding = page.locator('table.gate-items tr[data-verdict="fail"]', { hasText: REGRESSED });
    expect(await finding.locator('td').nth(6).innerText()).toBe('model drift (server unchanged)');
    expect(await page.locator('#tool-surface + p').innerText()).toContain('Server fingerprint unchanged since the baseline');
    quiet(new URL(viewer.url).origin);
  });

  it('shows a case over time: a rate per run, the baseline, the model drift, and a failing run beside a passing one', async () => {
    const [a, b, c] = built.runIds;
    await page.goto(`${viewer.url}compare/${c}.html`);
    await page.click(`table.view-cases tr[data-case="invoices-for-customer@${SCRIPTED}"] th a`);
    expect(await page.locator('h1').innerText()).toBe('Case invoices-for-customer');
    const table = page.locator('table.view-case', { hasText: SCRIPTED });
    expect(await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-run')))).toEqual([c, b, a]);
    expect(await table.locator(`tr[data-run="${b}"]`).getAttribute('data-drop')).toBe('model-drift');
    expect(await table.locator(`tr[data-run="${b}"]`).innerText()).toContain('1/5 20% [3.6%, 62.4%]');
    expect(await table.locator(`tr[data-run="${c}"]`).innerText()).toContain('server changed');
    expect(await table.locator(`tr[data-run="${a}"] .mark`).innerText()).toBe('baseline');
    const chart = await page
      .locator(`svg[aria-label^="pass rate over time of invoices-for-customer with ${SCRIPTED}"]`)
      .getAttribute('aria-label');
    expect(chart).toMatch(/: 100%, 20%, 20%$/);

    const failing = page.locator('.side-by-side .failing').last();
    const passing = page.locator('.side-by-side .passing').last();
    expect(await failing.locator(':scope > h4').innerText()).toContain(c!);
    expect(await failing.innerText()).toContain('called lookup_customer, expected search_invoices');
    expect(await failing.locator('ol.steps code').first().innerText()).toBe('lookup_customer');
    expect(await failing.locator('ol.steps pre').first().innerText()).toContain('"customer_id": "CUS-002"');
    expect(await passing.locator('.st').first().innerText()).toBe('pass');
    expect(await passing.locator('ol.steps code').first().innerText()).toBe('search_invoices');
    const [left, right] = [await failing.boundingBox(), await passing.boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    quiet(new URL(viewer.url).origin);
  });

  it('shows the confusions over time: which tool instead of which, per model, since when', async () => {
    const [, b] = built.runIds;
    await page.goto(`${viewer.url}confusions.html`);
    const row = page.locator(`tr[data-model="${SCRIPTED}"][data-expected="search_invoices"][data-chosen="lookup_customer"]`);
    expect(await row.count()).toBe(1);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[3]).toContain(b!);
    expect(cells[5]).toBe('2 of 3');
    expect(cells[6]).toBe('4 of 25');
    expect(cells[8]).toBe('invoices-for-customer');
    quiet(new URL(viewer.url).origin);
  });

  it('exports the pages as a folder that opens from file:// with nothing requested outside it', async () => {
    const [a, , c] = built.runIds;
    const out = mkdtempSync(join(tmpdir(), 'mcpgate-view-export-'));
    const exported = await runCli(['view', '--history-dir', built.history, '--export', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readdirSync(join(out, 'run')).sort()).toEqual([...built.runIds].sort().map((id) => `${id}.html`));
    const local = await browser.context.newPage();
    const seen = watchPage(local);
    const top = pathToFileURL(out).href;
    await local.goto(`${top}/index.html`);
    expect(await local.locator('#view-runs tbody tr').count()).toBe(3);
    expect(await local.locator('#view-compare').count()).toBe(0);
    await local.click(`#view-runs tr[data-run="${c}"] a[href$="compare/${c}.html"]`);
    expect(await local.locator('table.gate-items tr[data-verdict="fail"]', { hasText: REGRESSED }).count()).toBe(1);
    await local.click(`main p a[href$="run/${a}.html"]`);
    expect(await local.locator('header h1').innerText()).toBe('mcpgate report');
    await local.click('nav.view-nav a[href="../confusions.html"]');
    expect(await local.locator('table.view-confusions tbody tr').count()).toBe(1);
    expect(seen.errors).toEqual([]);
    expect(seen.requests.filter((url) => !url.startsWith(`${top}/`) && !url.startsWith('data:'))).toEqual([]);
    await local.close();
  });
});

describe('the end', () => {
  it('Ctrl-C ends the viewer at once with exit code 130', async () => {
    expect(await viewer.stop('SIGINT')).toEqual({ code: 130, signal: null });
  });
});
