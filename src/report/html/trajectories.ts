/**
 * What the model actually did in the runs that did not pass: its steps, every tool call with its
 * arguments and result, the MRTR rounds a call went through, and the final answer. One folded block
 * per case result, so the page stays short until a reader opens the case they are after. Arguments,
 * results and answers are the model's and the server's text: every one goes through esc().
 */

import { caseReasons, passRate } from '../failure-reasons.js';
import { ms } from '../format.js';
import type { EvalArgIssue, EvalCaseResult, EvalReport, EvalSample, EvalToolCall } from '../model.js';

type InputRound = NonNullable<EvalToolCall['rounds']>[number];
import { esc } from './escape.js';
import { plural } from '../../shared/plural.js';

/** Different runs shown per case: the JSON report has every one. */
const SAMPLES_SHOWN = 5;
/** A pretty-printed argument object, a result excerpt or an answer is cut here. */
const TEXT_MAX_CHARS = 4_000;

/** The case results that have a run worth reading: those that did not pass, and flaky ones. */
export function casesWithFailingRuns(ev: EvalReport): EvalCaseResult[] {
  return ev.cases.filter((c) => (c.status !== 'pass' || c.flaky) && c.trajectories.some((t) => t.status !== 'pass'));
}

/** Each such case result's anchor; by position, since case ids are golden-file text. */
export function failingRunAnchors(ev: EvalReport): Map<EvalCaseResult, string> {
  return new Map(casesWithFailingRuns(ev).map((c, i) => [c, `runs-${i}`]));
}

export function trajectoriesSection(ev: EvalReport): string {
  const anchors = failingRunAnchors(ev);
  if (anchors.size === 0) return '';
  return (
    `<h3 id="failing-runs">Runs that did not pass</h3>` +
    `<p class="note">What the model did in each run of a case that did not pass: its steps, every tool call with its arguments and result, the MRTR rounds, and its answer. ` +
    `Folded: open a case. Runs that did the same are shown once; at most ${SAMPLES_SHOWN} different runs per case; the JSON report has every one.</p>` +
    [...anchors].map(([c, anchor]) => caseBlock(c, anchor)).join('')
  );
}

/** Runs that did the same (same calls, results, rounds, answer and reasons) are one block: ten identical failures read as one. */
export function sameRuns(samples: readonly EvalSample[]): EvalSample[][] {
  const groups = new Map<string, EvalSample[]>();
  for (const s of samples) {
    const key = JSON.stringify([
      s.status,
      s.ended,
      s.error,
      s.reasons,
      s.calls.map((c) => [c.name, c.arguments, c.result, c.isError, c.refused, c.rounds]),
      s.finalText,
    ]);
    const group = groups.get(key);
    if (group) group.push(s);
    else groups.set(key, [s]);
  }
  return [...groups.values()];
}

function caseBlock(c: EvalCaseResult, anchor: string): string {
  const failing = c.trajectories.filter((t) => t.status !== 'pass');
  const groups = sameRuns(failing);
  const shown = groups.slice(0, SAMPLES_SHOWN);
  const more = groups.length - shown.length;
  return (
    `<details class="trajectory" id="${anchor}"><summary><code>${esc(c.id)}</code> with ${esc(c.model)}: ${esc(passRate(c))}, ` +
    `${plural(failing.length, 'run')} did not pass <span class="muted">${esc(caseReasons(c))}</span></summary>` +
    shown.map((group) => sampleBlock(group, c.runs)).join('') +
    (more > 0 ? `<p class="note">… ${plural(more, 'more different run')} that did not pass, in the JSON report.</p>` : '') +
    `</details>`
  );
}

