/**
 * The two multi round-trip requests outside tools/call (basic/patterns/mrtr allows resources/read
 * and prompts/get to answer input_required too): a resource that asks who is reading it (form-mode
 * elicitation) before releasing its contents, and a prompt that asks for the client's roots before
 * it is rendered. Both run the same rounds and signed, bound requestState as the MRTR tools.
 */

import { RpcFailure, type JsonObject } from './jsonrpc.js';
import { ErrorCode } from '../../src/spec/protocol.js';
import type { ServerConfig } from './config.js';
import { serveRounds } from './mrtr-tools.js';

export const MRTR_RESOURCE = {
  uri: 'mrtr://reports/confidential',
  name: 'confidential-report',
  title: 'MRTR demo: confidential report',
  description: 'Protocol demo: reading it answers input_required with a form-mode elicitation (who is reading) before the contents.',
  mimeType: 'text/plain',
} as const;

export const MRTR_PROMPT = {
  name: 'review_workspace',
  title: 'MRTR demo: review the workspace',
  description: "Protocol demo: answers input_required with a roots request, then writes a review request scoped to the client's roots.",
  arguments: [{ name: 'focus', title: 'Focus', description: 'What the review looks at, for example "error handling".', required: true }],
} as const;

/** Reading a confidential report differs by reader: it may be kept by this client only, and not for long. */
const READ_CACHE = { ttlMs: 0, cacheScope: 'private' } as const;

export function readMrtrResource(params: JsonObject, connection: string, config: ServerConfig): JsonObject {
  const binding = { method: 'resources/read', target: MRTR_RESOURCE.uri, args: {}, connection };
  return serveRounds([[{ key: 'reader', kind: 'elicitation-form' }]], params, binding, 'confidential report', config, (answers) => ({
    contents: [{ uri: MRTR_RESOURCE.uri, mimeType: MRTR_RESOURCE.mimeType, text: `Confidential report, released to ${answers.reader}.` }],
    ...READ_CACHE,
  }));
}

/** prompts/get of review_workspace, whose arguments already passed the prompt argument checks. */
export function getMrtrPrompt(params: JsonObject, args: Record<string, string>, connection: string, config: ServerConfig): JsonObject {
  const focus = args.focus;
  if (focus === undefined)
    throw new RpcFailure(ErrorCode.InvalidParams, `Missing required argument "focus" for prompt ${MRTR_PROMPT.name}`);
  const binding = { method: 'prompts/get', target: MRTR_PROMPT.name, args, connection };
  return serveRounds([[{ key: 'roots', kind: 'roots' }]], params, binding, focus, config, (answers) => ({
    description: MRTR_PROMPT.description,
    messages: [{ role: 'user', content: { type: 'text', text: `Review the workspace (${answers.roots}) with a focus on ${focus}.` } }],
  }));
}
