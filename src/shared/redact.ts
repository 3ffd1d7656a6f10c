/**
 * Masks credentials in text before it reaches a report, a log or a snapshot. Errs towards masking
 * too much in header-like places, but leaves ordinary JSON-RPC (ids, tool names, dates, UUIDs) alone,
 * because evidence that no longer shows what the server said is useless.
 */

import { maskJsonEscaped } from './json-escaped-secrets.js';
import { ANCHOR_CHARS, maskRanges, SecretIndex } from './secret-index.js';

export const REDACTED = '[REDACTED]';

type HeaderValue = string | string[] | undefined;

const CREDENTIAL_HEADERS = '(?:proxy-)?authorization|set-cookie|cookie';
const JSON_STRING = '"(?:[^"\\\\]|\\\\.)*"';

/** `"authorization": "Bearer x"` and `"set-cookie": ["a=b", "c=d"]`, as in a JSON dump of headers. */
const HEADER_AS_JSON = new RegExp(
  `(["'])(${CREDENTIAL_HEADERS})\\1(\\s*:\\s*)(${JSON_STRING}|\\[\\s*(?:${JSON_STRING}\\s*,?\\s*)*\\])`,
  'gi',
);
/**
 * `Authorization: Bearer x` as an HTTP header line; the value runs to the end of the line. A name after
 * a dot is a path in mcpgate's own messages (`server.headers.Authorization: ... is not set`), not a header.
 */
const HEADER_AS_LINE = new RegExp(`(?<![\\w.-])(${CREDENTIAL_HEADERS})(\\s*:[ \\t]*)([^\\r\\n]+)`, 'gi');

/** `https://user:password@host`. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)([^\s/?#]+)(?=@)/gi;

const SECRET_QUERY_PARAM =
  /([?&](?:key|token|access_token|refresh_token|api_key|apikey|api-key|secret|client_secret|password)=)([^&#\s"'<>]+)/gi;

/*
 * `Bearer <token68>` anywhere, except the auth-params of a WWW-Authenticate challenge
 * (`Bearer realm="mcp", resource_metadata="..."`), which carry no secret and matter for diagnosing auth,
 * and a short word of letters alone (`a Bearer challenge`, `the bearer token`): prose, never a credential
 * a server issues. A registered token is masked whatever its shape.
 */
const BEARER =
  /\b(Bearer\s+)(?!(?:realm|scope|error|error_description|error_uri|resource_metadata)\s*=)(?![a-z]{1,15}(?![\w.~+/=-]))[A-Za-z0-9._~+/-]+=*/gi;

