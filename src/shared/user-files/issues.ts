/**
 * zod's issues with a user's file as problems a person can act on, each at the line and column of
 * the key or value to change: an unknown key with the key it was probably meant to be, a value with
 * what the key takes, what it is for and what was written, a missing key with what to add, a rule's
 * own sentence. Keys are named from the entry they are in: `case "paris": expect_args.city.match`.
 */

import { z } from 'zod';
import { isRecord } from '../guards.js';
import type { YamlFile } from '../yaml/load.js';
import type { PathSegment } from '../yaml/locate.js';
import type { FileProblem } from '../yaml/problems.js';
import { closest, didYouMean } from '../yaml/suggest.js';
import { describeValue, keyPath } from './describe-value.js';
import { entryAt, valueAt, type EntryRule } from './entries.js';
import { docOf, type KeyDoc } from './key-docs.js';
import { ruleOf, type RuleProblem } from './rules.js';
import { bareSchema, keysOf, schemaTrail } from './schema-walk.js';

export interface IssueContext {
  yaml: YamlFile;
  schema: z.core.$ZodType;
  entries: readonly EntryRule[];
  /** The file in prose, for a problem with the whole of it: "golden set". */
  what: string;
}

/** One thing wrong, at an absolute path, before it is worded. */
type Finding =
  | { kind: 'unknown-key'; path: PathSegment[]; key: string }
  | { kind: 'missing'; path: PathSegment[] }
  | { kind: 'bad-value'; path: PathSegment[]; zodMessage: string; values?: string[] }
  | { kind: 'bad-name'; path: PathSegment[]; zodMessage: string }
  | ({ kind: 'rule' } & RuleProblem);

function pathOf(issue: z.core.$ZodIssue, prefix: readonly PathSegment[]): PathSegment[] {
  return [...prefix, ...issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol')];
}

/** A union member refuses a value of another kind outright: a string given to a mapping, a mapping to an enum. */
function refusesKind(issue: z.core.$ZodIssue): boolean {
  if (issue.path.length > 0) return false;
  return issue.code === 'invalid_type' || issue.code === 'invalid_value' || (issue.code === 'custom' && !ruleOf(issue));
}

function stringValues(issue: z.core.$ZodIssue): string[] {
  return issue.code === 'invalid_value' ? issue.values.filter((value): value is string => typeof value === 'string') : [];
}

function findings(issue: z.core.$ZodIssue, prefix: readonly PathSegment[], data: unknown): Finding[] {
  const path = pathOf(issue, prefix);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ kind: 'unknown-key', path, key }));
    case 'invalid_union': {
      // The member for the kind of value written explains it; when none is, the key's docs do.
      const member = issue.errors.find((errors) => !errors.some(refusesKind));
      if (member) return member.flatMap((inner) => findings(inner, path, data));
      return [{ kind: 'bad-value', path, zodMessage: issue.message, values: issue.errors.flat().flatMap(stringValues) }];
    }
    case 'invalid_key':
      return [{ kind: 'bad-name', path, zodMessage: issue.issues[0]?.message ?? issue.message }];
    case 'custom': {
      const rule = ruleOf(issue);
      if (rule) return [{ kind: 'rule', ...rule, path }];
      break;
    }
    case 'invalid_type': {
      const parent = valueAt(data, path.slice(0, -1));
      const key = path[path.length - 1];
      if (issue.input === undefined && isRecord(parent) && key !== undefined && !Object.hasOwn(parent, key))
        return [{ kind: 'missing', path }];
      break;
    }
    case 'invalid_value':
      return [{ kind: 'bad-value', path, zodMessage: issue.message, values: stringValues(issue) }];
  }
  return [{ kind: 'bad-value', path, zodMessage: issue.message }];
}

/** A missing key that an unknown key beside it misspells is one problem, told once: the unknown key, with its suggestion. */
function misspeltMissing(finding: Finding, all: readonly Finding[], schema: z.core.$ZodType): boolean {
  if (finding.kind !== 'missing') return false;
  const holder = finding.path.slice(0, -1);
  const allowed = keysOf(schemaTrail(schema, holder).at(-1));
  return all.some(
    (other) =>
      other.kind === 'unknown-key' &&
      keyPath(other.path) === keyPath(holder) &&
      closest(other.key, allowed) === finding.path[finding.path.length - 1],
  );
}

