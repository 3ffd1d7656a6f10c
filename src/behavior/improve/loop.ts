/**
 * The improve loop: measure the golden set, take the worst confusions, ask the proposer for rewrites,
 * re-run the cases each one is about plus those touching a rewritten tool and a guard sample of the
 * rest, and keep a rewrite only when the right picks on its cases rise significantly and no case or
 * model drops significantly. Bounded by rounds and by provider calls; a last full run shows the result.
 */

import { createHash } from 'node:crypto';
import type { CallStats } from '../../models/types.js';
import type { EvalReport } from '../../report/model.js';
import { canonicalJson, canonicalSha256 } from '../../shared/canonical-json.js';
import { usageError } from '../../shared/input-error.js';
import type { ServerTool } from '../../spec/tool.js';
import type { McpSession } from '../../wire/session.js';
import { applyDescriptions, describedSession, type DescriptionOverrides, type ToolOverride } from '../descriptions/index.js';
import { runEval, type EvalModel, type EvalOptions } from '../runner.js';
import type { GoldenSet } from '../types.js';
import { gainInterval, measure, pooled, significantDrop, stateKey, topConfusions, type CaseState } from './measure.js';
import type { Confusion, Proposal, Proposer, Trial, UnreadableAnswer } from './types.js';

export interface ImproveOptions extends Omit<EvalOptions, 'session' | 'golden' | 'models' | 'onProgress' | 'shard' | 'judge'> {
  session: McpSession;
  golden: GoldenSet;
  models: EvalModel[];
  proposer: Proposer;
  /** The proposer's provider calls count against the budget too. */
  proposerStats?: CallStats;
  /** Descriptions already served (a `--descriptions` file): the loop starts from them. */
  start?: DescriptionOverrides;
  proposalRounds: number;
  /** Provider calls allowed in all; an evaluation that could pass it is not started. */
  budget?: number;
  /** Other cases re-run with each proposal to catch a regression. */
  guard: number;
  /** Confusions tried per round. */
  top: number;
  /** z of the significance level (1.96 for 95%). */
  z: number;
  onStep?: (message: string) => void;
}

export interface ImproveOutcome {
  serverTools: ServerTool[];
  /** Every override at the end: the starting file's and the accepted rewrites. */
  overrides: Map<string, ToolOverride>;
  trials: Trial[];
  /** Proposer answers that held no proposal mcpgate could read. */
  unreadable: UnreadableAnswer[];
  before: EvalReport;
  /** Every case with the final overrides; absent when the budget left no room for it. */
  after?: EvalReport;
  providerCalls: number;
  budgetExhausted: boolean;
  stopped: string;
}

/** A sample makes about two model calls (the pick and the answer); the budget check assumes so. */
const CALLS_PER_SAMPLE = 2;

