/**
 * The HTML report of a failing run with all three layers, as headless Chromium shows it: the
 * failing eval cases with their reasons and the layer 2 section (scan findings, pin drift, fault
 * scenarios, injection, client) are rendered, visible and counted right.
 */

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../../src/report/html/index.js';
import type { Report } from '../../../src/report/model.js';
import { chromiumSkipReason, launchChromium, type HeadlessChromium } from '../../helpers/browser.js';
import { makeChaos, makeProbes } from '../../helpers/chaos-factory.js';
import { makeCase, makeEval, makeTelemetry } from '../../helpers/eval-factory.js';
import { makeCheck, makeReport } from '../../helpers/report-factory.js';

const GPT = 'openai:gpt-4.1-mini';

/** A `mcpgate run` of every layer: layer 0 passed, two case results below their floor, layer 2 failing. */
function failingRun(): Report {
  return makeReport([makeCheck({ id: 'discover.responds' }), makeCheck({ id: 'discover.supported-versions' }), ...makeProbes()], {
    eval: makeEval(
      [
        makeCase({ id: 'weather-paris', model: GPT, passes: 2, runs: 5 }),
        makeCase({ id: 'weather-paris', model: 'baseline', passes: 0, runs: 5 }),
        makeCase({ id: 'chit-chat', model: GPT }),
        makeCase({ id: 'chit-chat', model: 'baseline' }),
      ],
      { [GPT]: makeTelemetry(900, 0.12), baseline: makeTelemetry(3, null) },
    ),
    chaos: makeChaos(),
  });
}

const skip = chromiumSkipReason();

describe.skipIf(skip !== undefined)(`every layer in the HTML report, in headless Chromium${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let browser: HeadlessChromium;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.setContent(renderHtml(failingRun()), { waitUntil: 'load', timeout: 10_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the failing eval cases with pass rate and reason', async () => {
    expect(errors).toEqual([]);
    const failing = page.locator('table.cases tr[data-status="fail"]');
    expect(await failing.count()).toBe(2);
    const gpt = failing.filter({ hasText: GPT });
    expect(await gpt.isVisible()).toBe(true);
    expect(await gpt.innerText()).toMatch(/2\/5 \(needs 5\)[\s\S]*fail[\s\S]*wrong tool \(3 runs\)/);
  });

  it('shows layer 2: findings, drift, scenarios, injection and client, failures first', async () => {
    const section = page.locator('section[aria-labelledby="chaos"]');
    expect(await section.locator('h2').innerText()).toBe('Resilience and security (layer 2)');
    expect(await section.isVisible()).toBe(true);
    expect(await section.locator('tr[data-severity="high"]').count()).toBe(1);
    expect(await section.locator('tr[data-severity="medium"]').count()).toBe(1);
    expect(await section.locator('#chaos-pins + p').innerText()).toBe('drift tools.lock: 4 tools, 1 change.');
    const scenarioRows = section.locator('table.chaos').nth(2).locator('tbody tr');
    expect(await scenarioRows.count()).toBe(2);
    expect(await scenarioRows.first().getAttribute('data-status')).toBe('fail');
    expect(await scenarioRows.first().innerText()).toContain('fabricated: answered 18°C although the tool call failed (2 runs)');
    const injection = section.locator('tr', { hasText: 'override-in-weather' });
    expect(await injection.innerText()).toMatch(/tool-hijack via get_weather\s+2\/3 \(3 runs\)\s+fail/);
    expect(await section.locator('#chaos-client + p').innerText()).toContain(
      'fail re-issued-same-id: the client re-issued tools/call get_weather but reused id 7',
    );
    // The probes are checks: their area is part of the conformance section.
    expect(await page.locator('section[aria-labelledby="conformance"]').innerText()).toContain('robustness');
  });

  it('takes a screenshot of the whole page', async () => {
    const dir = process.env['MCPGATE_SCREENSHOT_DIR'] ?? (await mkdtemp(join(tmpdir(), 'mcpgate-html-layers-')));
    try {
      const file = join(dir, 'report-layers.png');
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
      const png = await readFile(file);
      expect(png.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } finally {
      if (!process.env['MCPGATE_SCREENSHOT_DIR']) await rm(dir, { recursive: true, force: true });
    }
  });
});
