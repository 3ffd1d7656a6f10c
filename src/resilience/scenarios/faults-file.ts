/**
 * Reads a faults file (YAML): syntax, then the shape rules, all problems at once with file:line.
 * Which tools exist is known only once the server is reached; checkFaultTools runs then.
 */

import { parseYamlFile, readUserFile } from '../../shared/yaml/load.js';
import { asProblemsOf, FileProblemsError } from '../../shared/yaml/problems.js';
import { valuePosition } from '../../shared/yaml/locate.js';
import { INJECTION_CLASSES, type FaultKind, type InjectionClass, type Occurrence } from '../../report/model.js';
import { checkInjection, checkScenario, checkTop, isRecord, report, type FaultsFileContext } from './faults-check.js';
import type { FaultsFile, FaultScenario, InjectionCase } from './types.js';

/** The faults file's own error type: every problem of the file, each with its position. */
export class FaultsFileError extends FileProblemsError {}

export function loadFaultsFile(file: string): FaultsFile {
  return parseFaultsFile(
    asProblemsOf(FaultsFileError, () => readUserFile(file, { what: 'faults file', namedBy: '--faults' })),
    file,
  );
}

export function parseFaultsFile(text: string, file: string): FaultsFile {
  const { doc, lines, data } = asProblemsOf(FaultsFileError, () => parseYamlFile(text, file));
  const ctx: FaultsFileContext = { file, doc, lines, problems: [] };
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
        if (first !== undefined)
          report(ctx, [key, i, 'id'], `duplicate id "${id}", first used on line ${first}`, 'give every entry its own id');
        else ids.set(id, valuePosition(doc, lines, [key, i, 'id']).line);
      });
    }
  }
  if (ctx.problems.length > 0)
    throw new FaultsFileError(
      file,
      [...ctx.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    );
  return build(ctx, data as Record<string, unknown>);
}

function build(ctx: FaultsFileContext, data: Record<string, unknown>): FaultsFile {
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
