/** Rules that relate keys to each other, which the schema leaves out so each can be explained plainly. */

import { checkInputs } from './input-checks.js';
import { checkPattern } from './pattern-check.js';
import { CASE_KEYS, MATCHER_KEYS } from './keys.js';
import { hasMisspelling } from '../../shared/yaml/suggest.js';
import { casesPath, isRecord, rawCases, report, type LoadContext } from './context.js';
import { valuePosition, type PathSegment } from '../../shared/yaml/locate.js';

/**
 * The longest prompt, or turn of a conversation, a case may hold: far beyond anything typed, and
 * small enough that every case is a request a model can be sent, not a document pasted by mistake.
 */
export const MAX_PROMPT_CHARS = 64 * 1024;

const NEEDED_FIX: Record<string, string> = {
  value: 'add "value:" with the expected argument',
  values: 'add "values: [A, B]" with every acceptable value',
  pattern: 'add "pattern:" with a regular expression',
};

/**
 * Which matcher fields each mode reads; any other field is a mistake worth reporting. The first
 * field is the one the mode cannot work without.
 */
const FIELDS_USED: Record<string, readonly string[]> = {
  exact: ['value'],
  normalized: ['value'],
  one_of: ['values'],
  numeric: ['value', 'tolerance'],
  regex: ['pattern'],
  semantic: ['value'],
  ignore: [],
};

export function checkSemantics(ctx: LoadContext): void {
  const defaults = isRecord(ctx.data) && isRecord(ctx.data.defaults) ? ctx.data.defaults : {};
  checkFloor(ctx, ['defaults'], defaults, {});
  const idPaths = new Map<string, PathSegment[]>();
  rawCases(ctx.data).forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const at = [...casesPath(ctx.data), index];
    checkUniqueId(ctx, at, raw, idPaths);
    checkPromptOrTurns(ctx, at, raw);
    checkPromptLength(ctx, at, raw);
    checkExpectation(ctx, at, raw);
    checkFloor(ctx, at, raw, defaults);
    checkInputs(ctx, at, raw);
    if (isRecord(raw.expect_args)) {
      for (const [name, spec] of Object.entries(raw.expect_args)) checkMatcher(ctx, [...at, 'expect_args', name], spec);
    }
  });
}

function checkUniqueId(ctx: LoadContext, at: PathSegment[], raw: Record<string, unknown>, seen: Map<string, PathSegment[]>): void {
  if (typeof raw.id !== 'string') return;
  const first = seen.get(raw.id);
  if (!first) {
    seen.set(raw.id, [...at, 'id']);
    return;
  }
  const firstLine = valuePosition(ctx.doc, ctx.lines, first).line;
  report(
    ctx,
    [...at, 'id'],
    `duplicate id "${raw.id}", first used on line ${firstLine}`,
    'give every case its own id; reports and baselines key on it',
  );
}

function checkPromptOrTurns(ctx: LoadContext, at: PathSegment[], raw: Record<string, unknown>): void {
  const hasPrompt = 'prompt' in raw;
  const hasTurns = 'turns' in raw;
  if (hasPrompt && hasTurns) {
    report(ctx, [...at, 'turns'], 'has both "prompt" and "turns"', 'keep "prompt" for one message, or "turns" for a conversation', 'key');
  } else if (!hasPrompt && !hasTurns && !misspelt(raw, 'prompt', 'turns')) {
    report(ctx, at, 'has neither "prompt" nor "turns"', 'add "prompt:" with what the user types');
  }
}

function checkPromptLength(ctx: LoadContext, at: PathSegment[], raw: Record<string, unknown>): void {
  const texts: Array<[string, PathSegment[], unknown]> = [['"prompt"', [...at, 'prompt'], raw.prompt]];
  if (Array.isArray(raw.turns)) raw.turns.forEach((turn, i) => texts.push([`turn ${i + 1}`, [...at, 'turns', i], turn]));
  for (const [what, path, text] of texts) {
    if (typeof text !== 'string' || text.length <= MAX_PROMPT_CHARS) continue;
    const message = `${what} is ${text.length} characters long, over the cap of ${MAX_PROMPT_CHARS} (MAX_PROMPT_CHARS)`;
    report(ctx, path, message, 'shorten it to what a user would type');
  }
}