export function issueProblems(ctx: IssueContext, issues: readonly z.core.$ZodIssue[]): FileProblem[] {
  const data = ctx.yaml.data;
  const all = issues.flatMap((issue) => findings(issue, [], data));
  const seen = new Set<string>();
  const problems: FileProblem[] = [];
  for (const finding of all) {
    if (misspeltMissing(finding, all, ctx.schema)) continue;
    const problem = word(ctx, finding);
    const key = `${problem.line}:${problem.col}:${problem.entry}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/** How a message names the value at `path`: its key from the entry it is in, the entry itself, or the whole file. */
function naming(ctx: IssueContext, path: readonly PathSegment[]): { entry?: string; subject: string } {
  const entry = entryAt(ctx.entries, ctx.yaml.data, path);
  const inEntry = entry ? path.slice(entry.depth) : path;
  if (inEntry.length > 0) return { ...(entry ? { entry: entry.label } : {}), subject: keyPath(inEntry) };
  return { subject: entry ? entry.label : `the ${ctx.what}` };
}

function word(ctx: IssueContext, finding: Finding): FileProblem {
  const { yaml } = ctx;
  const file = yaml.file;
  switch (finding.kind) {
    case 'unknown-key': {
      const { entry, subject } = naming(ctx, [...finding.path, finding.key]);
      const allowed = keysOf(schemaTrail(ctx.schema, finding.path).at(-1));
      return {
        file,
        ...yaml.keyAt([...finding.path, finding.key]),
        ...withEntry(entry),
        message: `${subject} is not a key`,
        fix: didYouMean(finding.key, allowed),
      };
    }
    case 'missing': {
      const holder = finding.path.slice(0, -1);
      const key = String(finding.path[finding.path.length - 1]);
      const { entry, subject } = naming(ctx, holder);
      const doc = docOf(schemaTrail(ctx.schema, finding.path).at(-1) ?? ctx.schema);
      const message = `${subject} has no ${key}${doc ? ` (${doc.doc})` : ''}`;
      return { file, ...yaml.valueAt(holder), ...withEntry(entry), message, fix: `add "${key}:"${doc ? ` with ${doc.expected}` : ''}` };
    }
    case 'bad-value':
      return badValue(ctx, finding);
    case 'bad-name': {
      const { entry, subject } = naming(ctx, finding.path);
      const holder = bareSchema(schemaTrail(ctx.schema, finding.path.slice(0, -1)).at(-1) ?? ctx.schema);
      const doc = holder instanceof z.core.$ZodRecord ? docOf(holder._zod.def.keyType) : undefined;
      const message = doc ? `${subject} is not ${doc.expected} (${doc.doc})` : `${subject} is not a valid name: ${finding.zodMessage}`;
      return { file, ...yaml.keyAt(finding.path), ...withEntry(entry), message };
    }
    case 'rule': {
      const entry = entryAt(ctx.entries, yaml.data, finding.path)?.label;
      const position = finding.at === 'value' ? yaml.valueAt(finding.path) : yaml.keyAt(finding.path);
      const first = finding.firstAt ? `, first used on line ${yaml.valueAt(finding.firstAt).line}` : '';
      return { file, ...position, ...withEntry(entry), message: finding.message + first, ...(finding.fix ? { fix: finding.fix } : {}) };
    }
  }
}

function withEntry(entry: string | undefined): { entry?: string } {
  return entry === undefined ? {} : { entry };
}

/** The nearest documented key at or above the value says what it takes and what it is for; then what was written. */
function badValue(ctx: IssueContext, finding: Extract<Finding, { kind: 'bad-value' }>): FileProblem {
  const { yaml } = ctx;
  const written = valueAt(yaml.data, finding.path);
  const values = finding.values ?? [];
  const suggestion = typeof written === 'string' ? closest(written, values) : undefined;
  const where = { file: yaml.file, ...yaml.valueAt(finding.path) };
  const { depth, doc } = nearestDoc(schemaTrail(ctx.schema, finding.path));
  if (!doc) {
    const { entry, subject } = naming(ctx, finding.path);
    return { ...where, ...withEntry(entry), message: `${subject}: ${finding.zodMessage}`, ...valuesFix(suggestion, values, '') };
  }
  const { entry, subject } = naming(ctx, finding.path.slice(0, depth));
  const got =
    depth === finding.path.length
      ? `, got ${describeValue(written)}`
      : `; ${naming(ctx, finding.path).subject} is ${describeValue(written)}`;
  return {
    ...where,
    ...withEntry(entry),
    message: `${subject} must be ${doc.expected} (${doc.doc})${got}`,
    ...valuesFix(suggestion, values, doc.expected),
  };
}

/** The docs of the deepest documented schema of a trail, and its depth. */
function nearestDoc(trail: ReadonlyArray<z.core.$ZodType | undefined>): { depth: number; doc?: KeyDoc } {
  for (let depth = trail.length - 1; depth >= 0; depth--) {
    const schema = trail[depth];
    const doc = schema && docOf(schema);
    if (doc) return { depth, doc };
  }
  return { depth: -1 };
}

/** The value it was probably meant to be; or, when the words of the key do not list them, the values there are. */
function valuesFix(suggestion: string | undefined, values: readonly string[], expected: string): { fix?: string } {
  if (suggestion) return { fix: `did you mean "${suggestion}"?` };
  if (values.length === 0 || values.every((value) => expected.includes(value))) return {};
  return { fix: `expected one of: ${values.join(', ')}` };
}
