/**
 * The viewer's pages by path, one table for the server and the export: `index.html` (runs),
 * `cases.html`, `confusions.html`, `run/<id>.html`, `compare/<id>.html` (a run against its baseline),
 * `compare/<before>-<after>.html` (any two runs, served only) and `case/<key>.html`. Paths hold only
 * hex digits and fixed words, so a path from a request or a history file can never name anything else.
 */

import { baselineOf } from './baselines.js';
import { casesOf } from './case-history.js';
import type { HistoryIndex, IndexSnapshot } from './history-index.js';
import { noBaseline, notFound, type PageContext, type ViewPage } from './page.js';
import { casePage } from './pages/case.js';
import { casesPage } from './pages/cases.js';
import { comparePage } from './pages/compare.js';
import { confusionsPage } from './pages/confusions.js';
import { runPage } from './pages/run.js';
import { runsPage } from './pages/runs.js';

export type Route =
  | { kind: 'runs' | 'cases' | 'confusions' }
  | { kind: 'run'; runId: string }
  | { kind: 'against-baseline'; runId: string }
  | { kind: 'compare'; before: string; after: string }
  | { kind: 'case'; key: string };

const HEX16 = '([0-9a-f]{16})';
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => Route]> = [
  [/^(?:index\.html)?$/, () => ({ kind: 'runs' })],
  [/^cases\.html$/, () => ({ kind: 'cases' })],
  [/^confusions\.html$/, () => ({ kind: 'confusions' })],
  [new RegExp(`^run/${HEX16}\\.html$`), (m) => ({ kind: 'run', runId: m[1]! })],
  [new RegExp(`^compare/${HEX16}\\.html$`), (m) => ({ kind: 'against-baseline', runId: m[1]! })],
  [new RegExp(`^compare/${HEX16}-${HEX16}\\.html$`), (m) => ({ kind: 'compare', before: m[1]!, after: m[2]! })],
  [new RegExp(`^case/${HEX16}\\.html$`), (m) => ({ kind: 'case', key: m[1]! })],
];

/** The route of a path below the viewer's top (no leading slash), or undefined. */
export function parseRoute(path: string): Route | undefined {
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(path);
    if (match) return route(match);
  }
  return undefined;
}

/** The file a route is written to in an exported folder. */
export function routePath(route: Route): string {
  switch (route.kind) {
    case 'runs':
      return 'index.html';
    case 'cases':
    case 'confusions':
      return `${route.kind}.html`;
    case 'run':
      return `run/${route.runId}.html`;
    case 'against-baseline':
      return `compare/${route.runId}.html`;
    case 'compare':
      return `compare/${route.before}-${route.after}.html`;
    case 'case':
      return `case/${route.key}.html`;
  }
}

/** Every page of an export: the lists, each run, each run against its baseline, each case. */
export function exportedRoutes(snapshot: IndexSnapshot): Route[] {
  return [
    { kind: 'runs' },
    { kind: 'cases' },
    { kind: 'confusions' },
    ...snapshot.runs.flatMap((run): Route[] => [
      { kind: 'run', runId: run.runId },
      { kind: 'against-baseline', runId: run.runId },
    ]),
    ...[...casesOf(snapshot).keys()].map((key): Route => ({ kind: 'case', key })),
  ];
}

export interface RenderOptions {
  served: boolean;
  historyDir: string;
}

export function renderRoute(index: HistoryIndex, snapshot: IndexSnapshot, route: Route, options: RenderOptions): ViewPage {
  const context: PageContext = { base: routePath(route).includes('/') ? '../' : '', ...options };
  const missing = (runId: string): ViewPage => notFound(context, `No run ${runId} in ${options.historyDir}.`);
  switch (route.kind) {
    case 'runs':
      return runsPage(snapshot, context);
    case 'cases':
      return casesPage(snapshot, context);
    case 'confusions':
      return confusionsPage(snapshot, context);
    case 'run': {
      const run = snapshot.byId.get(route.runId);
      return run ? runPage(index, snapshot, run, context) : missing(route.runId);
    }
    case 'against-baseline': {
      const run = snapshot.byId.get(route.runId);
      if (!run) return missing(route.runId);
      const baseline = baselineOf(snapshot, run);
      if ('none' in baseline) return noBaseline(context, run, baseline.none);
      return comparePage(
        index,
        { before: baseline.run, after: run, why: baseline.why, ...(baseline.accepted ? { accepted: baseline.accepted } : {}) },
        context,
      );
    }
    case 'compare': {
      const before = snapshot.byId.get(route.before);
      const after = snapshot.byId.get(route.after);
      if (!before) return missing(route.before);
      if (!after) return missing(route.after);
      return comparePage(index, { before, after, why: 'picked' }, context);
    }
    case 'case': {
      const found = casesOf(snapshot).get(route.key);
      return found ? casePage(index, snapshot, found.target, found.id, context) : notFound(context, 'No such case in the history.');
    }
  }
}
