/**
 * A hostile server seen through `mcpgate view`: tool names, titles, descriptions, schemas, results,
 * the server's name, a case id and a baseline reason carry `<script>`, event handlers, `javascript:`
 * links, markup that closes what it lands in, and terminal escapes (fixtures/hostile/markup-server.ts).
 * Two real runs are recorded; every page the viewer has, served and exported, is opened in Chromium:
 * none of it may run (no dialog, no `window.__pwned`, no refusal by the policy either), and each
 * page's HTML holds no element or attribute that came from the server.
 */

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumSkipReason, launchChromium, type HeadlessChromium } from '../../helpers/browser.js';
import { runCli } from '../../helpers/cli.js';
import { HOSTILE_CASE, HOSTILE_REASON, markupHistory, type BuiltHistory } from '../../helpers/view-history.js';
import { startViewer, watchPage, type Viewer } from '../../helpers/viewer.js';
import { MARKUP, MARKUP_TOOL, SCRIPT_TOOL } from '../../fixtures/hostile/markup-text.js';
import { PAGE_SCRIPT } from '../../../src/view/page.js';

const BUILD_TIMEOUT_MS = 6 * 60_000;

let built: BuiltHistory;
let viewer: Viewer;

beforeAll(async () => {
  built = await markupHistory();
  viewer = await startViewer(['--history-dir', built.history]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await viewer?.stop('SIGKILL');
});

/** Every page the viewer has for this history: the lists, each run, each comparison, each case. */
async function allPages(): Promise<string[]> {
  const [a, b] = built.runIds;
  const cases = await (await fetch(`${viewer.url}cases.html`)).text();
  const keys = [...cases.matchAll(/href="case\/([0-9a-f]{16})\.html"/g)].map((m) => m[1]!);
  expect(keys).toHaveLength(4);
  return [
    '',
    'cases.html',
    'confusions.html',
    ...built.runIds.flatMap((id) => [`run/${id}.html`, `compare/${id}.html`]),
    `compare/${a}-${b}.html`,
    `compare/${b}-${a}.html`,
    ...keys.map((k) => `case/${k}.html`),
  ];
}

/** The elements mcpgate writes on a page: the report's and the viewer's markup, and the charts' SVG. */
const OWN_ELEMENTS = new Set(
  (
    'html head meta link title style body nav main script a span div p h1 h2 h3 h4 section header details summary ul ol li ' +
    'table caption thead tbody tr th td code pre dl dt dd label select option input button figure figcaption abbr br ' +
    'svg g rect text line polyline circle'
  ).split(' '),
);

/**
 * What in a page's HTML did not come from mcpgate: an element it never writes, an event handler, a
 * link that is not relative, a page anchor, data: or http(s), or a script besides its own. Text from
 * the server is escaped, so every `<` left in the HTML opens an element mcpgate wrote.
 */
function markupProblems(html: string): string[] {
  const problems: string[] = [];
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  if (scripts.length !== 1 || scripts[0] !== PAGE_SCRIPT) problems.push(`scripts: ${scripts.length}, not the page's own`);
  const markup = html.replace(/<script>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>/g, '').replace(/"[^"]*"/g, '""');
  for (const [tag, name = '', attributes = ''] of markup.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!OWN_ELEMENTS.has(name.toLowerCase())) problems.push(tag);
    if (/\son\w*\s*=/i.test(attributes)) problems.push(tag);
  }
  for (const [, href = ''] of html.matchAll(/\shref="([^"]*)"/g))
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^(https?:|data:)/i.test(href)) problems.push(`href ${href}`);
  return problems;
}

describe('every page of the viewer over a hostile server', () => {
  it('holds the server text as escaped text only: no element, attribute or link of its own', async () => {
    for (const path of await allPages()) {
      const response = await fetch(`${viewer.url}${path}`);
      const html = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect({ path, problems: markupProblems(html) }).toEqual({ path, problems: [] });
    }
  });
});

const skip = chromiumSkipReason();

