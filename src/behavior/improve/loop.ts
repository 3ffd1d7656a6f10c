/**
 * The improve loop: measure the golden set (and its paraphrases), then, for each part of the split,
 * take the worst confusions among the cases the proposer may see, ask it for rewrites, refuse those
 * that carry a golden entity or another tool's words, re-run the rest on the cases they are about,
 * the unseen cases they should fix and a guard sample, and keep a rewrite only when the gain on the
 * unseen cases is significant and no case or model drops significantly. Bounded by rounds and by
 * provider calls; a last full run shows the result.
 */

import type { CallStats } from '../../models/types.js';
import type { EvalReport } from '../../report/model.js';
import { canonicalJson, canonicalSha256 } from '../../shared/canonical-json.js';
import { usageError } from '../../shared/input-error.js';
import type { ServerTool } from '../../spec/tool.js';
import type { McpSession } from '../../wire/session.js';
import { applyDescriptions, describedSession, type DescriptionOverrides, type ToolOverride } from '../descriptions/index.js';
import { runEval, type EvalModel, type EvalOptions } from '../runner.js';
import type { GoldenCase, GoldenSet } from '../types.js';
import { stuffingGuard } from './guard.js';
import { measure, topConfusions } from './measure.js';
import type { Split } from './split.js';
import { judgeTrial, planTrial } from './trial.js';
import type { Proposal, Proposer, RefusedProposal, Trial, UnreadableAnswer } from './types.js';

export interface ImproveOptions extends Omit<EvalOptions, 'session' | 'golden' | 'models' | 'onProgress' | 'shard' | 'judge'> {
  session: McpSession;
  golden: GoldenSet;
  models: EvalModel[];
  proposer: Proposer;
  /** The proposer's and the paraphrase writer's provider calls count against the budget too. */
  otherStats?: CallStats[];
  /** Descriptions already served (a `--descriptions` file): the loop starts from them. */
  start?: DescriptionOverrides;
  split: Split;
  /** Rewordings of the golden cases by a model: no proposer sees them, every trial holds them out. */
  paraphrases?: GoldenCase[];
  proposalRounds: number;
  /** Provider calls allowed in all; an evaluation that could pass it is not started. */
  budget?: number;
  /** Other cases re-run with each proposal to catch a regression. */
  guard: number;
  /** Confusions tried per round and part. */
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
  /** Proposals refused before any measurement, with the reason. */
  refused: RefusedProposal[];
  /** Proposer answers that held no proposal mcpgate could read. */
  unreadable: UnreadableAnswer[];
  /** Every golden case and paraphrase with the starting descriptions. */
  before: EvalReport;
  /** The same with the final overrides; absent when the budget left no room for it. */
  after?: EvalReport;
  providerCalls: number;
  budgetExhausted: boolean;
  stopped: string;
  /** A golden case is still picked wrong at the end (by the last measurement of each case). */
  confusionsLeft: boolean;
}

/** A sample makes about two model calls (the pick and the answer); the budget check assumes so. */
export const CALLS_PER_SAMPLE = 2;

