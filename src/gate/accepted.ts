/**
 * Baselines accepted by hand (`mcpgate baseline accept`): one small file per acceptance in
 * `accepted/` inside the history directory, named by the time of acceptance and the run id, written
 * once like every history file. An entry is never rewritten to mark it: the history stays append-only,
 * and an older mcpgate reading the directory sees the entries it knows and nothing else (it lists only
 * the `*.json` files at the top). Acceptance files are data from a cache or a pull request like the
 * entries: read bounded, inside the directory, and a bad one is skipped with a warning.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseBaselineAcceptance } from '../report/json.js';
import type { BaselineAcceptance } from '../report/model.js';
import { usageError } from '../shared/input-error.js';
import { createFileOnce } from '../shared/files.js';
import { readRecords } from './stored-records.js';
import { collapseWhitespace } from '../shared/one-line.js';
import { cutToFit } from '../shared/cut.js';

export const ACCEPTED_DIR = 'accepted';
export const DEFAULT_ACCEPT_REASON = 'accepted by hand';
/** An acceptance is a run id, a date and a line of text. */
const MAX_ACCEPTANCE_BYTES = 64 * 1024;
/** A reason is one line in every output; a paragraph belongs in the commit or the issue it names. */
const MAX_REASON_CHARS = 300;

export interface StoredAcceptance {
  file: string;
  acceptance: BaselineAcceptance;
}

/** The reason as kept: one line, whitespace collapsed, at most MAX_REASON_CHARS; the default when empty. */
export function acceptReason(text: string | undefined): string {
  const line = collapseWhitespace(text ?? '');
  if (line === '') return DEFAULT_ACCEPT_REASON;
  return cutToFit(line, MAX_REASON_CHARS);
}

export function recordAcceptance(dir: string, runId: string, reason: string, at: Date = new Date()): StoredAcceptance {
  const acceptance: BaselineAcceptance = { schemaVersion: '1', runId, acceptedAt: at.toISOString(), reason: acceptReason(reason) };
  mkdirSync(join(dir, ACCEPTED_DIR), { recursive: true });
  const file = join(dir, ACCEPTED_DIR, `${acceptance.acceptedAt.replace(/:/g, '-')}_${runId}.json`);
  if (!createFileOnce(file, `${JSON.stringify(acceptance, null, 2)}\n`))
    throw usageError(`${file} already exists: accept again a moment later`);
  return { file, acceptance };
}

/** Every readable acceptance, oldest first; unreadable ones are named in `warnings` and left alone. */
export function readAcceptances(dir: string): { acceptances: StoredAcceptance[]; warnings: string[] } {
  const { records, warnings } = readRecords(dir, {
    folder: ACCEPTED_DIR,
    what: 'baseline acceptance',
    maxBytes: MAX_ACCEPTANCE_BYTES,
    maxBytesName: 'MAX_ACCEPTANCE_BYTES',
    parse: parseBaselineAcceptance,
  });
  const acceptances = records.map(({ file, value }) => ({ file, acceptance: value }));
  acceptances.sort((a, b) => Date.parse(a.acceptance.acceptedAt) - Date.parse(b.acceptance.acceptedAt));
  return { acceptances, warnings };
}
