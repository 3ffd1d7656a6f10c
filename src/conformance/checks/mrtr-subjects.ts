/**
 * Which MRTR subjects a rule is judged on, and how one rule's findings over them add up to its
 * outcome: shared by every check in mrtr.ts.
 */

import type { Evidence } from '../../report/model.js';
import { isRecord } from '../../shared/guards.js';
import type { ModernClient } from '../../wire/modern-client.js';
import { pass, skip, violated, type CheckOutcome } from '../check.js';
import type { CheckContext } from '../context.js';
import { checkClient, mrtrRun, noSubjectReason, type MrtrSubject } from './mrtr-flow.js';

export const MRTR_SPEC = 'basic/patterns/mrtr';
export const MAX_EVIDENCE = 3;

/** `note`: why a subject could not be judged (one of mcpgate's caps), for the pass or skip message. */
export type Finding = { problem?: string; evidence?: Evidence; judged: boolean; note?: string };

/** How many subjects one rule is judged on: every probe costs round trips, and `check` is run on every push. */
const SUBJECTS_PER_RULE = 4;
/** Capability gating differs per input kind, so it is judged on one subject of each shape, up to this many. */
const SHAPES_PER_RULE = 8;

/** What kind of flow a subject is: its method, the input kinds it asks for, and whether it carries state. */
export function shapeOf(subject: MrtrSubject): string {
  const requests = isRecord(subject.result.inputRequests) ? Object.values(subject.result.inputRequests) : [];
  const kinds = requests.map((request) => {
    const method = isRecord(request) && typeof request.method === 'string' ? request.method : '?';
    const params = isRecord(request) && isRecord(request.params) ? request.params : {};
    if (method === 'elicitation/create') return `${method}:${params.mode === 'url' ? 'url' : 'form'}`;
    if (method === 'sampling/createMessage' && 'tools' in params) return `${method}:tools`;
    return method;
  });
  return [subject.method, ...new Set(kinds)].sort().join(' ') + (typeof subject.result.requestState === 'string' ? ' +state' : '');
}

/**
 * The subjects a rule is judged on, in a fixed order: one per method first, then one per shape not
 * yet covered, then the rest in listing order, up to `limit`; with `shapesOnly`, one per shape.
 */
export function pickSubjects(subjects: readonly MrtrSubject[], limit: number, shapesOnly = false): MrtrSubject[] {
  const picked = new Set<MrtrSubject>();
  const firstOf = (key: (subject: MrtrSubject) => string): void => {
    const seen = new Set([...picked].map(key));
    for (const subject of subjects) {
      if (picked.size >= limit) return;
      if (!seen.has(key(subject))) {
        seen.add(key(subject));
        picked.add(subject);
      }
    }
  };
  if (!shapesOnly) firstOf((subject) => subject.method);
  firstOf(shapeOf);
  if (!shapesOnly) for (const subject of subjects) if (picked.size < limit) picked.add(subject);
  return subjects.filter((subject) => picked.has(subject));
}

/**
 * Runs `probe` on the subjects it applies to (see pickSubjects) and sums up; `none` is the skip
 * reason when it applied to none.
 */
export async function overSubjects(
  ctx: CheckContext,
  applies: (subject: MrtrSubject) => boolean,
  none: string,
  probe: (client: ModernClient, subject: MrtrSubject) => Promise<Finding>,
  summary: { pass: (count: number) => string; fail: string; fix: string },
  choice: { shapesOnly?: boolean; limit?: number } = {},
): Promise<CheckOutcome> {
  const run = await mrtrRun(ctx);
  if (run.subjects.length === 0) return skip(noSubjectReason(run));
  const applicable = run.subjects.filter(applies);
  const chosen = choice.shapesOnly
    ? pickSubjects(applicable, SHAPES_PER_RULE, true)
    : pickSubjects(applicable, choice.limit ?? SUBJECTS_PER_RULE);
  if (chosen.length === 0) return skip(none);
  const problems: string[] = [];
  const evidence: Evidence[] = [];
  const judged: MrtrSubject[] = [];
  const notes: string[] = [];
  const client = await checkClient(ctx, run);
  for (const subject of chosen) {
    const finding = await probe(client, subject);
    if (finding.judged) judged.push(subject);
    else if (finding.note) notes.push(finding.note);
    if (finding.problem) problems.push(`${subject.label}: ${finding.problem}`);
    if (finding.problem && finding.evidence && evidence.length < MAX_EVIDENCE) evidence.push({ ...finding.evidence, label: subject.label });
  }
  if (problems.length > 0) return violated(`${summary.fail}: ${problems.join(' | ')}`, evidence, summary.fix);
  if (judged.length === 0) return skip(notes.length > 0 ? notes.join('; ') : none);
  const of =
    applicable.length > chosen.length ? `; ${chosen.length} of ${applicable.length} subjects, one per method and input shape first` : '';
  const unjudged = notes.length > 0 ? `; not judged: ${notes.join('; ')}` : '';
  return pass(`${summary.pass(judged.length)} (${byMethod(judged)}${of})${unjudged}`);
}

/** How many of the subjects each method accounts for, e.g. "7 tools/call, 1 resources/read". */
function byMethod(subjects: readonly MrtrSubject[]): string {
  const counts = new Map<string, number>();
  for (const { method } of subjects) counts.set(method, (counts.get(method) ?? 0) + 1);
  return [...counts].map(([method, count]) => `${count} ${method}`).join(', ');
}

export const hasState = (subject: MrtrSubject): boolean => typeof subject.result.requestState === 'string';
export const hasRequests = (subject: MrtrSubject): boolean =>
  isRecord(subject.result.inputRequests) && Object.keys(subject.result.inputRequests).length > 0;