function checkExpectation(ctx: LoadContext, at: PathSegment[], raw: Record<string, unknown>): void {
  const hasTool = 'expect_tool' in raw;
  const hasSequence = 'expect_sequence' in raw;
  if (hasTool && hasSequence) {
    report(
      ctx,
      [...at, 'expect_sequence'],
      'has both "expect_tool" and "expect_sequence"',
      'keep one: a sequence already names its first tool',
      'key',
    );
  } else if (!hasTool && !hasSequence && !misspelt(raw, 'expect_tool', 'expect_sequence')) {
    report(
      ctx,
      at,
      'says nothing about what to call',
      'add "expect_tool: NAME", "expect_tool: null" for a case where no tool fits, or "expect_sequence: [A, B]"',
    );
  }
  if (hasTool && raw.expect_tool === null && 'expect_args' in raw) {
    report(
      ctx,
      [...at, 'expect_args'],
      '"expect_args" on a negative case (expect_tool: null)',
      'remove "expect_args", or name the tool in "expect_tool"',
      'key',
    );
  }
  const expected = [raw.expect_tool, ...(Array.isArray(raw.expect_sequence) ? raw.expect_sequence : [])];
  if (!Array.isArray(raw.forbid_tools)) return;
  raw.forbid_tools.forEach((tool, i) => {
    if (typeof tool === 'string' && expected.includes(tool)) {
      report(ctx, [...at, 'forbid_tools', i], `"forbid_tools" lists ${tool}, which the case expects`, `remove ${tool} from one of them`);
    }
  });
}

function misspelt(raw: Record<string, unknown>, ...intended: string[]): boolean {
  return intended.some((key) => hasMisspelling(raw, key, CASE_KEYS));
}

/** min_passes may not exceed runs, whichever of the two comes from the defaults. */
function checkFloor(ctx: LoadContext, at: PathSegment[], raw: Record<string, unknown>, defaults: Record<string, unknown>): void {
  const runs = raw.runs ?? defaults.runs;
  const minPasses = raw.min_passes ?? defaults.min_passes;
  if (typeof minPasses !== 'number' || typeof runs !== 'number' || minPasses <= runs) return;
  const key = 'min_passes' in raw ? 'min_passes' : 'runs';
  report(
    ctx,
    [...at, key],
    `"min_passes" is ${minPasses}, more than the ${runs} runs`,
    `lower "min_passes" to at most ${runs}, or raise "runs"`,
  );
}

function checkMatcher(ctx: LoadContext, at: PathSegment[], spec: unknown): void {
  // Only mappings with `match` are matchers; a plain value is an exact expectation and always valid.
  if (!isRecord(spec) || typeof spec.match !== 'string' || !(spec.match in FIELDS_USED)) return;
  const mode = spec.match;
  const used = FIELDS_USED[mode] ?? [];
  for (const field of ['value', 'values', 'tolerance', 'pattern']) {
    if (field in spec && !used.includes(field)) {
      report(
        ctx,
        [...at, field],
        `"${field}" has no effect with match: ${mode}`,
        `remove it; match: ${mode} reads ${used.length ? `only ${used.join(' and ')}` : 'nothing else'}`,
        'key',
      );
    }
  }
  const needed = used[0];
  if (needed === undefined) return;
  if (!(needed in spec)) {
    // A misspelt field is already reported as an unknown key, with its suggestion.
    if (!hasMisspelling(spec, needed, MATCHER_KEYS)) report(ctx, at, `match: ${mode} needs "${needed}"`, NEEDED_FIX[needed]);
    return;
  }
  if (mode === 'numeric' && (typeof spec.value !== 'number' || !Number.isFinite(spec.value))) {
    report(ctx, [...at, 'value'], 'match: numeric needs a number in "value"', 'write the number without quotes, e.g. "value: 250"');
  } else if (mode === 'semantic' && typeof spec.value !== 'string') {
    report(ctx, [...at, 'value'], 'match: semantic needs text in "value"', 'write the expected meaning as a sentence or phrase');
  } else if (mode === 'regex' && typeof spec.pattern === 'string') {
    checkPattern(ctx, [...at, 'pattern'], spec.pattern);
  }
}
