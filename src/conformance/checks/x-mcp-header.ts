/**
 * Static rules for `x-mcp-header` on tool input schemas: a header name made of RFC 9110 token
 * characters, unique ignoring case, on a string/integer/boolean property reached through
 * `properties` alone. Conforming HTTP clients drop a tool that breaks them.
 */

import { isRecord } from '../../shared/guards.js';

const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ALLOWED_TYPES = new Set(['string', 'integer', 'boolean']);
const COMPOSITION = [
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
];

export function xMcpHeaderProblems(inputSchema: unknown): string[] {
  const problems: string[] = [];
  const names = new Map<string, string>();
  const visit = (node: unknown, path: string, reachable: boolean): void => {
    if (!isRecord(node)) {
      if (Array.isArray(node)) node.forEach((n, i) => visit(n, `${path}/${i}`, false));
      return;
    }
    if ('x-mcp-header' in node) {
      const header = node['x-mcp-header'];
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (typeof header !== 'string' || header === '' || !TCHAR.test(header))
        problems.push(`${path}: x-mcp-header ${JSON.stringify(header)} is not a non-empty HTTP token`);
      else {
        const previous = names.get(header.toLowerCase());
        if (previous) problems.push(`${path}: x-mcp-header "${header}" repeats ${previous} (names compare case-insensitively)`);
        names.set(header.toLowerCase(), path);
      }
      if (!types.every((t) => typeof t === 'string' && ALLOWED_TYPES.has(t)))
        problems.push(
          `${path}: x-mcp-header on a property of type ${JSON.stringify(node.type)}; only string, integer or boolean are allowed`,
        );
      if (!reachable) problems.push(`${path}: x-mcp-header is only allowed on properties reached from the root through "properties"`);
    }
    if (isRecord(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) visit(child, `${path}/properties/${name}`, reachable);
    }
    for (const key of COMPOSITION) if (key in node) visit(node[key], `${path}/${key}`, false);
  };
  visit(inputSchema, '#', true);
  return problems;
}