describe.skipIf(skip !== undefined)(`in headless Chromium${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let browser: HeadlessChromium;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
  });
  afterAll(async () => browser?.close());

  async function inert(target: Page, url: string, origin: string): Promise<void> {
    const watch = watchPage(target);
    await target.goto(url);
    // Pointer and focus on every element: a handler that slipped through would fire now.
    await target.evaluate(() => {
      for (const element of Array.from(document.querySelectorAll('*'))) {
        for (const type of ['mouseover', 'mouseenter', 'focus']) element.dispatchEvent(new Event(type, { bubbles: true }));
      }
    });
    expect({ url, pwned: await target.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned) }).toEqual({
      url,
      pwned: undefined,
    });
    expect({ url, errors: watch.errors, dialogs: watch.dialogs }).toEqual({ url, errors: [], dialogs: [] });
    // The document as Chromium parsed it: only mcpgate's elements, no handler, no script link.
    const foreign = await target.evaluate(
      (own) => {
        const found: string[] = [];
        for (const element of Array.from(document.querySelectorAll('*'))) {
          if (!own.includes(element.localName)) found.push(element.localName);
          for (const attribute of Array.from(element.attributes))
            if (attribute.name.startsWith('on')) found.push(`${element.localName}[${attribute.name}]`);
          const href = element.getAttribute('href');
          if (href && /^\s*javascript:/i.test(href)) found.push(`${element.localName}[href=${href}]`);
        }
        return found;
      },
      [...OWN_ELEMENTS],
    );
    expect({ url, foreign }).toEqual({ url, foreign: [] });
    expect({ url, scripts: await target.locator('script').count() }).toEqual({ url, scripts: 1 });
    expect({ url, outside: watch.requests.filter((r) => !r.startsWith(origin) && !r.startsWith('data:')) }).toEqual({ url, outside: [] });
    target.removeAllListeners();
  }

  it('runs nothing on any served page, and shows the names as the server sent them', async () => {
    const origin = new URL(viewer.url).origin;
    for (const path of await allPages()) await inert(page, `${viewer.url}${path}`, origin);

    await page.goto(`${viewer.url}compare/${built.runIds[1]}.html`);
    expect(await page.locator('#gate-baseline').innerText()).toContain(HOSTILE_REASON);
    const changed = page.locator('table.tool-diff tr[data-change="changed"]');
    expect(await changed.locator('code').first().innerText()).toBe('weather');
    // The description shown as the diff quotes it (JSON): the script element is there, as text.
    expect(await changed.innerText()).toContain(MARKUP.slice(0, MARKUP.indexOf('</script>') + 9));
    await page.goto(`${viewer.url}run/${built.runIds[1]}.html`);
    expect(await page.locator('main').innerText()).toContain(SCRIPT_TOOL);
    await page.goto(`${viewer.url}confusions.html`);
    expect(await page.locator('table.view-confusions tbody tr td:nth-child(3)').innerText()).toBe(MARKUP_TOOL);
    await page.goto(viewer.url);
    expect(await page.locator('h1').innerText()).toBe('Runs');
    const server = await page.locator('#view-runs tbody tr').first().getAttribute('data-server');
    await page.selectOption('select[data-filter="server"]', server!);
    expect(await page.locator('#view-runs tbody tr:visible').count()).toBe(2);
  });

  it('runs nothing on any exported page opened from file://', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcpgate-view-hostile-'));
    const exported = await runCli(['view', '--history-dir', built.history, '--export', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const top = pathToFileURL(out).href;
    const files = [
      'index.html',
      'cases.html',
      'confusions.html',
      ...['run', 'compare', 'case'].flatMap((d) => readdirSync(join(out, d)).map((f) => `${d}/${f}`)),
    ];
    expect(files.length).toBe(3 + 2 + 2 + 4);
    for (const file of files) {
      expect({ file, problems: markupProblems(readFileSync(join(out, file), 'utf8')) }).toEqual({ file, problems: [] });
      await inert(page, `${top}/${file}`, `${top}/`);
    }
    await page.goto(`${top}/index.html`);
    expect(await page.locator('main').innerText()).toContain(HOSTILE_REASON);
    await page.goto(`${top}/cases.html`);
    expect(await page.locator('table.view-case-list th code').allInnerTexts()).toContain(HOSTILE_CASE);
  });
});
