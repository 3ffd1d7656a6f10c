/** `mcpgate history`: list the run history, or prune it when asked to. */

import { readAcceptances } from '../../gate/accepted.js';
import { readHistory } from '../../gate/history.js';
import { pruneHistory } from '../../gate/history-prune.js';
import { renderHistory } from '../../gate/history-render.js';
import { EXIT } from '../../shared/exit-codes.js';
import { warnOnStderr, writeOut } from '../console.js';
import type { HistoryFlags } from './flags.js';

export function history(flags: HistoryFlags): number {
  if (flags.pruneKeep === undefined && flags.pruneOlderThan === undefined) {
    const { entries, warnings } = readHistory(flags.historyDir);
    const { acceptances, warnings: unreadable } = readAcceptances(flags.historyDir);
    for (const warning of [...warnings, ...unreadable]) warnOnStderr(warning);
    writeOut(renderHistory(entries, flags.historyDir, acceptances));
    return EXIT.pass;
  }
  const pruned = pruneHistory(flags.historyDir, {
    ...(flags.pruneKeep !== undefined ? { keep: flags.pruneKeep } : {}),
    ...(flags.pruneOlderThan !== undefined ? { before: new Date(Date.now() - flags.pruneOlderThan) } : {}),
  });
  for (const warning of pruned.warnings) warnOnStderr(warning);
  for (const file of [...pruned.entries, ...pruned.reports, ...pruned.acceptances]) process.stdout.write(`removed ${file}\n`);
  process.stdout.write(
    `pruned ${pruned.entries.length} entr${pruned.entries.length === 1 ? 'y' : 'ies'} and ${pruned.reports.length} report(s)` +
      `${pruned.acceptances.length > 0 ? ` and ${pruned.acceptances.length} baseline acceptance(s)` : ''} from ${flags.historyDir}\n`,
  );
  return EXIT.pass;
}
