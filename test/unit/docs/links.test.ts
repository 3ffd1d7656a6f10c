/**
 * Every relative link in README.md, docs/ and examples/README.md leads somewhere: to a file or folder
 * that exists and, for an `#anchor` into a Markdown page, to a heading of that page (GitHub's slugs).
 * Pages move; a link left pointing at the old place fails here instead of on a reader.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, deadLinks, githubSlug, type FileTree } from '../../helpers/markdown-links.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

const repository: FileTree = {
  read: (path) => {
    const file = join(ROOT, path);
    return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
  },
  exists: (path) => existsSync(join(ROOT, path)),
};

function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', 'examples/README.md', ...docs.sort()];
}

/** A tree held in memory: a folder exists when some file lies under it. */
function planted(files: Record<string, string>): FileTree {
  return {
    read: (path) => files[path],
    exists: (path) => path in files || Object.keys(files).some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`)),
  };
}

describe('Markdown links', () => {
  it('every relative link of README.md, examples/README.md and docs/**/*.md leads to a file, folder or heading that exists', () => {
    const checked = pages();
    expect(checked).toContain('docs/README.md');
    const dead = deadLinks(checked, repository).map((d) => `${d.page}:${d.line}: ${d.target}: ${d.why}`);
    expect(dead).toEqual([]);
  });

  it('reports a planted dead link, a dead anchor and a dead same-page anchor, and nothing inside code', () => {
    const tree = planted({
      'README.md': [
        '# Title',
        'See [the guide](docs/guide.md), [a gone page](docs/gone.md) and [checks](docs/guide.md#no-such-heading).',
        'Back to [the title](#title), on to [nowhere](#nowhere), into [a folder](docs/) and [out](../elsewhere.md).',
        '`[not a link](missing.md)`',
        '```md',
        '[not a link either](missing.md)',
        '# not a heading',
        '```',
        '[ref]: docs/also-gone.md',
      ].join('\n'),
      'docs/guide.md': '# Guide\n\n## `mcpgate bench`: load, latency\n',
    });
    expect(deadLinks(['README.md'], tree)).toEqual([
      { page: 'README.md', line: 2, target: 'docs/gone.md', path: 'docs/gone.md', why: 'no file docs/gone.md' },
      {
        page: 'README.md',
        line: 2,
        target: 'docs/guide.md#no-such-heading',
        path: 'docs/guide.md',
        why: 'no heading of docs/guide.md has the anchor #no-such-heading',
      },
      { page: 'README.md', line: 3, target: '#nowhere', path: 'README.md', why: 'no heading of README.md has the anchor #nowhere' },
      { page: 'README.md', line: 3, target: '../elsewhere.md', path: '../elsewhere.md', why: 'leads out of the repository' },
      { page: 'README.md', line: 9, target: 'docs/also-gone.md', path: 'docs/also-gone.md', why: 'no file docs/also-gone.md' },
    ]);
  });

  it('slugs headings as GitHub does: code spans kept, punctuation dropped, each space a hyphen, repeats numbered', () => {
    expect(githubSlug('`mcpgate bench`: load, latency and the statelessness probe')).toBe(
      'mcpgate-bench-load-latency-and-the-statelessness-probe',
    );
    expect(githubSlug('From a score to a fix: `overlap`, `--descriptions`, `improve`')).toBe(
      'from-a-score-to-a-fix-overlap---descriptions-improve',
    );
    expect(githubSlug('Time, Ctrl-C and memory')).toBe('time-ctrl-c-and-memory');
    expect(githubSlug('MRTR input requests (layers 1 and 2)')).toBe('mrtr-input-requests-layers-1-and-2');
    expect(githubSlug('`max_drop` and [the gate](gate.md)')).toBe('max_drop-and-the-gate');
    expect([...anchorsOf('# Run\n## Run\n## Run\n<a id="kept"></a>')]).toEqual(['run', 'run-1', 'run-2', 'kept']);
  });
});
