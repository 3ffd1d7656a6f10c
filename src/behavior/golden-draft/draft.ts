/**
 * The one drafting path of golden cases, shared by `mcpgate init` and `mcpgate golden draft`: from
 * tools/list, one case per tool, a case per side of each pair `overlap` ranks high (it forbids the
 * twin), and negative cases no tool fits. With a model, the model writes the prompts and expected
 * arguments (two positives and one negative near each tool's domain); without one, or where its
 * answer is unusable, the case gets a `REPLACE ME` prompt. Every case is a draft with a reason, so
 * none is gated until a person has read it, and a server with tools never gets an empty set.
 */

import { toolOverlaps } from '../../models/lexical/overlap.js';
import type { ModelClient, ToolSpec } from '../../models/types.js';
import { EXIT } from '../../shared/exit-codes.js';
import { InputError } from '../../shared/input-error.js';
import { askWriter } from './writer.js';
import { isRecord } from '../../shared/guards.js';

export interface DraftCase {
  id: string;
  /** What the case is for: the draft's comment. */
  why: string;
  /** Which of the three kinds it is, for the counts printed. */
  role: 'tool' | 'pair' | 'negative';
  prompt: string;
  expectTool: string | null;
  expectArgs?: Record<string, unknown>;
  forbidTools?: string[];
}

export interface DraftedSet {
  cases: DraftCase[];
  /** How many tools the server listed. */
  listed: number;
  /** The tools drafted: the first MAX_DRAFTED_TOOLS of them. */
  drafted: number;
  /** The model that wrote the prompts, when one did. */
  writer?: string;
}

/** A golden set of hundreds of drafts is reviewed by nobody; the header says how many tools were left out. */
export const MAX_DRAFTED_TOOLS = 50;
/** Pairs at or above this overlap get confusion-pair cases. */
const PAIR_THRESHOLD = 0.25;
const MAX_PAIRS = 5;
/** A first sentence longer than this (a hostile or generated description) is cut, and says so. */
const MAX_SENTENCE_CHARS = 400;

/**
 * Requests few servers serve. They are drafts like the rest: a server that books flights must change
 * the third, which the comment says.
 */
const GENERAL_NEGATIVES: ReadonlyArray<Pick<DraftCase, 'id' | 'why' | 'prompt'>> = [
  {
    id: 'negative-small-talk',
    prompt: "Thanks, that's all for today!",
    why: 'small talk: no tool fits, so calling one is over-activation',
  },
  {
    id: 'negative-general-knowledge',
    prompt: 'What is the capital of Australia?',
    why: 'general knowledge a model answers without a tool: calling one is over-activation',
  },
  {
    id: 'negative-out-of-scope',
    prompt: 'Book me a flight to Tokyo next Friday.',
    why: "a task outside the server's tools (if one of them does this, change the prompt): calling a tool is over-activation",
  },
];

/** No case can be drafted: `golden draft` exits with it (2); `init` writes no golden set and says why. */
export class NothingToDraftError extends InputError {
  constructor(server: string) {
    super(
      `no golden case drafted: ${server} lists no tools, and a golden case expects a tool call (layer 1 needs tools; layer 0 still checks the server)`,
      EXIT.usage,
    );
    this.name = 'NothingToDraftError';
  }
}

/** The lexical baseline ranks tools; it cannot write a prompt, so naming it as the writer is a usage error. */
export function checkDraftWriter(model: ModelClient | undefined): void {
  if (model?.kind === 'lexical-baseline')
    throw new InputError(
      '--model baseline is the lexical baseline: it ranks tools and cannot write prompts; leave out --model for placeholder drafts, or name a model that writes them (e.g. openai:gpt-4.1-mini)',
      EXIT.usage,
    );
}

