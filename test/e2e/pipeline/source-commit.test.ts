/**
 * The commit a run records (report.commit), which the gate section names for its baseline: the CI's
 * variable first, else git in mcpgate.yaml's folder, and nothing when neither knows. Only a hex object
 * name is kept, whatever a variable holds.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceCommit } from '../../../src/pipeline/source-commit.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpgate-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** No CI variable and no git configuration of the machine's user leaks in. */
const bare: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' };

let made: { config: string; head: string } | undefined;

function repoWithOneCommit(): { config: string; head: string } {
  if (made) return made;
  const repo = join(dir, 'repo');
  mkdirSync(join(repo, 'ci'), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: repo,
      env: {
        ...bare,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.invalid',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.invalid',
      },
      encoding: 'utf8',
    });
  git('init', '-q');
  writeFileSync(join(repo, 'ci', 'mcpgate.yaml'), 'server:\n  url: http://127.0.0.1:1/mcp\n');
  git('add', '.');
  git('commit', '-q', '-m', 'one');
  made = { config: join(repo, 'ci', 'mcpgate.yaml'), head: git('rev-parse', 'HEAD').trim() };
  return made;
}

describe('sourceCommit', () => {
  it('takes the CI variable, lower-cased, before git', () => {
    const { config } = repoWithOneCommit();
    expect(sourceCommit(config, { ...bare, GITHUB_SHA: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01' })).toBe(
      'abcdef0123456789abcdef0123456789abcdef01',
    );
    expect(sourceCommit(config, { ...bare, CI_COMMIT_SHA: '  0123abc\n' })).toBe('0123abc');
  });

  it("asks git in the config file's folder (a subfolder of the repository) when no variable is set", () => {
    const { config, head } = repoWithOneCommit();
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(sourceCommit(config, bare)).toBe(head);
  });

  it('ignores a variable that is not an object name, and knows nothing outside a repository', () => {
    const outside = join(dir, 'plain');
    mkdirSync(outside, { recursive: true });
    const config = join(outside, 'mcpgate.yaml');
    expect(sourceCommit(config, { ...bare, GITHUB_SHA: '$(rm -rf /) \u001b[31m', GIT_CEILING_DIRECTORIES: dir })).toBeUndefined();
    expect(sourceCommit(config, { ...bare, GIT_CEILING_DIRECTORIES: dir })).toBeUndefined();
  });
});
