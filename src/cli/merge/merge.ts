/** `mcpgate merge`: shard reports of one eval or run -> one report that gates as the unsharded run would. */

import { mergeShards, MergeError } from '../../behavior/shards/merge.js';
import { writeReports } from '../../report/formats.js';
import type { Report } from '../../report/model.js';
import { usageError } from '../../shared/input-error.js';
import { outputFiles } from '../flags/outputs.js';
import type { MergeFlags } from './flags.js';
import { readReportFile } from '../read-report.js';
import { safe } from '../../report/terminal-escape.js';
import { writeOut } from '../console.js';

export async function merge(files: string[], flags: MergeFlags): Promise<number> {
  if (flags.out && flags.report && flags.out !== flags.report) throw usageError('--out is another name for --report: give one of them');
  const outputs = outputFiles({ ...flags, report: flags.report ?? flags.out });
  const written = Object.values(outputs);
  if (written.length === 0)
    throw usageError('say where to write the merged report: --report FILE (or --out FILE), and any other format flag');
  let merged: Report;
  try {
    merged = mergeShards(files.map((file) => ({ file, report: readReportFile(file) })));
  } catch (error) {
    if (error instanceof MergeError) throw usageError(`cannot merge: ${error.message}`);
    throw error;
  }
  await writeReports(merged, outputs);
  const cases = merged.eval?.cases.length ?? 0;
  writeOut(
    `merged ${files.length} shard(s), ${cases} case result(s), into ${written.join(', ')}: ${safe(merged.verdict.reason)} (exit code ${merged.verdict.exitCode})\n`,
  );
  return 0;
}
