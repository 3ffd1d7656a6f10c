/**
 * Walks a directory (or reads one file) and applies the migration rules to text files of the usual
 * test-suite languages. Dependencies and build output are skipped; comment-only lines are skipped
 * (a comment neither sends nor expects anything); in Markdown only fenced code blocks are read,
 * since prose about the old protocol is not an assumption.
 */

import { readdirSync, statSync } from 'node:fs';
import { readBounded } from '../shared/files.js';
import { extname, join, relative, sep } from 'node:path';
import { RULES } from './rules.js';

export interface MigrationFinding {
  /** Relative to the scanned root, with `/` separators. */
  file: string;
  line: number;
  column: number;
  rule: string;
  what: string;
  text: string;
  fix: string;
}

export interface ScanResult {
  root: string;
  filesScanned: number;
  /** Files left out because they exceed the size cap or look binary. */
  filesSkipped: string[];
  findings: MigrationFinding[];
}

const EXTENSIONS = new Set(['.ts', '.js', '.mjs', '.cjs', '.py', '.go', '.rs', '.java', '.json', '.yaml', '.yml', '.md']);
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist']);
const MAX_FILE_BYTES = 1024 * 1024;
const COMMENT = /^\s*(?:\/\/|\/\*|\*|#|<!--)/;

export class ScanPathError extends Error {}

export function scanPath(root: string): ScanResult {
  let stats;
  try {
    stats = statSync(root);
  } catch (error) {
    throw new ScanPathError(`cannot scan ${root}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const files = stats.isDirectory() ? walk(root) : [root];
  const result: ScanResult = { root, filesScanned: 0, filesSkipped: [], findings: [] };
  for (const file of files) {
    const shown = stats.isDirectory() ? relative(root, file).split(sep).join('/') : file;
    const read = readBounded(file, { maxBytes: MAX_FILE_BYTES, capName: 'MAX_FILE_BYTES', followLinks: true });
    if ('refused' in read && read.refused !== 'too-large' && !stats.isDirectory())
      throw new ScanPathError(`cannot scan ${root}: ${read.cause}`);
    if ('refused' in read) {
      result.filesSkipped.push(shown);
      continue;
    }
    const text = read.bytes.toString('utf8');
    if (text.includes('\u0000')) {
      result.filesSkipped.push(shown);
      continue;
    }
    result.filesScanned++;
    result.findings.push(...scanText(text, shown, extname(file) === '.md'));
  }
  return result;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...walk(path));
    } else if (entry.isFile() && EXTENSIONS.has(extname(entry.name))) {
      out.push(path);
    }
  }
  return out;
}

function scanText(text: string, file: string, markdown: boolean): MigrationFinding[] {
  const lines = text.split(/\r?\n/);
  const findings: MigrationFinding[] = [];
  let fenced = false;
  lines.forEach((line, at) => {
    if (markdown && /^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if ((markdown && !fenced) || COMMENT.test(line)) return;
    for (const rule of RULES) {
      for (const match of rule.find(line, { lines, at })) {
        findings.push({ file, line: at + 1, column: match.index + 1, rule: rule.id, what: rule.what, text: match.text, fix: rule.fix });
      }
    }
  });
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}
