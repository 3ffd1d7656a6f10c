/**
 * Reads a faults file (YAML): syntax, then the shape rules, all problems at once with file:line.
 * Which tools exist is known only once the server is reached; checkFaultTools runs then.
 */

import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { formatProblem, type GoldenProblem } from '../../shared/yaml/problems.js';
import { valuePosition } from '../../shared/yaml/locate.js';
import { INJECTION_CLASSES, type InjectionClass } from '../injections/classes.js';
import type { FaultKind, Occurrence } from '../proxy/faults.js';
import { checkInjection, checkScenario, checkTop, isRecord, report, type CheckContext } from './faults-check.js';
import type { FaultsFile, FaultScenario, InjectionCase } from './types.js';

const MAX_LISTED = 10;

export class FaultsFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly GoldenProblem[],
  ) {
    const listed = problems.slice(0, MAX_LISTED).map(formatProblem);
    if (problems.length > MAX_LISTED) listed.push(`... and ${problems.length - MAX_LISTED} more problems in ${file}`);
    super(listed.join('\n'));
    this.name = 'FaultsFileError';
  }
}

export function loadFaultsFile(file: string): FaultsFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new FaultsFileError(file, [{ file, message: `cannot read the faults file: ${reason}`, fix: 'check the --faults path' }]);
  }
  return parseFaultsFile(text, file);
}

export function parseFaultsFile(text: string, file: string): FaultsFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) {
    throw new FaultsFileError(file, doc.errors.map((e) => ({ file, line: e.linePos?.[0].line ?? 1, col: e.linePos?.[0].col ?? 1, message: `YAML syntax error: ${e.message.split('\n')[0] ?? ''}` })));
  }
  const ctx: CheckContext = { file, doc, lines, problems: [] };
  const data: unknown = doc.toJS();
  if (checkTop(ctx, data) && isRecord(data)) {
    const ids = new Map<string, number>();
    for (const key of ['scenarios', 'injections'] as const) {
      const list = Array.isArray(data[key]) ? (data[key] as unknown[]) : [];
      list.forEach((raw, i) => {
        if (!isRecord(raw)) return report(ctx, [key, i], `each entry of "${key}" must be a mapping`);
        if (key === 'scenarios') checkScenario(ctx, [key, i], raw);
        else checkInjection(ctx, [key, i], raw);
        const id = typeof raw.id === 'string' ? raw.id : undefined;
        if (id === undefined) return;
        const first = ids.get(id);
        if (first !== undefined) report(ctx, [key, i, 'id'], `duplicate id "${id}", first used on line ${first}`, 'give every entry its own id');
        else ids.set(id, valuePosition(doc, lines, [key, i, 'id']).line);
      });
    }
  }
  if (ctx.problems.length > 0) throw new FaultsFileError(file, [...ctx.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  return build(ctx, data as Record<string, unknown>);
}

function build(ctx: CheckContext, data: Record<string, unknown>): FaultsFile {
  const at = (path: Array<string | number>): string => `${ctx.file}:${valuePosition(ctx.doc, ctx.lines, path).line}`;
  const exact = (path: Array<string | number>): string => {
    const position = valuePosition(ctx.doc, ctx.lines, path);
    return `${ctx.file}:${position.line}:${position.col}`;
  };
  const turnsOf = (raw: Record<string, unknown>): string[] => (typeof raw.prompt === 'string' ? [raw.prompt] : (raw.turns as string[]));
  const scenarios = ((data.scenarios as Record<string, unknown>[] | undefined) ?? []).map((raw, i): FaultScenario => ({
    id: raw.id as string,
    turns: turnsOf(raw),
    tool: raw.tool as string,
    fault: raw.fault as FaultKind,
    occurrence: (raw.occurrence as Occurrence | undefined) ?? 1,
    ...(typeof raw.rubric === 'string' ? { rubric: raw.rubric } : {}),
    source: at(['scenarios', i]),
    toolSource: exact(['scenarios', i, 'tool']),
  }));
  const injections = ((data.injections as Record<string, unknown>[] | undefined) ?? []).map((raw, i): InjectionCase => ({
    id: typeof raw.id === 'string' ? raw.id : `injection-${i + 1}-${String(raw.tool)}`,
    turns: turnsOf(raw),
    tool: raw.tool as string,
    classes: (raw.classes as InjectionClass[] | undefined) ?? [...INJECTION_CLASSES],
    expectTools: (raw.expect_tools as string[] | undefined) ?? [],
    source: at(['injections', i]),
    toolSource: exact(['injections', i, 'tool']),
  }));
  return { file: ctx.file, scenarios, injections };
}
