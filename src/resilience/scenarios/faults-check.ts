/**
 * Shape rules of a faults file, each problem placed at its file:line:col. Small hand-written rules
 * rather than a JSON Schema: the format is small, and each rule can say in one sentence what to fix.
 */

import type { Document, LineCounter } from 'yaml';
import type { FileProblem } from '../../shared/yaml/problems.js';
import { keyPosition, valuePosition, type PathSegment } from '../../shared/yaml/locate.js';
import { didYouMean } from '../../shared/yaml/suggest.js';
import { FAULT_KINDS, INJECTION_CLASSES } from '../../report/model.js';

export const TOP_KEYS = ['scenarios', 'injections'] as const;
export const SCENARIO_KEYS = ['id', 'prompt', 'turns', 'tool', 'fault', 'occurrence', 'rubric'] as const;
export const INJECTION_KEYS = ['id', 'prompt', 'turns', 'tool', 'classes', 'expect_tools'] as const;

/** One faults file being checked: its parsed document, to place each problem, and the problems found so far. */
export interface FaultsFileContext {
  file: string;
  doc: Document;
  lines: LineCounter;
  problems: FileProblem[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function report(ctx: FaultsFileContext, path: PathSegment[], message: string, fix?: string, at: 'value' | 'key' = 'value'): void {
  const position = at === 'key' ? keyPosition(ctx.doc, ctx.lines, path) : valuePosition(ctx.doc, ctx.lines, path);
  ctx.problems.push({ file: ctx.file, line: position.line, col: position.col, message, ...(fix ? { fix } : {}) });
}

function checkKeys(
  ctx: FaultsFileContext,
  path: PathSegment[],
  raw: Record<string, unknown>,
  allowed: readonly string[],
  where: string,
): void {
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) report(ctx, [...path, key], `unknown key "${key}" in ${where}`, didYouMean(key, allowed), 'key');
  }
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function checkPrompt(ctx: FaultsFileContext, path: PathSegment[], raw: Record<string, unknown>): void {
  if ('prompt' in raw && 'turns' in raw)
    return report(
      ctx,
      [...path, 'turns'],
      'has both "prompt" and "turns"',
      'keep "prompt" for one message, or "turns" for a conversation',
      'key',
    );
  if ('prompt' in raw && !nonEmptyString(raw.prompt)) return report(ctx, [...path, 'prompt'], '"prompt" must be non-empty text');
  if ('turns' in raw && !(Array.isArray(raw.turns) && raw.turns.length > 0 && raw.turns.every(nonEmptyString))) {
    return report(ctx, [...path, 'turns'], '"turns" must be a non-empty list of messages');
  }
  if (!('prompt' in raw) && !('turns' in raw))
    report(ctx, path, 'has neither "prompt" nor "turns"', 'add "prompt:" with what the user asks');
}

function checkTool(ctx: FaultsFileContext, path: PathSegment[], raw: Record<string, unknown>): void {
  if (!('tool' in raw)) report(ctx, path, 'has no "tool"', 'add "tool:" with the name of the tool to fault');
  else if (!nonEmptyString(raw.tool)) report(ctx, [...path, 'tool'], '"tool" must be a tool name');
}

function checkStringList(ctx: FaultsFileContext, path: PathSegment[], value: unknown, allowed?: readonly string[]): void {
  if (!Array.isArray(value) || value.length === 0) return report(ctx, path, 'must be a non-empty list');
  value.forEach((item, i) => {
    if (!nonEmptyString(item)) report(ctx, [...path, i], 'must be a name');
    else if (allowed && !allowed.includes(item)) report(ctx, [...path, i], `unknown value "${item}"`, didYouMean(item, allowed));
  });
}

export function checkScenario(ctx: FaultsFileContext, path: PathSegment[], raw: Record<string, unknown>): void {
  checkKeys(ctx, path, raw, SCENARIO_KEYS, 'a scenario');
  if (!('id' in raw)) report(ctx, path, 'has no "id"', 'give every scenario an id; reports key on it');
  else if (!nonEmptyString(raw.id)) report(ctx, [...path, 'id'], '"id" must be non-empty text');
  checkPrompt(ctx, path, raw);
  checkTool(ctx, path, raw);
  if (!('fault' in raw)) report(ctx, path, 'has no "fault"', `add "fault:" with one of: ${FAULT_KINDS.join(', ')}`);
  else if (typeof raw.fault !== 'string' || !(FAULT_KINDS as readonly string[]).includes(raw.fault)) {
    report(ctx, [...path, 'fault'], `unknown fault ${JSON.stringify(raw.fault)}`, didYouMean(String(raw.fault), FAULT_KINDS));
  }
  if ('occurrence' in raw && raw.occurrence !== 'every' && !(Number.isInteger(raw.occurrence) && (raw.occurrence as number) >= 1)) {
    report(ctx, [...path, 'occurrence'], '"occurrence" must be a call number from 1, or "every"');
  }
  if ('rubric' in raw && !nonEmptyString(raw.rubric)) report(ctx, [...path, 'rubric'], '"rubric" must be non-empty text');
}

export function checkInjection(ctx: FaultsFileContext, path: PathSegment[], raw: Record<string, unknown>): void {
  checkKeys(ctx, path, raw, INJECTION_KEYS, 'an injection');
  if ('id' in raw && !nonEmptyString(raw.id)) report(ctx, [...path, 'id'], '"id" must be non-empty text');
  checkPrompt(ctx, path, raw);
  checkTool(ctx, path, raw);
  if ('classes' in raw) checkStringList(ctx, [...path, 'classes'], raw.classes, INJECTION_CLASSES);
  if ('expect_tools' in raw) checkStringList(ctx, [...path, 'expect_tools'], raw.expect_tools);
}

export function checkTop(ctx: FaultsFileContext, data: unknown): boolean {
  if (!isRecord(data)) {
    report(ctx, [], 'a faults file is a mapping with "scenarios:" and/or "injections:" lists');
    return false;
  }
  checkKeys(ctx, [], data, TOP_KEYS, 'the faults file');
  for (const key of TOP_KEYS) if (key in data && !Array.isArray(data[key])) report(ctx, [key], `"${key}" must be a list`);
  const count = TOP_KEYS.reduce((n, key) => n + (Array.isArray(data[key]) ? (data[key] as unknown[]).length : 0), 0);
  if (count === 0 && ctx.problems.length === 0) report(ctx, [], 'the faults file has no scenarios and no injections');
  return true;
}
