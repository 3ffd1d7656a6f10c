/**
 * What a server's text can do to the person who reads mcpgate's output, terminal or file: escape
 * sequences (colours, OSC 52 clipboard writes, OSC 8 links, the C1 CSI), bidi overrides, invisible
 * characters that hide an instruction in a name (the tag block, U+061C, U+00AD, U+FFF9-FFFB, U+034F,
 * variation selectors), lone UTF-16 surrogates that make a JSON or SARIF file invalid Unicode, and
 * bare URLs that GitHub turns into links in a summary. The server is test/fixtures/hostile/escapes-server.ts;
 * every command below is the built CLI run against it.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGoldenSet } from '../../../src/behavior/golden/index.js';
import { md } from '../../../src/report/markdown-text.js';
import { esc } from '../../../src/report/html/escape.js';
import { jsonText } from '../../../src/report/json-text.js';
import { safe } from '../../../src/report/terminal-escape.js';
import { HIDDEN_WEATHER, HOSTILE, HOSTILE_LOOKUP } from '../../fixtures/hostile/escapes-text.js';
import { ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { everyFormat } from '../../helpers/formats.js';

const SERVER = `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/hostile/escapes-server.js')}"`;

/**
 * Raw in a file or on a terminal, each of these acts instead of showing: C0 controls but newline and
 * tab, DEL, C1 controls, bidi controls, zero-width and other invisible characters, the tag block, and
 * lone surrogates (as characters; a JSON `\ud800` escape of one is checked on the parsed value).
 */
const RAW =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\ufff9-\ufffb\ud800-\udfff\u{e0000}-\u{e007f}]/u;

function rawCharacters(text: string): string[] {
  return [...text.matchAll(new RegExp(RAW.source, 'gu'))].map((m) => `U+${m[0].codePointAt(0)!.toString(16).toUpperCase()}`);
}

/** Every string and key of parsed JSON that holds a lone surrogate. */
function illFormed(value: unknown, path = '$'): string[] {
  const lone = /[\ud800-\udfff]/u;
  if (typeof value === 'string') return lone.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => illFormed(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [...(lone.test(k) ? [`${path} key`] : []), ...illFormed(v, `${path}.${k}`)]);
  return [];
}

/** The bytes of a file as a strict reader takes them: invalid UTF-8 throws. */
function strictText(file: string): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
}

