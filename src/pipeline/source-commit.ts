/**
 * The commit a run was made from, so a gate section can say which commit its baseline was: the CI's own
 * variable when one is set, else `git rev-parse HEAD` in mcpgate.yaml's folder. Unknown is fine (not a
 * repository, no git): the report just leaves `commit` out. Only a hex object name is ever kept, so the
 * value is safe to print anywhere.
 */

import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';

/** The commit variables of common CI systems, in the order they are tried. */
export const COMMIT_VARIABLES = [
  'GITHUB_SHA',
  'CI_COMMIT_SHA',
  'BUILDKITE_COMMIT',
  'CIRCLE_SHA1',
  'BITBUCKET_COMMIT',
  'GIT_COMMIT',
] as const;

const OBJECT_NAME = /^[0-9a-f]{7,64}$/;
/** git answers in milliseconds; a wedged one must not hold the run. */
const GIT_TIMEOUT_MS = 5000;

function objectName(value: string | undefined): string | undefined {
  const text = value?.trim().toLowerCase();
  return text !== undefined && OBJECT_NAME.test(text) ? text : undefined;
}

export function sourceCommit(configFile: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const name of COMMIT_VARIABLES) {
    const commit = objectName(env[name]);
    if (commit) return commit;
  }
  try {
    const out = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd: dirname(resolve(configFile)),
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: GIT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: 4096,
    });
    return objectName(out);
  } catch {
    return undefined;
  }
}
