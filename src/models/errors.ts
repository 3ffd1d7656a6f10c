/**
 * AI SDK failures as ModelError: the kind decides the case status and exit code upstream, the
 * message is one short line a user can act on. Keys never reach a message: provider error bodies
 * sometimes echo the key they rejected.
 */

import { APICallError, RetryError } from 'ai';
import { ModelError } from './types.js';

const MAX_DETAIL = 200;

export function toModelError(error: unknown, modelId: string, secrets: readonly string[]): ModelError {
  if (error instanceof ModelError) return new ModelError(error.kind, redact(error.message, secrets));
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  const after = attempts > 1 ? ` after ${attempts} attempts` : '';
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    if (status !== undefined && status >= 200 && status < 300) {
      return new ModelError('bad-response', redact(`${modelId}: unreadable answer (HTTP ${status}): ${bodyExcerpt(last.responseBody)}`, secrets));
    }
    const where = status === undefined ? 'no HTTP answer' : `HTTP ${status}`;
    return new ModelError('provider-error', redact(`${modelId}: ${where}${after}: ${short(last.message)}`, secrets));
  }
  const name = last instanceof Error ? last.name : 'Error';
  const message = last instanceof Error ? last.message : String(last);
  // Errors the SDK raises while reading an answer (JSON, schema, empty content) share these names.
  if (/JSONParse|TypeValidation|InvalidResponseData|NoContentGenerated|EmptyResponseBody|NoOutputGenerated/.test(name)) {
    return new ModelError('bad-response', redact(`${modelId}: unreadable answer: ${short(message)}`, secrets));
  }
  return new ModelError('provider-error', redact(`${modelId}: ${name}${after}: ${short(message)}`, secrets));
}

function short(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

function bodyExcerpt(body: string | undefined): string {
  return body === undefined || body.trim() === '' ? '(empty body)' : JSON.stringify(short(body));
}

/** Removes the exact keys in use and anything shaped like a provider key. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(/\b(sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,})/g, '[redacted]');
}
