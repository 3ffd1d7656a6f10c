/**
 * How layer 0 drives multi round-trip requests (basic/patterns/mrtr) on the three methods that may
 * answer input_required: tools/call (safe calls only), resources/read of every listed resource
 * (reading changes nothing) and prompts/get of every listed prompt. mcpgate answers every input
 * request with a deterministic value (a form filled from its requestedSchema, a fixed sampling
 * answer, one declared root) and re-issues the call with a new id, so every run sends the same
 * answers and a verdict can be reproduced. Over HTTP each check makes its calls
 * one at a time on a connection of its own, so that a retry travels on the socket of its first round
 * (only mrtr.fresh-connection-retry changes that, on purpose); over stdio there is one pipe anyway,
 * and the checks share the run's process.
 */

import { forEachInLanes } from '../../shared/lanes.js';
import { fillForm } from '../../spec/elicitation-form.js';
import { META, type INPUT_REQUIRED_METHODS } from '../../spec/protocol.js';
import type { ListedTool } from '../../spec/tool.js';
import type { Exchange } from '../../wire/exchange.js';
import { isRecord } from '../../shared/guards.js';
import type { ModernClient } from '../../wire/modern-client.js';
import type { CheckContext } from '../context.js';
import { resultOf } from './expect.js';
import { safeCalls, type ToolCall } from '../calls.js';
import { oncePerRun } from '../per-run.js';

/** Every input kind mcpgate can answer: what the first round of a flow declares. */
export const FULL_CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: {} };
const DECLARED_ROOT = { uri: 'file:///tmp/mcpgate-root', name: 'mcpgate' };
const SAMPLING_ANSWER = {
  role: 'assistant',
  content: { type: 'text', text: 'mcpgate sampled answer' },
  model: 'mcpgate-fixed',
  stopReason: 'endTurn',
};

/** First rounds in flight at once while the subjects are searched. */
const SEARCH_LANES = 8;
/** What a prompt's required arguments are filled with (prompt arguments are strings); a prompt that refuses it is no subject. */
const PROMPT_ARGUMENT = 'example';

/**
 * One request that may answer input_required. `args` are the tool or prompt arguments (a resource
 * has none); `tool` is set for tools/call, which is only ever made through ctx.callTool.
 */
export interface MrtrRequest {
  method: (typeof INPUT_REQUIRED_METHODS)[number];
  /** What evidence and messages call it: `tools/call NAME`, `resources/read URI`, `prompts/get NAME`. */
  label: string;
  params: Record<string, unknown>;
  args?: Record<string, unknown>;
  tool?: ListedTool;
}

/** A request that answered input_required when made with FULL_CAPABILITIES. */
export interface MrtrSubject extends MrtrRequest {
  first: Exchange;
  result: Record<string, unknown>;
}

export interface MrtrRun {
  client: ModernClient;
  subjects: MrtrSubject[];
  /** How many requests of each method were tried, for the skip message. */
  tried: Record<MrtrRequest['method'], number>;
}

export function isInputRequired(result: Record<string, unknown> | undefined): result is Record<string, unknown> {
  return result?.resultType === 'input_required';
}

/**
 * The connection the MRTR and progress probes call on. Over stdio a new client is a new server
 * process, the costliest step of a run, and every message of these probes is told apart by its id or
 * progress token, so they share the run's own process; over HTTP a connection costs nothing.
 */
export function probeClient(ctx: CheckContext): Promise<ModernClient> {
  return ctx.transport === 'stdio' ? Promise.resolve(ctx.client) : ctx.newClient();
}

/** The MRTR subjects of this run, found once and shared by every MRTR check. */
export const mrtrRun = oncePerRun(findSubjects);

/** How many MRTR subjects the run found, if it searched for them (the checks may not have run). */
export async function mrtrSubjectCount(ctx: CheckContext): Promise<number | undefined> {
  const run = mrtrRun.ifStarted(ctx);
  return run ? (await run).subjects.length : undefined;
}

/** Every candidate: the safe tool calls, then a read of each listed resource, then each listed prompt. */
async function candidates(ctx: CheckContext): Promise<MrtrRequest[]> {
  const tools = (await safeCalls(ctx)).map(toolRequest);
  const resources = ctx.hasCapability('resources')
    ? (await ctx.list('resources/list')).items.flatMap((resource): MrtrRequest[] =>
        typeof resource.uri === 'string'
          ? [{ method: 'resources/read', label: `resources/read ${resource.uri}`, params: { uri: resource.uri } }]
          : [],
      )
    : [];
  const prompts = ctx.hasCapability('prompts')
    ? (await ctx.list('prompts/list')).items.flatMap((prompt): MrtrRequest[] => {
        if (typeof prompt.name !== 'string') return [];
        const args = requiredPromptArguments(prompt.arguments);
        return [{ method: 'prompts/get', label: `prompts/get ${prompt.name}`, params: { name: prompt.name, arguments: args }, args }];
      })
    : [];
  // Each kind within --max-calls, like the tool calls: a server may list thousands of resources.
  return [...tools, ...resources.slice(0, ctx.maxCalls), ...prompts.slice(0, ctx.maxCalls)];
}

function toolRequest(call: ToolCall): MrtrRequest {
  return {
    method: 'tools/call',
    label: `tools/call ${call.tool.name}`,
    params: { name: call.tool.name, arguments: call.args },
    args: call.args,
    tool: call.tool,
  };
}

function requiredPromptArguments(declared: unknown): Record<string, string> {
  const args: Record<string, string> = {};
  for (const arg of Array.isArray(declared) ? declared : [])
    if (isRecord(arg) && arg.required === true && typeof arg.name === 'string') args[arg.name] = PROMPT_ARGUMENT;
  return args;
}