/** One run as the report shows it (with the runs that did the same): `mcpgate view` sets failing and passing runs side by side. */
export function sampleBlock(group: readonly EvalSample[], runs: number): string {
  const s = group[0]!;
  const others = group.slice(1).map((t) => t.index + 1);
  const same =
    others.length > 0
      ? ` <span class="muted">and ${plural(others.length, 'more run')} that did the same (${others.join(', ')})</span>`
      : '';
  const steps = s.stepMs.length;
  const tokens = s.inputTokens === undefined ? '' : ` · tokens ${s.inputTokens} in, ${s.outputTokens ?? 0} out`;
  const timing =
    `${plural(steps, 'model step')}${steps > 0 ? ` (${s.stepMs.map((t) => ms(t)).join(', ')})` : ''} · ` +
    `${plural(s.calls.length, 'tool call')} (server ${ms(s.serverMs)})${tokens}`;
  const reasons = s.reasons.length > 0 ? `<ul class="reasons">${s.reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '';
  const issues = s.args && s.args.issues.length > 0 ? `<p>Arguments: ${s.args.issues.map(argIssue).join('; ')}</p>` : '';
  const completion =
    s.completion.reason !== undefined
      ? `<p>Task completion (judge): ${esc(s.completion.status.replace('_', ' '))}: ${esc(s.completion.reason)}</p>`
      : '';
  const error = s.error !== undefined ? `<p class="alert">${esc(s.error)}</p>` : '';
  const summarised = s.summarised
    ? `<p class="note">Tool results and the answer were dropped once this run was scored (--trajectories).</p>`
    : '';
  const answer = s.summarised ? '' : `<li><span class="step">answer</span>${block(s.finalText || '(empty)')}</li>`;
  return (
    `<div class="sample"><h4>Run ${s.index + 1} of ${runs}: <span class="st st-${esc(s.status)}">${esc(s.status)}</span> <span class="muted">ended: ${esc(s.ended)}</span>${same}</h4>` +
    `${reasons}${issues}${completion}${error}<p class="muted">${esc(timing)}</p>${summarised}` +
    `<ol class="steps">${s.calls.map(callItem).join('')}${answer}</ol></div>`
  );
}

function callItem(call: EvalToolCall): string {
  const state = call.refused
    ? ' <span class="st st-warn">refused by mcpgate</span>'
    : call.isError
      ? ' <span class="st st-fail">error</span>'
      : '';
  const rounds = (call.rounds ?? []).map(roundBlock).join('');
  return (
    `<li><span class="step">tool call</span> <code>${esc(call.name)}</code>${state} <span class="muted">${ms(call.serverMs)}</span>` +
    `<div class="label">arguments</div>${block(JSON.stringify(call.arguments, null, 2))}${rounds}` +
    `<div class="label">${call.refused ? 'refusal sent instead' : 'result'}</div>${block(call.result)}</li>`
  );
}

function roundBlock(round: InputRound, index: number): string {
  const inputs = round.inputs.map((input) => {
    const message = input.message !== undefined ? ` “${esc(input.message)}”` : '';
    const fields = input.fields?.length ? ` <span class="muted">fields ${esc(input.fields.join(', '))}</span>` : '';
    const tools = input.tools?.length ? ` <span class="muted">tools ${esc(input.tools.join(', '))}</span>` : '';
    return `<li><code>${esc(input.key)}</code> ${esc(input.kind)}${message}${fields}${tools} → ${esc(input.answer)}</li>`;
  });
  const state = round.requestState ? ' <span class="muted">(the retry echoed its requestState)</span>' : '';
  return `<div class="label">MRTR round ${index + 1}${state}</div><ul class="rounds">${inputs.join('') || '<li>no input asked</li>'}</ul>`;
}

function argIssue(issue: EvalArgIssue): string {
  const mode = issue.mode ? ` (${issue.mode})` : '';
  const expected = issue.expected === undefined ? '' : `, expected ${JSON.stringify(issue.expected)}`;
  const actual = issue.actual === undefined ? '' : `, got ${JSON.stringify(issue.actual)}`;
  return `<code>${esc(issue.argument)}</code> ${esc(issue.kind.replace('_', ' '))}${esc(mode)}${esc(expected)}${esc(actual)}`;
}

function block(text: string): string {
  const cut =
    text.length > TEXT_MAX_CHARS
      ? `${text.slice(0, TEXT_MAX_CHARS)}\n… ${text.length - TEXT_MAX_CHARS} more characters in the JSON report`
      : text;
  return `<pre>${esc(cut)}</pre>`;
}
