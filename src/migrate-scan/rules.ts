/**
 * What a pre-2026-07-28 test suite assumes, as rules over one line of code with its neighbours.
 * A rule flags code that SENDS or EXPECTS a removed thing (a JSON-RPC method string in a method
 * position, a header name in quotes, an error code as a number), not every mention of a word: "ping"
 * in prose or a tool called ping is not a finding. Code that already asserts the 2026-07-28
 * behaviour (the removed method gets -32601, the header is absent, GET/DELETE get 405) is not one either.
 */

export interface Match {
  /** 0-based offset in the line. */
  index: number;
  text: string;
}

export interface LineContext {
  lines: readonly string[];
  /** 0-based line number. */
  at: number;
}

export interface MigrationRule {
  id: string;
  /** What the code assumes, in a few words. */
  what: string;
  /** What 2026-07-28 does instead. */
  fix: string;
  find(line: string, context: LineContext): Match[];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Whether the text ends inside a string literal (prose in a message or title is not code). */
function insideString(prefix: string): boolean {
  let open: string | undefined;
  for (let i = 0; i < prefix.length; i++) {
    const ch = prefix[i]!;
    if (open === undefined) {
      if (ch === '"' || ch === "'" || ch === '`') open = ch;
    } else if (ch === '\\') i++;
    else if (ch === open) open = undefined;
  }
  return open !== undefined;
}

function window(context: LineContext, before: number, after: number): string {
  return context.lines.slice(Math.max(0, context.at - before), context.at + after + 1).join('\n');
}

function matchesOf(pattern: RegExp, line: string, group = 0): Match[] {
  return [...line.matchAll(pattern)].map((m) => ({ index: m.index + (group === 0 ? 0 : m[0].indexOf(m[group]!)), text: m[group]! }));
}

// Where a string is a JSON-RPC method: a `method` key or assignment, an assertion on a method, or
// the first argument of a call that sends a request or notification (or the second, after a client).
const METHOD_KEY = /\bmethod["'\]]?\s*(?::|=|==|===|!=|!==)\s*$/i;
const METHOD_ASSERTION = /\bmethod\b.*\b(?:toBe|toEqual|toStrictEqual|equal|equals|strictEqual|assertEqual|eq)\(\s*(?:[^,()]*,\s*)?$/i;
const SENDING_CALL =
  /(?:^|[^\w$.])(?:[\w$]+\.)*(?:request|send|sendRequest|send_request|sendNotification|send_notification|notify|notification|rpc|rpcCall|call|jsonrpc|jsonRpc)\s*\(\s*(?:[\w$.]+\s*,\s*)?$/i;
// Asserting the method is rejected is how a migrated suite tests a removed method.
const REJECTED = /-32601|MethodNotFound|METHOD_NOT_FOUND|method not found/i;

function methodRule(id: string, method: string, what: string, fix: string): MigrationRule {
  const quoted = new RegExp(`(["'\`])${escape(method)}\\1`, 'g');
  const yaml = new RegExp(`\\bmethod\\s*:\\s*(${escape(method)})\\s*(?:#.*)?$`, 'gi');
  return {
    id,
    what,
    fix,
    find(line, context) {
      const inPosition = matchesOf(quoted, line).filter((m) => {
        const before = line.slice(0, m.index);
        return !insideString(before) && (METHOD_KEY.test(before) || METHOD_ASSERTION.test(before) || SENDING_CALL.test(before));
      });
      const found = [...inPosition, ...matchesOf(yaml, line, 1)];
      return found.length > 0 && REJECTED.test(window(context, 0, 6)) ? [] : found;
    },
  };
}

const ABSENT =
  /toBeUndefined|toBeNull|toBeFalsy|toBe\(\s*(?:false|null|undefined)\s*\)|\.not\.|assertNotIn|\bnot in\b|is None|assertIsNone|===?\s*(?:undefined|null)|\bdelete\b/;
// Where a quoted header name is a header: a key (`'Name': v`), an index (`headers['name']`) or the
// first argument of a header accessor (`get('name')`, `Header.Set("Name", v)`).
const HEADER_ACCESSOR =
  /(?:\[|\b(?:get|set|has|append|add|getHeader|setHeader|header|headers|get_header|set_header|toHaveProperty)\s*\()\s*$/i;

function headerRule(id: string, header: string, what: string, fix: string): MigrationRule {
  const quoted = new RegExp(`(["'\`])(${escape(header)})\\1`, 'gi');
  const headerLine = new RegExp(`(?:^\\s*|["'\`])(${escape(header)})\\s*:`, 'gi');
  return {
    id,
    what,
    fix,
    find(line) {
      if (ABSENT.test(line)) return [];
      const positioned = matchesOf(quoted, line, 2).filter((m) => {
        const before = line.slice(0, m.index - 1);
        const after = line.slice(m.index + m.text.length + 1);
        return !insideString(before) && (/^\s*:/.test(after) || HEADER_ACCESSOR.test(before));
      });
      // `Name: value` as a raw HTTP line, or inside a string (curl -H "Name: value").
      const raw = matchesOf(headerLine, line, 1).filter((m) => !positioned.some((p) => p.index === m.index));
      return [...positioned, ...raw];
    },
  };
}

const NEGATED = /\.not\.|!==?|assertNotEqual|\bnot in\b|toBeUndefined/;
// A number is an error code where it is compared, assigned, passed, or the line is about a `code`.
const CODE_POSITION = /(?:\bcode\b.*|(?:=|\bcase|\()\s*)$/i;

function codeRule(id: string, codes: string, what: string, fix: string): MigrationRule {
  const pattern = new RegExp(`(?<![\\w.-])-(?:${codes})(?![\\d.])`, 'g');
  return {
    id,
    what,
    fix,
    find: (line) => {
      if (NEGATED.test(line)) return [];
      return matchesOf(pattern, line).filter((m) => {
        const before = line.slice(0, m.index);
        return !insideString(before) && CODE_POSITION.test(before);
      });
    },
  };
}

/** An HTTP verb string near the MCP traffic it belongs to, unless the code expects 405 for it. */
function verbRule(id: string, verb: string, near: RegExp, what: string, fix: string): MigrationRule {
  const pattern = new RegExp(`(["'])${verb}\\1|-X\\s+${verb}\\b`, 'g');
  return {
    id,
    what,
    fix,
    find(line, context) {
      const found = matchesOf(pattern, line);
      const around = window(context, 4, 4);
      return found.length > 0 && near.test(around) && !/\b405\b/.test(around) ? found : [];
    },
  };
}

const DISCOVER =
  'send server/discover for versions and capabilities; every request carries _meta with io.modelcontextprotocol/protocolVersion and clientCapabilities (plus MCP-Protocol-Version, Mcp-Method headers on HTTP)';

export const RULES: readonly MigrationRule[] = [
  methodRule(
    'initialize',
    'initialize',
    'sends or expects the initialize handshake',
    `2026-07-28 is stateless, with no handshake: ${DISCOVER}`,
  ),
  methodRule(
    'initialized-notification',
    'notifications/initialized',
    'sends notifications/initialized',
    'drop it: there is no handshake to complete in 2026-07-28',
  ),
  methodRule(
    'ping',
    'ping',
    'sends or expects ping',
    'ping was removed (servers answer -32601): check liveness with a cheap request such as server/discover',
  ),
  methodRule(
    'logging-set-level',
    'logging/setLevel',
    'sets a log level with logging/setLevel',
    'logging/setLevel was removed: put io.modelcontextprotocol/logLevel in the _meta of each request that should log',
  ),
  methodRule(
    'resources-subscribe',
    'resources/subscribe',
    'subscribes with resources/subscribe',
    'resources/subscribe was removed: open subscriptions/listen with notifications.resourceSubscriptions: [uri]',
  ),
  methodRule(
    'resources-unsubscribe',
    'resources/unsubscribe',
    'unsubscribes with resources/unsubscribe',
    'resources/unsubscribe was removed: close the subscriptions/listen stream (or cancel the listen request on stdio)',
  ),
  headerRule(
    'session-id',
    'Mcp-Session-Id',
    'sends or expects an Mcp-Session-Id',
    'no sessions in 2026-07-28: drop the header; servers ignore it and never send one',
  ),
  headerRule(
    'last-event-id',
    'Last-Event-ID',
    'resumes an SSE stream with Last-Event-ID',
    'streams are not resumable in 2026-07-28: re-issue the request instead of resuming',
  ),
  codeRule(
    'session-error-codes',
    '3200[134]',
    'expects a 2025-era error code -32001/-32003/-32004',
    'use the 2026-07-28 codes: -32020 HeaderMismatch, -32021 MissingRequiredClientCapability, -32022 UnsupportedProtocolVersion',
  ),
  codeRule(
    'resource-not-found-code',
    '32002',
    'expects -32002 for a missing resource',
    'an unknown resource gets -32602 (Invalid params, with data.uri) in 2026-07-28',
  ),
  codeRule(
    'url-elicitation-code',
    '32042',
    'expects -32042 URL elicitation required',
    '-32042 was removed in 2026-07-28 (with URL-mode elicitation ids); multi round-trip requests answer resultType "input_required"',
  ),
  verbRule(
    'get-sse-stream',
    'GET',
    /text\/event-stream/i,
    'opens a GET SSE stream',
    'no standalone GET stream in 2026-07-28 (servers answer 405): server notifications arrive on a subscriptions/listen stream',
  ),
  verbRule(
    'delete-session',
    'DELETE',
    /session|\/mcp\b/i,
    'ends a session with DELETE',
    'no sessions to end in 2026-07-28 (servers answer 405): drop the DELETE',
  ),
  {
    id: 'event-source',
    what: 'opens a GET SSE stream with EventSource',
    fix: 'no standalone GET stream in 2026-07-28: POST subscriptions/listen and read its SSE response',
    find: (line) => matchesOf(/\bnew EventSource\(/g, line),
  },
];