/** Vendor key shapes; the digit look-ahead keeps hyphenated words such as `sk-learn-...` readable. */
const KEY_SHAPES: RegExp[] = [
  /(?<![\w-])sk-(?:ant-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g, // OpenAI sk-/sk-proj-, Anthropic sk-ant-
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google
  /\bgh[pousr]_[A-Za-z0-9]{36,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,}/g, // GitHub fine-grained tokens
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
];

/*
 * A long opaque value assigned to a name ending in key/token/secret. `progressToken` is excluded:
 * it is a protocol correlation id, not a credential. UUIDs are excluded because they are ids far more
 * often than secrets, and masking them would hide which request a piece of evidence belongs to.
 */
const SECRET_ASSIGNMENT =
  /((?<![\w-])[\w-]*(?:key|(?<!progress)token|secret)["']?\s*[:=]\s*["']?)(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-]))[A-Za-z0-9+/_-]{32,}={0,2}/gi;

/** Passwords are short, so any value assigned to a password-named field is masked; `{`/`[` are schemas, kept. */
const PASSWORD_ASSIGNMENT = /((?<![\w-])[\w-]*(?:password|passwd)["']?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;&"'{}[\]]+)/gi;

/**
 * Values handed to mcpgate as credentials (`--header` values, provider keys, OAuth tokens). They are
 * masked wherever they appear, whatever their shape: a server may echo a token in an error message,
 * and may echo it encoded. They stay registered for the life of the process, however many there are
 * (secret-index.ts keeps the cost of finding them flat), because anything written later may quote one.
 */
const knownSecrets = new SecretIndex();

/** Shorter values are not registered: masking every `abc` would leave evidence unreadable. */
const MIN_SECRET_CHARS = ANCHOR_CHARS;

export function registerSecret(value: string): void {
  const values = [value, ...basicCredentials(value)].filter((v) => v.length >= MIN_SECRET_CHARS);
  for (const form of values.flatMap(encodedForms)) knownSecrets.add(form);
}

/**
 * `Basic <base64 of user:password>`, the scheme in any case: a server that decodes it can echo the
 * pair or the password alone, neither of which looks like the value that was registered.
 */
function basicCredentials(value: string): string[] {
  const match = /^\s*basic\s+([A-Za-z0-9+/_-]+={0,2})\s*$/i.exec(value);
  if (!match) return [];
  const pair = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  if (colon < 0 || pair.includes('\uFFFD')) return [];
  return [pair, pair.slice(colon + 1)];
}

/**
 * The value as given, in base64 (standard and URL-safe, with and without padding), percent-encoded,
 * and as a JSON encoder writes it inside a string (`"`, `\\` and control characters escaped). Other
 * JSON escapes (`\/`, `\u0041`) are found by decoding the text instead: see `maskJsonEscaped`.
 */
function encodedForms(value: string): string[] {
  const padded = Buffer.from(value, 'utf8').toString('base64');
  const unpadded = padded.replace(/=+$/, '');
  const urlSafe = (text: string): string => text.replace(/\+/g, '-').replace(/\//g, '_');
  return [value, padded, unpadded, urlSafe(padded), urlSafe(unpadded), encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
}

export function redact(text: string): string {
  let out = text;
  if (knownSecrets.size > 0) {
    // Overlapping occurrences are masked as one, so a form that contains another is masked whole.
    out = maskRanges(out, knownSecrets.find(out), REDACTED);
    out = maskJsonEscaped(out, (decoded) => knownSecrets.find(decoded), REDACTED);
  }
  out = out.replace(HEADER_AS_JSON, (_m, quote: string, name: string, colon: string, value: string) => {
    const masked = value.replace(new RegExp(JSON_STRING, 'g'), (s) => `"${maskHeaderValue(name, s.slice(1, -1))}"`);
    return `${quote}${name}${quote}${colon}${masked}`;
  });
  out = out.replace(HEADER_AS_LINE, (_m, name: string, colon: string, value: string) => `${name}${colon}${maskHeaderValue(name, value)}`);
  out = out.replace(URL_PASSWORD, `$1${REDACTED}`);
  out = out.replace(SECRET_QUERY_PARAM, `$1${REDACTED}`);
  out = out.replace(BEARER, `$1${REDACTED}`);
  for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
  out = out.replace(SECRET_ASSIGNMENT, `$1${REDACTED}`);
  out = out.replace(PASSWORD_ASSIGNMENT, (_m, prefix: string, value: string) => {
    const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : '';
    return `${prefix}${quote}${REDACTED}${quote}`;
  });
  return out;
}

/** Header names whose whole value is a credential. */
const SECRET_HEADER_NAME = /^(?:proxy-)?authorization$|^(?:set-)?cookie$|api[-_]?key|token|secret|password/i;

/** Returns a copy: credential headers masked outright, every other value passed through `redact`. */
export function redactHeaders(headers: Record<string, HeaderValue>): Record<string, HeaderValue> {
  const out: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) {
    const mask = SECRET_HEADER_NAME.test(name) ? (v: string) => maskHeaderValue(name, v) : redact;
    out[name] = value === undefined ? undefined : Array.isArray(value) ? value.map(mask) : mask(value);
  }
  return out;
}

/** Keeps the scheme of an Authorization value (`Bearer`, `Basic`): which scheme was sent is useful evidence. */
function maskHeaderValue(name: string, value: string): string {
  if (value === REDACTED) return value;
  // A placeholder such as `Bearer <token>` in a hint is no credential, and masking it would hide the hint.
  if (/^(?:[A-Za-z][\w-]*\s+)?<[\w -]+>/.test(value.trim())) return value;
  const scheme = /authorization/i.test(name) ? /^([A-Za-z][\w-]*)\s+\S/.exec(value.trim()) : null;
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** Deeper than any report mcpgate builds; a deeper value is cut there rather than walked without end. */
const MAX_REDACT_DEPTH = 256;
const TOO_DEEP = '[too deep to redact]';

const same = (text: string): string => text;

/** Strings up to this long are masked once per walk: keys and short values repeat in every sample of a report. */
const MEMO_MAX_CHARS = 128;
const MEMO_MAX_ENTRIES = 50_000;

/**
 * `mask` remembering its answers for short strings. Within one synchronous walk no secret can be
 * registered, so a string masks the same each time it recurs; a 5,000-sample report repeats a few
 * hundred distinct keys and values some 300,000 times.
 */
function memoised(mask: (text: string) => string): (text: string) => string {
  const answers = new Map<string, string>();
  return (text) => {
    if (text.length > MEMO_MAX_CHARS) return mask(text);
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = mask(text);
      if (answers.size < MEMO_MAX_ENTRIES) answers.set(text, answer);
    }
    return answer;
  };
}

/**
 * A copy of `value` with every string (object keys included) passed through `redact`: the one step
 * between data that holds outside text (a report, a gate result, a history entry, a cached model answer)
 * and any output. Walked iteratively, so a deep value cannot overflow the stack. `after` is applied to
 * every masked string in the same walk (the report writers make text well-formed there).
 */
export function redactDeep<T>(value: T, after: (text: string) => string = same): T {
  const mask = memoised((text) => after(redact(text)));
  const root: { value: unknown } = { value: undefined };
  const stack: Array<{ from: unknown; into: Record<string, unknown> | unknown[]; key: string | number; depth: number }> = [
    { from: value, into: root as Record<string, unknown>, key: 'value', depth: 0 },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { from, into, key, depth } = item;
    const put = (copy: unknown): void => {
      (into as Record<string | number, unknown>)[key] = copy;
    };
    if (typeof from === 'string') put(mask(from));
    else if (typeof from !== 'object' || from === null) put(from);
    else if (depth >= MAX_REDACT_DEPTH) put(TOO_DEEP);
    else if (Array.isArray(from)) {
      const copy: unknown[] = new Array<unknown>(from.length);
      put(copy);
      from.forEach((element, index) => stack.push({ from: element, into: copy, key: index, depth: depth + 1 }));
    } else {
      const copy: Record<string, unknown> = {};
      put(copy);
      for (const [name, element] of Object.entries(from)) {
        const safeName = mask(name);
        // Claimed now, filled when popped: the copy keeps the original key order.
        copy[safeName] = undefined;
        stack.push({ from: element, into: copy, key: safeName, depth: depth + 1 });
      }
    }
  }
  return root.value as T;
}
