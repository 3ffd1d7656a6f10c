/** Turns wire exchanges into report evidence: what was sent, an excerpt of what came back, what was expected. */

import type { Evidence } from '../report/model.js';
import { redact, redactHeaders } from '../shared/redact.js';
import type { Exchange } from '../wire/exchange.js';

const BODY_EXCERPT = 700;
const SHOWN_RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'allow', 'www-authenticate', 'x-accel-buffering'];

export function excerpt(text: string, max = BODY_EXCERPT): string {
  const flat = text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
  return redact(flat);
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
  const body = exchange.transport === 'stdio' && exchange.response ? JSON.stringify(exchange.response) : exchange.bodyText.trim();
  const fallback = exchange.error ? '' : exchange.transport === 'stdio' ? '(no response line)' : '(empty body)';
  return excerpt([head, body || fallback].filter((part) => part !== '').join('\n'));
}

export function evidenceOf(exchange: Exchange, expected: string, label?: string): Evidence {
  return { label, sent: describeSent(exchange), received: describeReceived(exchange), expected };
}

/** Evidence about a value the server returned, when the exchange itself is not the point. */
export function valueEvidence(label: string, value: unknown, expected: string): Evidence {
  return { label, received: excerpt(JSON.stringify(value) ?? String(value)), expected };
}
