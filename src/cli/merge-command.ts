/** `mcpgate merge`: shard reports of one eval run -> one report that gates as the unsharded run would. */

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { mergeShards, MergeError } from '../behavior/shards/merge.js';
import { parseReport, renderJson } from '../report/json.js';
import type { Report } from '../report/model.js';
import { usageError } from '../shared/input-error.js';
import { writeFileAtomic } from '../shared/files.js';

export function registerMergeCommand(program: Command): void {
  program
    .command('merge')
    .description('combine the shard reports of one `mcpgate eval --shard i/n` run into one report')
    .argument('<reports...>', 'the shard reports (JSON), one per shard')
    .requiredOption('--out <file>', 'where to write the merged report')
    .action((files: string[], flags: { out: string }) => {
      process.exitCode = merge(files, flags.out);
    });
}

function read(file: string): Report {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return parseReport(text);
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
}

function merge(files: string[], out: string): number {
  let merged: Report;
  try {
    merged = mergeShards(files.map((file) => ({ file, report: read(file) })));
  } catch (error) {
    if (error instanceof MergeError) throw usageError(`cannot merge: ${error.message}`);
    throw error;
  }
  writeFileAtomic(out, renderJson(merged));
  const cases = merged.eval?.cases.length ?? 0;
  process.stdout.write(`merged ${files.length} shard(s), ${cases} case result(s), into ${out}: ${merged.verdict.reason} (exit code ${merged.verdict.exitCode})\n`);
  return 0;
}
