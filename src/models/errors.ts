/**
 * AI SDK failures as ModelError: the kind decides the case status and exit code upstream, the
 * message is one short line a user can act on. Keys never reach a message: provider error bodies
 * sometimes echo the key they rejected, and every provider key is registered as a secret when its
 * model is created (providers.ts), so the one redaction rule masks it; a rejected key's message
 * quotes nothing of the answer at all, since a body may echo it in a shape no rule knows (cut, starred).
 */

import { APICallError, RetryError } from 'ai';
import { redact } from '../shared/redact.js';
import { ProviderUnreachableError } from './connection-guard.js';
import type { LlmProvider } from './providers.js';
import { warnOnce } from './sdk-warnings.js';
import { ModelError } from './types.js';
import { collapseWhitespace } from '../shared/one-line.js';

const MAX_DETAIL = 200;

/** The variable that holds each provider's key (providers.ts reads them); Ollama is sent none. */
const KEY_VARIABLES: Record<LlmProvider, string | undefined> = {
  openai: 'OPENAI_API_KEY',
  'openai-chat': 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  'openai-compatible': 'OPENAI_COMPATIBLE_API_KEY',
  ollama: undefined,
};

/*
 * A 403 is a rejected key only when its body says so (OpenAI-compatible gateways answer 403 with an
 * authentication error; a region or a model the key may not use is a 403 of another kind). Google
 * answers a key that is not valid with 400 and the reason API_KEY_INVALID.
 */
const AUTH_ERROR_BODY =
  /authenticat|unauthori[sz]ed|invalid[ _-]?(?:api[ _-]?)?key|incorrect[ _-]?api[ _-]?key|api[ _-]?key[ _-]?(?:is[ _-]?)?(?:invalid|not[ _-]valid|expired|revoked)|API_KEY_INVALID|invalid[ _-]?(?:access[ _-]?)?token|x-api-key/i;
const INVALID_KEY_400 = /API_KEY_INVALID|api key not valid/i;

function rejectsKey(status: number | undefined, body: string): boolean {
  if (status === 401) return true;
  if (status === 403) return AUTH_ERROR_BODY.test(body);
  return status === 400 && INVALID_KEY_400.test(body);
}

function rejectedKeyMessage(modelId: string, status: number): string {
  const provider = modelId.slice(0, modelId.indexOf(':')) as LlmProvider;
  const variable = KEY_VARIABLES[provider];
  return variable === undefined
    ? `${modelId}: the endpoint rejected the request as unauthorised (HTTP ${status}); mcpgate sends Ollama no key: check what guards the endpoint OLLAMA_BASE_URL or --base-url names`
    : `${modelId}: the provider rejected the API key (HTTP ${status}): set ${variable} to a valid key (the key is not shown)`;
}

export function toModelError(error: unknown, modelId: string): ModelError {
  if (error instanceof ModelError) return new ModelError(error.kind, redact(error.message));
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (last instanceof ProviderUnreachableError) {
    warnOnce(`${modelId}/unreachable`, last.message);
    return new ModelError('provider-error', last.message);
  }
  const after = attempts > 1 ? ` after ${attempts} attempts` : '';
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    if (rejectsKey(status, last.responseBody ?? ''))
      return new ModelError('rejected-credentials', redact(rejectedKeyMessage(modelId, status!)));
    if (status !== undefined && status >= 200 && status < 300) {
      return new ModelError('bad-response', redact(`${modelId}: unreadable answer (HTTP ${status}): ${bodyExcerpt(last.responseBody)}`));
    }
    const where = status === undefined ? 'no HTTP answer' : `HTTP ${status}`;
    return new ModelError('provider-error', redact(`${modelId}: ${where}${after}: ${collapseWhitespace(last.message, MAX_DETAIL)}`));
  }
  const name = last instanceof Error ? last.name : 'Error';
  const message = last instanceof Error ? last.message : String(last);
  // Errors the SDK raises while reading an answer (JSON, schema, empty content) share these names.
  if (/JSONParse|TypeValidation|InvalidResponseData|NoContentGenerated|EmptyResponseBody|NoOutputGenerated/.test(name)) {
    return new ModelError('bad-response', redact(`${modelId}: unreadable answer: ${collapseWhitespace(message, MAX_DETAIL)}`));
  }
  return new ModelError('provider-error', redact(`${modelId}: ${name}${after}: ${collapseWhitespace(message, MAX_DETAIL)}`));
}

function bodyExcerpt(body: string | undefined): string {
  return body === undefined || body.trim() === '' ? '(empty body)' : JSON.stringify(collapseWhitespace(body, MAX_DETAIL));
}
