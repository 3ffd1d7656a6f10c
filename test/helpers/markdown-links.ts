/**
 * Relative links in Markdown pages, and the ones that lead nowhere: a path that does not exist, or an
 * `#anchor` that names no heading of the Markdown page it points into. Anchors follow GitHub's slug
 * rules (github-slugger): the heading's rendered text in lower case, every character but letters,
 * digits, marks, `-`, `_` and spaces removed, each space a `-`, and `-1`, `-2`… for repeats. Links and
 * headings inside fenced code blocks and code spans are not links or headings, and are skipped.
 */

import { dirname, join, normalize } from 'node:path';

/** The files a check may look at, relative to one root: tests hand in a planted tree. */
export interface FileTree {
  /** Text of a file, undefined when there is no such file (a folder is not a file). */
  read(path: string): string | undefined;
  /** A file or folder at that path. */
  exists(path: string): boolean;
}

export interface DeadLink {
  /** The page holding the link, and its line (1-based). */
  page: string;
  line: number;
  target: string;
  /** The file the link resolves to, from the tree's root. */
  path: string;
  why: string;
}

const FENCE = /^\s*(```|~~~)/;
const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;
const HTML_ANCHOR = /<a\s+(?:name|id)="([^"]+)"/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** Each line outside fenced code blocks, with its number. */
function proseLines(text: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const marker = FENCE.exec(raw)?.[1];
    if (marker && (fence === undefined || fence === marker)) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line: index + 1, text: raw });
  });
  return lines;
}

const withoutCodeSpans = (line: string): string => line.replace(/(`+)[^`]*?\1/g, '');

/** A heading's text as GitHub renders it: code spans keep their content, links their text, emphasis goes. */
function renderedText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*/g, '');
}

export function githubSlug(heading: string): string {
  return renderedText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (repeats numbered) and explicit `<a id>`/`<a name>`. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const repeats = seen.get(slug) ?? 0;
      seen.set(slug, repeats + 1);
      anchors.add(repeats === 0 ? slug : `${slug}-${repeats}`);
    }
    for (const match of line.matchAll(HTML_ANCHOR)) anchors.add(match[1]!);
  }
  return anchors;
}

/** The relative link targets of a page, with their lines. */
export function relativeLinks(text: string): Array<{ line: number; target: string }> {
  const links: Array<{ line: number; target: string }> = [];
  for (const { line, text: raw } of proseLines(text)) {
    const prose = withoutCodeSpans(raw);
    const targets = [...prose.matchAll(INLINE_LINK)].map((m) => m[1]!);
    const definition = REFERENCE_DEFINITION.exec(prose)?.[1];
    if (definition) targets.push(definition);
    for (const target of targets) if (!SCHEME.test(target)) links.push({ line, target });
  }
  return links;
}

/** Every relative link of `pages` (paths from the tree's root) that leads nowhere. */
export function deadLinks(pages: readonly string[], tree: FileTree): DeadLink[] {
  const dead: DeadLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (path: string): Set<string> => {
    let anchors = anchorCache.get(path);
    if (!anchors) anchorCache.set(path, (anchors = anchorsOf(tree.read(path) ?? '')));
    return anchors;
  };
  for (const page of pages) {
    const text = tree.read(page);
    if (text === undefined) throw new Error(`${page} is not a file`);
    for (const { line, target } of relativeLinks(text)) {
      const hash = target.indexOf('#');
      const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const path = pathPart === '' ? page : normalize(join(dirname(page), pathPart));
      if (path.startsWith('..')) dead.push({ page, line, target, path, why: 'leads out of the repository' });
      else if (!tree.exists(path)) dead.push({ page, line, target, path, why: `no file ${path}` });
      else if (anchor !== undefined && path.endsWith('.md') && !anchorsIn(path).has(anchor)) {
        dead.push({ page, line, target, path, why: `no heading of ${path} has the anchor #${anchor}` });
      }
    }
  }
  return dead;
}