describe('golden draft and init write files a person can open safely, and that still load', () => {
  it('golden draft: no raw control, bidi or invisible character; the names visible as escapes; the set loads with every name intact', async () => {
    const out = join(tempDir(), 'tasks.yaml');
    const run = await runCli(['golden', 'draft', '--stdio', SERVER, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const text = strictText(out);
    expect(rawCharacters(text)).toEqual([]);
    expect(rawCharacters(run.stdout)).toEqual([]);
    // Visible: in comments as the terminal shows them, in values as YAML escapes.
    expect(text).toContain('# weat\\u{E0069}\\u{E0067}');
    expect(text).toContain('expect_tool: "weat\\U000e0069\\U000e0067');
    expect(text).toContain('\\u{1B}]52;c;');
    expect(text).toContain('\\u{9B}2J\\u{202E}gnp.exe');
    const golden = loadGoldenSet(out);
    const expected = golden.cases.flatMap((c) => (c.expect.kind === 'tool' ? [c.expect.tool] : []));
    expect(expected).toEqual(expect.arrayContaining(['weather', HIDDEN_WEATHER, HOSTILE_LOOKUP]));
  });

  it('init: tasks.yaml, rubric.md and mcpgate.yaml carry no raw control, bidi or invisible character, and the set loads', async () => {
    const dir = tempDir();
    const run = await runCli(['init', '--stdio', SERVER, '--dir', dir]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const file of ['golden/tasks.yaml', 'golden/rubric.md', 'mcpgate.yaml']) {
      const text = strictText(join(dir, file));
      expect({ file, raw: rawCharacters(text) }).toEqual({ file, raw: [] });
    }
    expect(strictText(join(dir, 'golden/rubric.md'))).toContain(`## weat\\u{E0069}\\u{E0067}`);
    const expected = loadGoldenSet(join(dir, 'golden/tasks.yaml')).cases.flatMap((c) => (c.expect.kind === 'tool' ? [c.expect.tool] : []));
    expect(expected).toEqual(expect.arrayContaining([HIDDEN_WEATHER, HOSTILE_LOOKUP]));
  });
});

describe('invisible characters are shown as escapes in every output', () => {
  const INVISIBLE = ['\u{E0041}', '\u{E007F}', '\u061c', '\u00ad', '\ufff9', '\ufffa', '\ufffb', '\u034f', '\ufe00', '\ufe0f'];

  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    '%s: the terminal, Markdown, HTML and JSON show it, none writes it raw',
    (_name, c) => {
      const text = `weat${c}her`;
      for (const out of [safe(text), md(text), esc(text), jsonText({ name: text })]) expect(rawCharacters(out)).toEqual([]);
      expect(safe(text)).toBe(`weat\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}her`);
      expect(JSON.parse(jsonText({ name: text }))).toEqual({ name: text });
    },
  );

  it('overlap tells the twin from "weather" on the terminal and in --json', async () => {
    const run = await runCli(['overlap', '--stdio', SERVER]);
    expect(run.code).toBe(0);
    expect(rawCharacters(run.stdout)).toEqual([]);
    expect(run.stdout).toContain('weather ~ weat\\u{E0069}\\u{E0067}\\u{E006E}');
    const json = await runCli(['overlap', '--stdio', SERVER, '--json']);
    expect(rawCharacters(json.stdout)).toEqual([]);
    const pairs = (JSON.parse(json.stdout) as { pairs: Array<{ tools: string[] }> }).pairs;
    expect(pairs.some((p) => p.tools.includes('weather') && p.tools.includes(HIDDEN_WEATHER))).toBe(true);
  });
});

describe('reports from a server that sends lone surrogates are valid Unicode', () => {
  it('every format of the registry decodes with a strict UTF-8 reader; JSON and SARIF parse with no lone surrogate left', async () => {
    const { args, files } = everyFormat(tempDir());
    const run = await runCli(['check', '--stdio', SERVER, ...args]);
    expect(run.code).toBe(1);
    expect(rawCharacters(run.stdout)).toEqual([]);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(5);
    for (const [format, file] of Object.entries(files)) {
      const text = strictText(file);
      expect({ format, raw: rawCharacters(text) }).toEqual({ format, raw: [] });
    }
    for (const file of [files.json, files.sarif]) expect(illFormed(JSON.parse(strictText(file)))).toEqual([]);
    // The replacement character stands where the server sent a lone surrogate.
    expect(JSON.stringify(JSON.parse(strictText(files.json)))).toContain('lone \ufffd high and \ufffd low');
  });
});

/*
 * GitHub links `http://`, `https://` (and `ftp://`) URLs and `www.` hosts in text by itself, at parse
 * time (cmark-gfm's autolink extension) and in a later pass over text after escapes are resolved; neither
 * looks inside a code span. So: what is left once code spans are taken out and escapes resolved must
 * hold none of them.
 */
function linkableOutsideCode(markdown: string): string[] {
  const text = markdown
    // mcpgate's own links to the spec are links on purpose.
    .replace(/\]\(https:\/\/modelcontextprotocol\.io\/[^)\s]*\)/g, ']')
    .replace(/\\[\\`]/g, ' ')
    .replace(/(`+)[^`]*?\1/g, ' ')
    .replace(/\\(.)/g, '$1')
    .replace(/&#?\w+;/g, ' ');
  return [...text.matchAll(/(?:https?|ftp):\/\/\S*|www\.\S*/gi)].map((m) => m[0]);
}

describe('bare URLs and www. hosts from a server are not links in the Markdown summary', () => {
  it('the server name in the summary keeps its URLs as code spans', async () => {
    const dir = tempDir();
    const file = join(dir, 'summary.md');
    await runCli(['check', '--stdio', SERVER, '--markdown', file]);
    const markdown = strictText(file);
    expect(markdown).toContain('`https://evil.example/login`');
    expect(markdown).toContain('`www.evil.example`');
    expect(linkableOutsideCode(markdown)).toEqual([]);
  });

  it('md() makes every prefix GitHub links into code, wherever it starts, in either case', () => {
    const text = `a HTTPS://x.example/p|q (www.y.example) 1http://z.example WWW.w.example ftp://f.example/ \`https://in.example\` ${HOSTILE}`;
    const shown = md(text, 2000);
    expect(linkableOutsideCode(shown)).toEqual([]);
    expect(shown).toContain('`HTTPS://x.example/p`\\|q');
    expect(shown).toContain('(`www.y.example)`');
  });
});
