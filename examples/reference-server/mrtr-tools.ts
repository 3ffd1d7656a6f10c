/**
 * Tools that answer with multi round-trip requests (basic/patterns/mrtr): each asks the client for
 * one kind of input with `resultType: "input_required"`, and finishes when the client re-issues the
 * call with `inputResponses` and the signed `requestState`. Each round asks only for what the
 * request's own clientCapabilities declare; what cannot be asked gets -32021 (HTTP 400). None of
 * them changes anything, so they are annotated read-only and mcpgate's probes may call them.
 */

import { ErrorCode, META } from '../../src/spec/protocol.js';
import { isBroken, type ServerConfig } from './config.js';
import { RpcFailure, isObject, type JsonObject } from './jsonrpc.js';
import { openState, sealState, type StateBinding, type StatePayload } from './request-state.js';
import type { ToolDefinition } from './tool-definitions.js';

type InputKind = 'elicitation-form' | 'elicitation-url' | 'sampling' | 'sampling-tools' | 'roots';

export interface InputAsk {
  key: string;
  kind: InputKind;
}

/** One entry per round; a round that asks for nothing answers with requestState only (load shedding). */
export type MrtrRounds = ReadonlyArray<readonly InputAsk[]>;

interface MrtrTool {
  definition: ToolDefinition;
  rounds: MrtrRounds;
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const TOPIC_INPUT = {
  type: 'object',
  properties: { topic: { type: 'string', minLength: 1, description: 'What the demo asks about.', examples: ['quarterly report'] } },
  required: ['topic'],
  additionalProperties: false,
};

function demo(name: string, title: string, description: string, rounds: MrtrTool['rounds']): MrtrTool {
  return { definition: { name, title, description, inputSchema: TOPIC_INPUT, annotations: { title, ...READ_ONLY } }, rounds };
}

const MRTR_TOOLS: readonly MrtrTool[] = [
  demo(
    'mrtr_form_elicitation',
    'MRTR demo: form',
    'Protocol demo: answers input_required with a form-mode elicitation (name, email) before finishing.',
    [[{ key: 'recipient', kind: 'elicitation-form' }]],
  ),
  demo('mrtr_url_elicitation', 'MRTR demo: URL', 'Protocol demo: answers input_required with a URL-mode elicitation before finishing.', [
    [{ key: 'consent', kind: 'elicitation-url' }],
  ]),
  demo('mrtr_sampling', 'MRTR demo: sampling', 'Protocol demo: answers input_required with a sampling request before finishing.', [
    [{ key: 'summary', kind: 'sampling' }],
  ]),
  demo(
    'mrtr_sampling_tools',
    'MRTR demo: sampling with tools',
    'Protocol demo: answers input_required with a sampling request that offers the model a tool (only when the client declares sampling.tools).',
    [[{ key: 'plan', kind: 'sampling-tools' }]],
  ),
  demo('mrtr_roots', 'MRTR demo: roots', 'Protocol demo: answers input_required with a roots request before finishing.', [
    [{ key: 'roots', kind: 'roots' }],
  ]),
  demo(
    'mrtr_load_shedding',
    'MRTR demo: load shedding',
    'Protocol demo: answers input_required with only a requestState, as a busy server would; the retry finishes.',
    [[]],
  ),
  demo('mrtr_two_rounds', 'MRTR demo: two rounds', 'Protocol demo: asks for a form first, then for a sampling answer, then finishes.', [
    [{ key: 'recipient', kind: 'elicitation-form' }],
    [{ key: 'summary', kind: 'sampling' }],
  ]),
];

export const MRTR_TOOL_DEFINITIONS: readonly ToolDefinition[] = MRTR_TOOLS.map((tool) => tool.definition);

export const URL_ELICITATION_TOOL = 'mrtr_url_elicitation';

export function isMrtrTool(name: string): boolean {
  return MRTR_TOOLS.some((tool) => tool.definition.name === name);
}

/** tools/call of an MRTR tool whose arguments already passed its input schema. */
export function callMrtrTool(name: string, params: JsonObject, args: JsonObject, connection: string, config: ServerConfig): JsonObject {
  const tool = MRTR_TOOLS.find((candidate) => candidate.definition.name === name)!;
  const binding: StateBinding = { method: 'tools/call', target: name, args, connection };
  const topic = String(args.topic);
  return serveRounds(tool.rounds, params, binding, topic, config, (answers) => {
    const summary = Object.entries(answers).map(([key, value]) => `${key}: ${value}`);
    return { content: [{ type: 'text', text: `Finished ${name} for "${topic}". ${summary.join('; ') || 'No input was needed.'}` }] };
  });
}

/**
 * One round of a multi round-trip request of any of the three methods: the first round asks, each
 * retry is verified against `binding` and either asks again or, once every round is answered,
 * returns what `finish` makes of the answers.
 */
export function serveRounds(
  rounds: MrtrRounds,
  params: JsonObject,
  binding: StateBinding,
  topic: string,
  config: ServerConfig,
  finish: (answers: Record<string, string>) => JsonObject,
): JsonObject {
  const flow: Flow = { rounds, binding, topic, capabilities: clientCapabilitiesOf(params), config };
  if (params.requestState === undefined) return ask(flow, { round: 0, answers: {} });

  const state = openState(params.requestState, binding, config);
  const responses = params.inputResponses ?? {};
  if (!isObject(responses)) throw new RpcFailure(ErrorCode.InvalidParams, 'inputResponses must be an object keyed by input request id');
  const asked = rounds[state.round] ?? [];
  const unknown = Object.keys(responses).filter((key) => !asked.some((entry) => entry.key === key));
  if (unknown.length > 0 && isBroken(config, 'mrtr-rejects-extra')) {
    throw new RpcFailure(ErrorCode.InvalidParams, `unknown inputResponses key(s): ${unknown.join(', ')}`);
  }
  const missing = asked.filter((entry) => responses[entry.key] === undefined);
  if (missing.length > 0) {
    if (isBroken(config, 'mrtr-error-on-missing')) {
      throw new RpcFailure(ErrorCode.InvalidParams, `missing inputResponses: ${missing.map((entry) => entry.key).join(', ')}`);
    }
    // Nothing is lost: the same round is asked again, with a state that still carries earlier answers.
    return ask(flow, state);
  }
  const answers = { ...state.answers };
  for (const entry of asked) answers[entry.key] = readResponse(entry, responses[entry.key], config);
  const next: StatePayload = { round: state.round + 1, answers };
  if (next.round < rounds.length) return ask(flow, next);
  // mrtr-last-round-fails: a flow of several rounds, answered to the end, is refused at its last retry.
  if (rounds.length > 1 && isBroken(config, 'mrtr-last-round-fails'))
    throw new RpcFailure(ErrorCode.InvalidParams, 'requestState expired before the last round; start the request again');
  return finish(answers);
}

interface Flow {
  rounds: MrtrRounds;
  binding: StateBinding;
  topic: string;
  capabilities: JsonObject;
  config: ServerConfig;
}

function ask(flow: Flow, state: StatePayload): JsonObject {
  const inputRequests: JsonObject = {};
  for (const entry of flow.rounds[state.round] ?? []) inputRequests[entry.key] = inputRequest(entry.kind, flow);
  const result: JsonObject = { resultType: 'input_required' };
  if (Object.keys(inputRequests).length > 0) result.inputRequests = inputRequests;
  // mrtr-no-fields: the load-shedding answer loses its state, leaving an input_required with neither field.
  if (!(isBroken(flow.config, 'mrtr-no-fields') && result.inputRequests === undefined))
    result.requestState = sealState(state, flow.binding, flow.config);
  return result;
}

function inputRequest(kind: InputKind, { topic, capabilities, config, binding }: Flow): JsonObject {
  const ignoreCapabilities =
    isBroken(config, 'mrtr-undeclared-kind') || (binding.method === 'prompts/get' && isBroken(config, 'mrtr-prompt-undeclared-kind'));
  const elicitation = isObject(capabilities.elicitation) ? capabilities.elicitation : undefined;
  const sampling = isObject(capabilities.sampling) ? capabilities.sampling : undefined;
  switch (kind) {
    case 'elicitation-form':
      // `{elicitation: {}}` declares form mode; an object naming only `url` does not.
      if (!ignoreCapabilities && !(elicitation && (!('url' in elicitation) || 'form' in elicitation)))
        throw missingCapability({ elicitation: { form: {} } });
      return {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: `Who should receive the ${topic}?`,
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', title: 'Name', minLength: 1 },
              email: { type: 'string', title: 'Email', format: 'email' },
              copies: { type: 'integer', title: 'Copies', minimum: 1, maximum: 5, default: 1 },
              urgent: { type: 'boolean', title: 'Urgent', default: false },
            },
            required: ['name', 'email'],
          },
        },
      };
    case 'elicitation-url':
      if (!ignoreCapabilities && !(elicitation && isObject(elicitation.url))) throw missingCapability({ elicitation: { url: {} } });
      return {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: `Confirm access to the ${topic} in your browser.`,
          url: `https://example.com/consent?topic=${encodeURIComponent(topic)}`,
        },
      };
    case 'sampling':
    case 'sampling-tools': {
      // mrtr-wrong-capability: the gate reads elicitation, so sampling is asked of a client that declared only elicitation.
      const gate = isBroken(config, 'mrtr-wrong-capability') ? elicitation : sampling;
      if (!ignoreCapabilities && !gate) throw missingCapability({ sampling: {} });
      const params: JsonObject = {
        messages: [{ role: 'user', content: { type: 'text', text: `Summarise the ${topic} in one sentence.` } }],
        maxTokens: 200,
      };
      // Without sampling.tools the request still goes out, only without the tool: nothing undeclared is asked.
      if (kind === 'sampling-tools' && (ignoreCapabilities || isObject(sampling?.tools))) {
        params.tools = [
          {
            name: 'lookup_figure',
            description: 'Look up one figure of the report by name.',
            inputSchema: { type: 'object', properties: { figure: { type: 'string' } }, required: ['figure'] },
          },
        ];
        params.toolChoice = { mode: 'auto' };
      }
      return { method: 'sampling/createMessage', params };
    }
    case 'roots':
      if (!ignoreCapabilities && !isObject(capabilities.roots)) throw missingCapability({ roots: {} });
      return { method: 'roots/list', params: {} };
  }
}

