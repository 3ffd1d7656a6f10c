/** Turns wire exchanges into report evidence: what was sent, an excerpt of what came back, what was expected. */

import type { Evidence } from '../report/model.js';
import { redact, redactHeaders } from '../shared/redact.js';
import type { Exchange } from '../wire/exchange.js';

const BODY_EXCERPT = 700;
const SHOWN_RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'allow', 'www-authenticate', 'x-accel-buffering'];

/** `cut`: characters already let go from the end of `text`, counted as if they were still there. */
export function excerpt(text: string, max = BODY_EXCERPT, cut = 0): string {
  const length = text.length + cut;
  const flat = length > max ? `${text.slice(0, max)}… (${length - max} more characters)` : text;
  return redact(flat);
}

/** Body characters an exchange keeps once its check is done: more than any excerpt of it shows. */
const KEPT_BODY_CHARS = 2 * BODY_EXCERPT;

/**
 * Lets go of the body an exchange no longer needs whole: after its check, only evidence reads it,
 * and evidence shows its start and its length. The parsed messages, which the audits judge, stay.
 * A run that reads a list of thousands of tools several times keeps their text once, not each time.
 */
export function keepWhatEvidenceShows(exchange: Exchange): void {
  if (exchange.bodyCut !== undefined || exchange.bodyText.length <= KEPT_BODY_CHARS) return;
  const body = exchange.bodyText.trim();
  if (body.length <= KEPT_BODY_CHARS) return;
  // A copy: a slice of a string keeps the whole string alive in V8.
  exchange.bodyText = Buffer.from(body.slice(0, KEPT_BODY_CHARS), 'utf16le').toString('utf16le');
  exchange.bodyCut = body.length - KEPT_BODY_CHARS;
}

export function describeSent(exchange: Exchange): string {
  const { sent } = exchange;
  if (exchange.transport === 'stdio') return excerpt(`stdin: ${sent.body}`);
  const headers = Object.entries(redactHeaders(sent.headers ?? {})).map(([name, value]) => `${name}: ${value}`);
  for (const name of exchange.userHeaderNames ?? []) headers.push(`${name}: [REDACTED]`);
  const requestLine = `${sent.httpMethod ?? 'POST'} ${exchange.endpoint}${headers.length > 0 ? ` (${headers.join('; ')})` : ''}`;
  const body = sent.httpMethod === 'GET' || sent.httpMethod === 'DELETE' ? '' : `\n${sent.body}`;
  return excerpt(requestLine + body, BODY_EXCERPT + 400);
}

export function describeReceived(exchange: Exchange): string {
  let head = '';
  if (exchange.transport === 'http' && exchange.status !== undefined) {
    const headers = redactHeaders(exchange.headers);
    const shown = SHOWN_RESPONSE_HEADERS.filter((name) => headers[name] !== undefined).map((name) => `${name}: ${headers[name]}`);
    head = `HTTP ${exchange.status}${shown.length > 0 ? ` (${shown.join('; ')})` : ''}`;
  }
  if (exchange.error) head = `${head}${head ? ' ' : ''}(${exchange.error.message})`;
  const whole = exchange.transport === 'stdio' && exchange.response;
  const body = whole ? JSON.stringify(exchange.response) : exchange.bodyCut !== undefined ? exchange.bodyText : exchange.bodyText.trim();
  const fallback = exchange.error ? '' : exchange.transport === 'stdio' ? '(no response line)' : '(empty body)';
  return excerpt([head, body || fallback].filter((part) => part !== '').join('\n'), BODY_EXCERPT, whole ? 0 : (exchange.bodyCut ?? 0));
}

export function evidenceOf(exchange: Exchange, expected: string, label?: string): Evidence {
  return { label, sent: describeSent(exchange), received: describeReceived(exchange), expected };
}

/** Evidence about a value the server returned, when the exchange itself is not the point. */
export function valueEvidence(label: string, value: unknown, expected: string): Evidence {
  return { label, received: excerpt(JSON.stringify(value) ?? String(value)), expected };
}