export async function improve(options: ImproveOptions): Promise<ImproveOutcome> {
  const serverTools = await options.session.listTools();
  const order = options.golden.cases.map((c) => c.id);
  const llms = options.models.filter((m) => m.client.kind === 'llm').length;
  const spent = (): number => options.models.reduce((n, m) => n + m.stats.providerCalls, 0) + (options.proposerStats?.providerCalls ?? 0);
  const affordable = (cases: number): boolean =>
    options.budget === undefined || spent() + cases * options.runs * llms * CALLS_PER_SAMPLE <= options.budget;

  const evaluate = async (ids: readonly string[], overrides: Map<string, ToolOverride>): Promise<EvalReport> => {
    const golden = { file: options.golden.file, cases: options.golden.cases.filter((c) => ids.includes(c.id)) };
    const session = overrides.size > 0 ? describedSession(options.session, overridesOf(overrides, options.start)) : options.session;
    return (await runEval({ ...options, session, golden })).report;
  };

  if (!affordable(order.length))
    throw usageError(
      `--budget ${options.budget} is below the first measurement alone (about ${order.length * options.runs * llms * CALLS_PER_SAMPLE} provider calls): raise it, or lower --runs`,
    );
  let current = new Map(options.start?.tools ?? []);
  options.onStep?.(`measuring ${order.length} cases with ${options.models.length} model(s), ${options.runs} runs each`);
  const before = await evaluate(order, current);
  const state = measure(before);
  const trials: Trial[] = [];
  const unreadable: UnreadableAnswer[] = [];
  const tried = new Set<string>();
  let stopped = `stopped after ${options.proposalRounds} round(s) (--proposal-rounds)`;
  let budgetExhausted = false;

  rounds: for (let round = 1; round <= options.proposalRounds; round++) {
    const confusions = topConfusions(state, order, options.top);
    if (confusions.length === 0) {
      stopped = 'no confusion left';
      break;
    }
    let accepted = 0;
    const trialsBefore = trials.length;
    for (const confusion of confusions) {
      const served = applyDescriptions(serverTools, overridesOf(current, options.start));
      if (!affordable(1)) {
        budgetExhausted = true;
        stopped = `stopped at the budget (${options.budget} provider calls)`;
        break rounds;
      }
      const answer = await options.proposer.propose({ confusion, tools: served, golden: options.golden, round });
      if (answer.unreadable !== undefined) {
        unreadable.push({ round, confusion: { expected: confusion.expected, chosen: confusion.chosen }, problem: answer.unreadable });
        options.onStep?.(
          `round ${round}: no proposal read for ${confusion.expected ?? 'none'} -> ${confusion.chosen ?? 'none'}: ${answer.unreadable}`,
        );
      }
      for (const proposal of answer.proposals) {
        const signature = canonicalJson(proposal.rewrites.map((r) => [r.tool, r.after]));
        if (tried.has(signature)) continue;
        tried.add(signature);
        const plan = casesFor(confusion, proposal, state, order, options.guard);
        if (!affordable(plan.target.length + plan.guard.length)) {
          budgetExhausted = true;
          stopped = `stopped at the budget (${options.budget} provider calls)`;
          break rounds;
        }
        options.onStep?.(`round ${round}: ${proposal.label} (${plan.target.length} case(s) + ${plan.guard.length} guard)`);
        const candidate = withRewrites(current, proposal);
        const callsBefore = spent();
        const trialState = measure(await evaluate([...plan.target, ...plan.guard], candidate));
        const trial = judgeTrial(round, confusion, proposal, plan, state, trialState, options);
        trial.providerCalls = spent() - callsBefore;
        trials.push(trial);
        if (trial.accepted) {
          current = candidate;
          for (const [key, value] of trialState) state.set(key, value);
          accepted++;
          break;
        }
      }
    }
    if (accepted === 0) {
      const untested = trials.length === trialsBefore && unreadable.some((u) => u.round === round);
      stopped = untested
        ? `no proposal to test: the proposer's answer could not be read (${unreadable.length} unreadable answer(s))`
        : 'no proposal proved a significant gain without a regression';
      break;
    }
  }

  const changed = trials.some((t) => t.accepted);
  options.onStep?.(changed ? 'measuring every case again with the accepted rewrites' : 'nothing accepted; no final run');
  let after: EvalReport | undefined = before;
  if (changed && affordable(order.length)) after = await evaluate(order, current);
  else if (changed) {
    after = undefined;
    budgetExhausted = true;
    stopped += '; the budget left no room for the final full run';
  }
  return {
    serverTools,
    overrides: current,
    trials,
    unreadable,
    before,
    ...(after ? { after } : {}),
    providerCalls: spent(),
    budgetExhausted,
    stopped,
  };
}

/** The overrides as the rewriting layer takes them; in memory, so positions point at the start file or nowhere. */
function overridesOf(tools: Map<string, ToolOverride>, start?: DescriptionOverrides): DescriptionOverrides {
  const entries = [...tools].map(([name, o]) => [name, o.description ?? null, o.parameters]);
  return {
    file: start?.file ?? 'the proposed descriptions',
    sha256: canonicalSha256(entries),
    tools,
    at: (tool, parameter) => (start && start.tools.has(tool) ? start.at(tool, parameter) : { line: 1, col: 1 }),
  };
}

function withRewrites(current: Map<string, ToolOverride>, proposal: Proposal): Map<string, ToolOverride> {
  const next = new Map(current);
  for (const r of proposal.rewrites) next.set(r.tool, { parameters: current.get(r.tool)?.parameters ?? {}, description: r.after });
  return next;
}