/** A short text of what the client answered, or -32602 when the answer does not have the kind's shape. */
function readResponse(entry: InputAsk, response: unknown, config: ServerConfig): string {
  const summary = summarise(entry.kind, response);
  if (summary !== undefined) return summary;
  if (isBroken(config, 'mrtr-accepts-malformed')) return 'unreadable answer';
  throw new RpcFailure(ErrorCode.InvalidParams, `inputResponses["${entry.key}"] is not a valid answer to ${describeKind(entry.kind)}`);
}

function summarise(kind: InputKind, response: unknown): string | undefined {
  if (!isObject(response)) return undefined;
  if (kind === 'elicitation-form' || kind === 'elicitation-url') {
    if (response.action === 'decline' || response.action === 'cancel') return `the user chose ${response.action}`;
    if (response.action !== 'accept') return undefined;
    if (kind === 'elicitation-url') return 'accepted';
    const content = response.content;
    if (!isObject(content) || typeof content.name !== 'string' || typeof content.email !== 'string') return undefined;
    return `${content.name} <${content.email}>`;
  }
  if (kind === 'roots') {
    if (!Array.isArray(response.roots) || !response.roots.every((root) => isObject(root) && typeof root.uri === 'string')) return undefined;
    return `${response.roots.length} root(s)`;
  }
  if (typeof response.model !== 'string' || typeof response.role !== 'string') return undefined;
  const content = response.content;
  const first: unknown = Array.isArray(content) ? content[0] : content;
  if (!isObject(first) || typeof first.type !== 'string') return undefined;
  return typeof first.text === 'string' ? first.text.slice(0, 200) : `a ${first.type} answer`;
}

function describeKind(kind: InputKind): string {
  if (kind === 'roots') return 'roots/list (ListRootsResult)';
  if (kind.startsWith('sampling')) return 'sampling/createMessage (CreateMessageResult)';
  return 'elicitation/create (ElicitResult)';
}

function clientCapabilitiesOf(params: JsonObject): JsonObject {
  const meta = isObject(params._meta) ? params._meta : {};
  const capabilities = meta[META.clientCapabilities];
  return isObject(capabilities) ? capabilities : {};
}

function missingCapability(requiredCapabilities: JsonObject): RpcFailure {
  const names = Object.keys(requiredCapabilities).join(', ');
  return new RpcFailure(
    ErrorCode.MissingRequiredClientCapability,
    `This request needs the client capability ${JSON.stringify(requiredCapabilities)}; declare ${names} in clientCapabilities to use it`,
    { requiredCapabilities },
    400,
  );
}
