/**
 * AI SDK failures as ModelError: the kind decides the case status and exit code upstream, the
 * message is one short line a user can act on. Keys never reach a message: provider error bodies
 * sometimes echo the key they rejected, and every provider key is registered as a secret when its
 * model is created (providers.ts), so the one redaction rule masks it.
 */

import { APICallError, RetryError } from 'ai';
import { redact } from '../shared/redact.js';
import { ProviderUnreachableError } from './connection-guard.js';
import { warnOnce } from './sdk-warnings.js';
import { ModelError } from './types.js';

const MAX_DETAIL = 200;

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
    if (status !== undefined && status >= 200 && status < 300) {
      return new ModelError('bad-response', redact(`${modelId}: unreadable answer (HTTP ${status}): ${bodyExcerpt(last.responseBody)}`));
    }
    const where = status === undefined ? 'no HTTP answer' : `HTTP ${status}`;
    return new ModelError('provider-error', redact(`${modelId}: ${where}${after}: ${short(last.message)}`));
  }
  const name = last instanceof Error ? last.name : 'Error';
  const message = last instanceof Error ? last.message : String(last);
  // Errors the SDK raises while reading an answer (JSON, schema, empty content) share these names.
  if (/JSONParse|TypeValidation|InvalidResponseData|NoContentGenerated|EmptyResponseBody|NoOutputGenerated/.test(name)) {
    return new ModelError('bad-response', redact(`${modelId}: unreadable answer: ${short(message)}`));
  }
  return new ModelError('provider-error', redact(`${modelId}: ${name}${after}: ${short(message)}`));
}

function short(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

function bodyExcerpt(body: string | undefined): string {
  return body === undefined || body.trim() === '' ? '(empty body)' : JSON.stringify(short(body));
}