export async function improve(options: ImproveOptions): Promise<ImproveOutcome> {
  const serverTools = await options.session.listTools();
  const paraphrases = options.paraphrases ?? [];
  const cases = [...options.golden.cases, ...paraphrases];
  const goldenOrder = options.golden.cases.map((c) => c.id);
  const order = cases.map((c) => c.id);
  const paraphraseIds = new Set(paraphrases.map((c) => c.id));
  const llms = options.models.filter((m) => m.client.kind === 'llm').length;
  const others = [...new Set(options.otherStats ?? [])];
  const spent = (): number =>
    options.models.reduce((n, m) => n + m.stats.providerCalls, 0) + others.reduce((n, s) => n + s.providerCalls, 0);
  const affordable = (count: number): boolean =>
    options.budget === undefined || spent() + count * options.runs * llms * CALLS_PER_SAMPLE <= options.budget;

  const evaluate = async (ids: readonly string[], overrides: Map<string, ToolOverride>): Promise<EvalReport> => {
    const golden = { file: options.golden.file, cases: cases.filter((c) => ids.includes(c.id)) };
    const session = overrides.size > 0 ? describedSession(options.session, overridesOf(overrides, options.start)) : options.session;
    return (await runEval({ ...options, session, golden })).report;
  };

  if (!affordable(order.length))
    throw usageError(
      `--budget ${options.budget} is below the first measurement alone (about ${spent() + order.length * options.runs * llms * CALLS_PER_SAMPLE} provider calls): raise it, or lower --runs`,
    );
  let current = new Map(options.start?.tools ?? []);
  const guard = stuffingGuard(applyDescriptions(serverTools, overridesOf(current, options.start)), cases);
  options.onStep?.(
    `measuring ${goldenOrder.length} cases${paraphrases.length > 0 ? ` and ${paraphrases.length} paraphrases` : ''} with ${options.models.length} model(s), ${options.runs} runs each`,
  );
  const before = await evaluate(order, current);
  const state = measure(before);
  const trials: Trial[] = [];
  const refused: RefusedProposal[] = [];
  const unreadable: UnreadableAnswer[] = [];
  const tried = new Set<string>();
  let stopped = `stopped after ${options.proposalRounds} round(s) (--proposal-rounds)`;
  let budgetExhausted = false;
  const outOfBudget = (): void => {
    budgetExhausted = true;
    stopped = `stopped at the budget (${options.budget} provider calls)`;
  };

  rounds: for (let round = 1; round <= options.proposalRounds; round++) {
    let accepted = 0;
    let offered = 0;
    let unread = 0;
    const answeredBefore = trials.length + refused.length;
    for (const [index, heldOutIds] of options.split.parts.entries()) {
      const part = index + 1;
      const heldOutPart = new Set(heldOutIds);
      const training = { file: options.golden.file, cases: options.golden.cases.filter((c) => !heldOutPart.has(c.id)) };
      const confusions = topConfusions(
        state,
        training.cases.map((c) => c.id),
        options.top,
      );
      for (const confusion of confusions) {
        offered++;
        if (!affordable(1)) {
          outOfBudget();
          break rounds;
        }
        const served = applyDescriptions(serverTools, overridesOf(current, options.start));
        const answer = await options.proposer.propose({ confusion, tools: served, golden: training, round });
        const cell = { expected: confusion.expected, chosen: confusion.chosen };
        if (answer.unreadable !== undefined) {
          unread++;
          unreadable.push({ round, part, confusion: cell, problem: answer.unreadable });
          options.onStep?.(`round ${round}, part ${part}: no proposal read for ${label(cell)}: ${answer.unreadable}`);
        }
        for (const proposal of answer.proposals) {
          const signature = canonicalJson(proposal.rewrites.map((r) => [r.tool, r.after]));
          if (tried.has(signature)) continue;
          tried.add(signature);
          const refusal = guard.refusal(proposal);
          if (refusal !== undefined) {
            refused.push({ round, part, confusion: cell, proposal, reason: refusal });
            options.onStep?.(`round ${round}, part ${part}: refused ${proposal.label}: ${refusal}`);
            continue;
          }
          const plan = planTrial({ confusion, proposal, state, order, heldOutPart, paraphrases: paraphraseIds, guardSize: options.guard });
          const ids = [...new Set([...plan.inSample, ...plan.heldOut, ...plan.paraphrases, ...plan.guard])];
          if (!affordable(ids.length)) {
            outOfBudget();
            break rounds;
          }
          options.onStep?.(
            `round ${round}, part ${part}: ${proposal.label} (${plan.inSample.length} learned + ${plan.heldOut.length + plan.paraphrases.length} unseen + ${plan.guard.length} guard)`,
          );
          const candidate = withRewrites(current, proposal);
          const callsBefore = spent();
          const trialState = measure(await evaluate(ids, candidate));
          const unseen = new Set([...heldOutPart, ...paraphraseIds]);
          const models = options.models.map((m) => m.client.id);
          const trial = judgeTrial({
            round,
            part,
            confusion,
            proposal,
            plan,
            before: state,
            after: trialState,
            unseen,
            models,
            z: options.z,
          });
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
    }
    if (offered === 0) {
      const heldOutOnly = topConfusions(state, goldenOrder, 1).length > 0;
      stopped = heldOutOnly ? 'no confusion left in the cases a proposer may see (some remain in held-out cases)' : 'no confusion left';
      break;
    }
    if (accepted === 0) {
      const fresh = trials.length + refused.length > answeredBefore;
      stopped = fresh
        ? 'no proposal proved a significant gain on unseen cases without a regression'
        : unread === offered
          ? `no proposal to test: the proposer's answer could not be read (${unreadable.length} unreadable answer(s))`
          : 'no new proposal: the proposer answered with rewrites already tested';
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
    refused,
    unreadable,
    before,
    ...(after ? { after } : {}),
    providerCalls: spent(),
    budgetExhausted,
    stopped,
    confusionsLeft: topConfusions(after ? measure(after) : state, goldenOrder, 1).length > 0,
  };
}

function label(cell: { expected: string | null; chosen: string | null }): string {
  return `${cell.expected ?? 'none'} -> ${cell.chosen ?? 'none'}`;
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
