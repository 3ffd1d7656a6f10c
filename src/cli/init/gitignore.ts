/**
 * `.mcpgate/` holds what runs write (the model cache, reports, the history): CI keeps the history in
 * its own cache, and none of it belongs in the repository. init appends it to .gitignore (creating
 * the file if need be) unless a line already ignores it, and never rewrites the lines already there.
 */

import { appendFileSync } from 'node:fs';
import { readBounded, USER_FILE } from '../../shared/files.js';
import { usageError } from '../../shared/input-error.js';

export const MCPGATE_DIR_PATTERN = '.mcpgate/';

/** Lines that ignore the directory at the root, as a user may have written them. */
const ALREADY_IGNORED = /^\/?\.mcpgate(\/(\*\*?)?)?$/;

export type GitignoreChange = 'created' | 'appended' | 'already listed';

export function ignoreMcpgateDir(file: string): GitignoreChange {
  const read = readBounded(file, USER_FILE);
  if ('refused' in read && read.refused !== 'missing') throw usageError(`cannot read ${file}: ${read.cause}`);
  const existing = 'bytes' in read ? read.bytes.toString('utf8') : undefined;
  if (existing !== undefined && existing.split(/\r?\n/).some((line) => ALREADY_IGNORED.test(line.trim()))) return 'already listed';
  const separator = existing === undefined || existing === '' || existing.endsWith('\n') ? '' : '\n';
  appendFileSync(
    file,
    `${separator}# mcpgate: model cache, reports and run history (CI restores the history from its cache)\n${MCPGATE_DIR_PATTERN}\n`,
  );
  return existing === undefined ? 'created' : 'appended';
}
