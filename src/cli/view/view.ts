/**
 * `mcpgate view`: serves the history's pages on 127.0.0.1 until Ctrl-C (exit 130, main.ts's hooks),
 * printing the URL with its token on one line of stdout; or, with --export, writes them to a folder.
 */

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryIndex } from '../../view/history-index.js';
import { exportView } from '../../view/export.js';
import { serveView } from '../../view/server.js';
import { CACHE_DIR } from '../../view/summary-cache.js';
import { EXIT } from '../../shared/exit-codes.js';
import { usageError } from '../../shared/input-error.js';
import { warnOnStderr, writeErr, writeOut } from '../console.js';
import type { ViewFlags } from './flags.js';

export async function view(flags: ViewFlags): Promise<number> {
  const dir = flags.history ?? flags.historyDir;
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw usageError(`no run history in ${dir}: mcpgate run records one there (history.dir), or pass --history-dir`);
  const index = new HistoryIndex(dir, flags.last);
  const started = Date.now();
  let made = 0;
  const snapshot = index.snapshot((count) => {
    if (count === 1) writeErr(`mcpgate view: indexing the runs not seen before (once: the index is kept in ${join(dir, CACHE_DIR)})\n`);
    made = count;
  });
  if (made > 0) writeErr(`mcpgate view: indexed ${made} run(s) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  if (flags.export !== undefined) {
    const exported = exportView(index, dir, flags.export);
    for (const warning of exported.warnings) warnOnStderr(warning);
    writeOut(`wrote ${exported.pages} pages of ${exported.runs} runs to ${flags.export} (open ${flags.export}/index.html)\n`);
    return EXIT.pass;
  }
  for (const warning of snapshot.warnings) warnOnStderr(warning);
  let server;
  try {
    server = await serveView(index, dir, flags.port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw usageError(`cannot listen on 127.0.0.1:${flags.port} (${code}): pass another --port, or --port 0 for a free one`);
  }
  writeErr(`mcpgate view: ${snapshot.runs.length} runs of ${dir}, read-only on 127.0.0.1; Ctrl-C stops it\n`);
  writeOut(`${server.url}\n`);
  return EXIT.pass;
}
