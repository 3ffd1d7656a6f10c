/**
 * `mcpgate view --export DIR`: the viewer's pages as a folder of static files, for a CI artifact or a
 * Pages site. The same pages the server sends, with relative links, opening from file:// with nothing
 * fetched; two runs can be compared only as each run against its baseline (no server to pick a pair).
 */

import { join } from 'node:path';
import { replaceFile } from '../shared/files.js';
import type { HistoryIndex } from './history-index.js';
import { exportedRoutes, renderRoute, routePath } from './routes.js';

export interface Exported {
  pages: number;
  runs: number;
  warnings: string[];
}

export function exportView(index: HistoryIndex, historyDir: string, outDir: string): Exported {
  const snapshot = index.snapshot();
  const routes = exportedRoutes(snapshot);
  for (const route of routes) {
    const page = renderRoute(index, snapshot, route, { served: false, historyDir });
    replaceFile(join(outDir, routePath(route)), page.html);
  }
  return { pages: routes.length, runs: snapshot.runs.length, warnings: snapshot.warnings };
}