/** Every candidate's first round, SEARCH_LANES at a time: each is told apart by its id, so they need not wait for each other. */
async function findSubjects(ctx: CheckContext): Promise<MrtrRun> {
  const requests = await candidates(ctx);
  const client = await probeClient(ctx);
  const found: Array<MrtrSubject | undefined> = [];
  await forEachInLanes(requests.length, SEARCH_LANES, async (index) => {
    const request = requests[index]!;
    const first = await callOnce(ctx, client, request, FULL_CAPABILITIES);
    const result = resultOf(first);
    if (isInputRequired(result)) found[index] = { ...request, first, result };
  });
  const tried = { 'tools/call': 0, 'resources/read': 0, 'prompts/get': 0 };
  for (const request of requests) tried[request.method]++;
  // Kept in candidate order, so that messages list the subjects the same way on every run.
  return { client, subjects: found.filter((subject): subject is MrtrSubject => subject !== undefined), tried };
}

export function noSubjectReason(run: MrtrRun): string {
  const tried = run.tried;
  return `no tool, resource or prompt answered input_required (${tried['tools/call']} safe tool call(s), ${tried['resources/read']} resource read(s), ${tried['prompts/get']} prompt get(s) tried); name a tool call in config (check.calls) or allow one with --allow-tool to exercise MRTR`;
}

/** The client one MRTR check makes its calls on, one at a time (see the top of this file). */
export async function checkClient(ctx: CheckContext, run: MrtrRun): Promise<ModernClient> {
  return ctx.transport === 'http' ? ctx.newClient() : run.client;
}

/** The MRTR fields of a retry; `args` replaces the tool or prompt arguments of the first round. */
export interface RetryFields {
  requestState?: unknown;
  inputResponses?: unknown;
  args?: Record<string, unknown>;
}

/**
 * One request with the given clientCapabilities and MRTR fields; `args` replaces the tool or prompt
 * arguments. A tools/call goes through ctx.callTool, so its safety rule holds for every round.
 */
export function callOnce(
  ctx: CheckContext,
  client: ModernClient,
  request: MrtrRequest,
  capabilities: Record<string, unknown>,
  fields: RetryFields = {},
): Promise<Exchange> {
  const mrtr: Record<string, unknown> = {};
  if (fields.requestState !== undefined) mrtr.requestState = fields.requestState;
  if (fields.inputResponses !== undefined) mrtr.inputResponses = fields.inputResponses;
  const options = { metaPatch: { [META.clientCapabilities]: capabilities } };
  if (request.tool) return ctx.callTool(request.tool, fields.args ?? request.args ?? {}, client, { params: mrtr, options });
  const params = fields.args ? { ...request.params, arguments: fields.args } : request.params;
  return client.request(request.method, { ...params, ...mrtr }, options);
}

/** The retry fields that answer an input_required result the way mcpgate always does. */
export function answerFields(result: Record<string, unknown>): { requestState?: unknown; inputResponses?: Record<string, unknown> } {
  const fields: { requestState?: unknown; inputResponses?: Record<string, unknown> } = {};
  if ('requestState' in result) fields.requestState = result.requestState;
  if (isRecord(result.inputRequests)) fields.inputResponses = answerInputs(result.inputRequests);
  return fields;
}

export function answerInputs(inputRequests: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputRequests).map(([key, request]) => [key, answerInput(request)]));
}

function answerInput(request: unknown): unknown {
  const method = isRecord(request) ? request.method : undefined;
  const params = isRecord(request) && isRecord(request.params) ? request.params : {};
  if (method === 'roots/list') return { roots: [DECLARED_ROOT] };
  if (method === 'sampling/createMessage') return SAMPLING_ANSWER;
  if (params.mode === 'url') return { action: 'accept' };
  return { action: 'accept', content: fillForm(params.requestedSchema) };
}

/** A new first round of the subject's request: each check starts its own, so states made single-use are judged fairly. */
export async function freshFirstRound(
  ctx: CheckContext,
  client: ModernClient,
  subject: MrtrRequest,
): Promise<{ exchange: Exchange; result?: Record<string, unknown> }> {
  const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES);
  return { exchange, result: resultOf(exchange) };
}

/** The kinds of input a result asks for that `capabilities` does not declare (basic/patterns/mrtr M3). */
export function undeclaredAsks(result: Record<string, unknown>, capabilities: Record<string, unknown>): string[] {
  if (!isInputRequired(result) || !isRecord(result.inputRequests)) return [];
  const elicitation = isRecord(capabilities.elicitation) ? capabilities.elicitation : undefined;
  const sampling = isRecord(capabilities.sampling) ? capabilities.sampling : undefined;
  const found: string[] = [];
  for (const [key, request] of Object.entries(result.inputRequests)) {
    if (!isRecord(request)) continue;
    const params = isRecord(request.params) ? request.params : {};
    if (request.method === 'elicitation/create') {
      const url = params.mode === 'url';
      const declared = url ? isRecord(elicitation?.url) : elicitation !== undefined && (!('url' in elicitation) || 'form' in elicitation);
      if (!declared) found.push(`${key}: ${url ? 'URL-mode' : 'form-mode'} elicitation`);
    } else if (request.method === 'sampling/createMessage') {
      if (!sampling) found.push(`${key}: sampling`);
      else if (('tools' in params || 'toolChoice' in params) && !isRecord(sampling.tools)) found.push(`${key}: sampling with tools`);
    } else if (request.method === 'roots/list' && !isRecord(capabilities.roots)) found.push(`${key}: roots`);
  }
  return found;
}

/** True for a result the server finished with, not a tool error and not another round. */
export function isCompletedResult(result: Record<string, unknown> | undefined): boolean {
  return result !== undefined && result.resultType !== 'input_required' && result.isError !== true;
}
