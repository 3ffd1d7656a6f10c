/**
 * `Mcp-Param-{Name}` headers (basic/transports/streamable-http#custom-headers-from-tool-parameters):
 * a tool parameter whose schema carries `x-mcp-header: Name` travels in the body and again in a
 * header, so that gateways can route on it. A client sends the header whenever the argument is
 * present and not null; a server compares the two and answers a mismatch with -32020 (HTTP 400).
 */

import { isRecord } from '../shared/guards.js';

export const PARAM_HEADER_PREFIX = 'Mcp-Param-';

/** One declaration: the header it names and the path of its property under `properties`. */
export interface ParamHeader {
  header: string;
  path: string[];
}

const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
/** The schema is the server's: the walk stops at this depth and this many declarations. */
const MAX_DEPTH = 16;
const MAX_DECLARATIONS = 64;

/**
 * The declarations of a tool's input schema, reached from the root through `properties` alone. A
 * schema whose declarations break the rules (a non-token name, a repeated name, a property of
 * another type) yields none: conforming clients drop such a tool, and tools.x-mcp-header reports it.
 */
export function paramHeadersOf(inputSchema: unknown): ParamHeader[] {
  const found: ParamHeader[] = [];
  let valid = true;
  const visit = (node: unknown, path: string[]): void => {
    if (!isRecord(node) || path.length > MAX_DEPTH || found.length > MAX_DECLARATIONS) return;
    if ('x-mcp-header' in node) {
      const header = node['x-mcp-header'];
      const types = Array.isArray(node.type) ? node.type : [node.type];
      const typed = types.every((t) => typeof t === 'string' && HEADER_TYPES.has(t));
      if (typeof header === 'string' && TCHAR.test(header) && typed && path.length > 0) found.push({ header, path });
      else valid = false;
    }
    if (isRecord(node.properties)) for (const [name, child] of Object.entries(node.properties)) visit(child, [...path, name]);
  };
  visit(inputSchema, []);
  const names = found.map((f) => f.header.toLowerCase());
  if (!valid || found.length > MAX_DECLARATIONS || new Set(names).size !== names.length) return [];
  return found;
}

/** The value at `path` in the arguments, or undefined. */
export function argumentAt(args: unknown, path: readonly string[]): unknown {
  let node: unknown = args;
  for (const key of path) {
    if (!isRecord(node) || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * The header text of an argument value as clients send it: strings as they are unless they need
 * `=?base64?…?=` (non-ASCII, control characters, outer whitespace, or a value that looks like the
 * sentinel), integers in decimal, booleans as true/false. Undefined for null, absent or other types.
 */
export function paramHeaderText(value: unknown): string | undefined {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  return typeof value === 'string' ? encodeHeaderValue(value) : undefined;
}

/** Header values that are not plain visible ASCII (or look like the sentinel) travel as `=?base64?…?=` (UTF-8). */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !/^=\?base64\?.*\?=$/i.test(value);
  return plain ? value : base64HeaderText(value);
}

export function base64HeaderText(value: string): string {
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Every `Mcp-Param-*` header a call with these arguments carries. */
export function paramHeaderValues(declarations: readonly ParamHeader[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { header, path } of declarations) {
    const text = paramHeaderText(argumentAt(args, path));
    if (text !== undefined) headers[`${PARAM_HEADER_PREFIX}${header}`] = text;
  }
  return headers;
}