interface CasePlan {
  target: string[];
  /** Cases touching a rewritten tool (expected or chosen), then a guard sample of the others. */
  guard: string[];
}

/**
 * The guard sample is the same for every proposal of a run: the other cases in the order of a hash of
 * their id, so it is spread over the golden set rather than its first lines.
 */
function casesFor(
  confusion: Confusion,
  proposal: Proposal,
  state: Map<string, CaseState>,
  order: readonly string[],
  guardSize: number,
): CasePlan {
  const rewritten = new Set(proposal.rewrites.map((r) => r.tool));
  const target = order.filter((id) => confusion.cases.includes(id));
  const touching = new Set<string>();
  for (const { figures, cells } of state.values()) {
    if (target.includes(figures.id)) continue;
    if (cells.some((c) => (c.expected !== null && rewritten.has(c.expected)) || (c.chosen !== null && rewritten.has(c.chosen))))
      touching.add(figures.id);
  }
  const hash = (id: string): string => createHash('sha256').update(id).digest('hex');
  const rest = order.filter((id) => !target.includes(id) && !touching.has(id)).sort((a, b) => (hash(a) < hash(b) ? -1 : 1));
  return { target, guard: [...order.filter((id) => touching.has(id)), ...rest.slice(0, guardSize)] };
}

function judgeTrial(
  round: number,
  confusion: Confusion,
  proposal: Proposal,
  plan: CasePlan,
  before: Map<string, CaseState>,
  after: Map<string, CaseState>,
  options: Pick<ImproveOptions, 'models' | 'z'>,
): Trial {
  const models = options.models.map((m) => m.client.id);
  const keys = (ids: string[]): string[] => models.flatMap((m) => ids.map((id) => stateKey(m, id)));
  const selection = (f: { selection: { k: number; n: number } }): { k: number; n: number } => f.selection;
  const passes = (f: { passes: { k: number; n: number } }): { k: number; n: number } => f.passes;
  const targetBefore = pooled(before, keys(plan.target), selection);
  const targetAfter = pooled(after, keys(plan.target), selection);
  const gain = { before: targetBefore, after: targetAfter, ...gainInterval(targetBefore, targetAfter, options.z) };
  const regressions: string[] = [];
  const all = [...plan.target, ...plan.guard];
  for (const key of keys(all)) {
    const b = before.get(key)?.figures;
    const a = after.get(key)?.figures;
    if (!a || !b) continue;
    for (const [what, pick] of [
      ['selection', selection],
      ['passes', passes],
    ] as const)
      if (significantDrop(pick(b), pick(a), options.z))
        regressions.push(`${a.id} with ${a.model}: ${what} ${pick(b).k}/${pick(b).n} -> ${pick(a).k}/${pick(a).n}`);
  }
  for (const model of models) {
    for (const [what, pick] of [
      ['selection', selection],
      ['passes', passes],
    ] as const) {
      const b = pooled(
        before,
        all.map((id) => stateKey(model, id)),
        pick,
      );
      const a = pooled(
        after,
        all.map((id) => stateKey(model, id)),
        pick,
      );
      if (significantDrop(b, a, options.z)) regressions.push(`${model} over the re-run cases: ${what} ${b.k}/${b.n} -> ${a.k}/${a.n}`);
    }
  }
  const accepted = gain.significant && regressions.length === 0;
  const reason = accepted
    ? `right picks on its cases ${targetBefore.k}/${targetBefore.n} -> ${targetAfter.k}/${targetAfter.n}, significant; no case or model dropped significantly`
    : !gain.significant
      ? `right picks on its cases ${targetBefore.k}/${targetBefore.n} -> ${targetAfter.k}/${targetAfter.n}: not a significant gain`
      : `significant gain, but ${regressions.length} significant regression(s)`;
  return {
    round,
    confusion,
    proposal,
    targetCases: plan.target,
    guardCases: plan.guard,
    gain,
    regressions,
    accepted,
    reason,
    providerCalls: 0,
  };
}