/** The first sentence of a description, whole unless it is abnormally long, when the cut is marked. */
export function firstSentence(text: string | undefined): string {
  const sentence =
    (text ?? '')
      .trim()
      .split(/(?<=[.!?])\s/)[0]
      ?.trim() ?? '';
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_SENTENCE_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))} … (cut at ${MAX_SENTENCE_CHARS} characters; the whole description is in tools/list)`;
}

function about(tool: ToolSpec): string {
  const sentence = firstSentence(tool.description);
  return sentence === '' ? `${tool.name} (no description).` : `${tool.name}: ${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}`;
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100);
}

function placeholder(tool: ToolSpec, reason: string): DraftCase {
  return {
    id: `${slug(tool.name)}-basic`,
    why: `${about(tool)} ${reason}`,
    role: 'tool',
    prompt: `REPLACE ME: a request a user would type that needs ${tool.name}`,
    expectTool: tool.name,
  };
}

async function toolCases(tool: ToolSpec, names: string[], model: ModelClient | undefined, index: number): Promise<DraftCase[]> {
  if (!model) return [placeholder(tool, `Write a request a user would type that needs ${tool.name}.`)];
  const answer = await askWriter(model, { tool: describe(tool), otherTools: names.filter((n) => n !== tool.name) }, index);
  const cases: DraftCase[] = [];
  (Array.isArray(answer?.positives) ? answer.positives : []).slice(0, 2).forEach((p: unknown, i: number) => {
    const { prompt, arguments: args } = (p ?? {}) as { prompt?: unknown; arguments?: unknown };
    if (typeof prompt !== 'string' || prompt.trim() === '') return;
    cases.push({
      id: `${slug(tool.name)}-${i + 1}`,
      why: `${about(tool)} A request it should handle, with the arguments ${model.id} expects: check both.`,
      role: 'tool',
      prompt: prompt.trim(),
      expectTool: tool.name,
      ...(isRecord(args) && Object.keys(args).length > 0 ? { expectArgs: args } : {}),
    });
  });
  if (cases.length === 0) cases.push(placeholder(tool, `${model.id} wrote no usable prompt for it: write one.`));
  (Array.isArray(answer?.negatives) ? answer.negatives : []).slice(0, 1).forEach((n: unknown, i: number) => {
    if (typeof n !== 'string' || n.trim() === '') return;
    cases.push({
      id: `${slug(tool.name)}-negative-${i + 1}`,
      why: `near ${tool.name}'s domain but no tool fits: calling one is over-activation`,
      role: 'negative',
      prompt: n.trim(),
      expectTool: null,
    });
  });
  return cases;
}

/** `offset`: the cases drafted before, so each question to the model has a sample index of its own. */
async function pairCases(tools: ToolSpec[], model: ModelClient | undefined, offset: number): Promise<DraftCase[]> {
  const cases: DraftCase[] = [];
  for (const pair of toolOverlaps(tools)
    .filter((p) => p.score >= PAIR_THRESHOLD)
    .slice(0, MAX_PAIRS)) {
    for (const [wanted, twin] of [pair.tools, [pair.tools[1], pair.tools[0]]] as Array<[string, string]>) {
      const why = `confusion pair: ${wanted} and ${twin} overlap ${pair.score.toFixed(2)} (shared: ${pair.sharedTerms.slice(0, 4).join(', ')}); the model must not pick ${twin}`;
      const base = { id: `pair-${slug(wanted)}-not-${slug(twin)}`, role: 'pair' as const, expectTool: wanted, forbidTools: [twin] };
      const answer = model
        ? await askWriter(
            model,
            { pair: [describe(tools.find((t) => t.name === wanted)!), describe(tools.find((t) => t.name === twin)!)] },
            offset + cases.length,
          )
        : undefined;
      if (typeof answer?.prompt === 'string' && answer.prompt.trim() !== '') {
        cases.push({
          ...base,
          why,
          prompt: answer.prompt.trim(),
          ...(isRecord(answer.arguments) && Object.keys(answer.arguments).length > 0 ? { expectArgs: answer.arguments } : {}),
        });
      } else
        cases.push({
          ...base,
          why: model ? `${why}. ${model.id} wrote no usable prompt for it: write one.` : why,
          prompt: `REPLACE ME: a request that needs ${wanted}, not ${twin}`,
        });
    }
  }
  return cases;
}

/** Two tools whose names differ only in characters an id cannot hold would share an id: the later gets `-2`, `-3`. */
function uniqueIds(cases: DraftCase[]): DraftCase[] {
  const seen = new Set<string>();
  return cases.map((c) => {
    let id = c.id;
    for (let n = 2; seen.has(id); n++) id = `${c.id}-${n}`;
    seen.add(id);
    return id === c.id ? c : { ...c, id };
  });
}

/** `server` names the server in the error when it lists no tools. */
export async function draftGoldenSet(tools: readonly ToolSpec[], options: { server: string; model?: ModelClient }): Promise<DraftedSet> {
  if (tools.length === 0) throw new NothingToDraftError(options.server);
  const { model } = options;
  const drafted = tools.slice(0, MAX_DRAFTED_TOOLS);
  const names = tools.map((t) => t.name);
  const cases: DraftCase[] = [];
  for (const tool of drafted) cases.push(...(await toolCases(tool, names, model, cases.length)));
  cases.push(...(await pairCases(drafted, model, cases.length)));
  cases.push(...GENERAL_NEGATIVES.map((n) => ({ ...n, role: 'negative' as const, expectTool: null })));
  return { cases: uniqueIds(cases), listed: tools.length, drafted: drafted.length, ...(model ? { writer: model.id } : {}) };
}

/** The counts both commands print, taken from the cases written. */
export function draftSummary(set: DraftedSet): string {
  const count = (role: DraftCase['role']): number => set.cases.filter((c) => c.role === role).length;
  const tools = set.drafted < set.listed ? `the first ${set.drafted} of ${set.listed} tools` : `${set.listed} tool(s)`;
  return `${set.cases.length} draft case(s) from ${tools}: ${count('tool')} for single tools, ${count('pair')} for confusion pairs, ${count('negative')} negative`;
}

function describe(tool: ToolSpec): Record<string, unknown> {
  return { name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema };
}
