/** Reading the JUnit XML the renderer writes, in tests: its test cases, attributes, and a well-formedness check. */

import { expect } from 'vitest';

export interface ParsedCase {
  attrs: Record<string, string>;
  body: string;
}

export function testcases(xml: string): ParsedCase[] {
  return [...xml.matchAll(/<testcase ([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => ({
    attrs: attributes(`<x ${m[1]}>`),
    body: (m[2] ?? '').trim() === '' ? '' : m[2]!,
  }));
}

export function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

export function unescape(value: string): string {
  return value.replace(/&(lt|gt|amp|quot|apos|#(\d+));/g, (_m, name: string, code?: string) =>
    code ? String.fromCharCode(Number(code)) : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name]!,
  );
}

/** Enough of XML 1.0 to catch what a string-built renderer gets wrong: balance, quoting, escaping, chars. */
export function assertWellFormed(xml: string): void {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(xml.startsWith(declaration)).toBe(true);
  const body = xml.slice(declaration.length);
  expect(body).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  const entity = /&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|</g;
  for (const m of body.matchAll(token)) {
    const [whole, closing, name, attrs, selfClosing, text] = m;
    if (text !== undefined) {
      expect(stack.length > 0 || text.trim() === '', `text outside the root: ${text}`).toBe(true);
      expect(text, 'bare & in text').not.toMatch(entity);
      continue;
    }
    expect(name, `stray < at ${m.index}: ${body.slice(m.index, m.index + 40)}`).toBeDefined();
    expect(attrs ?? '', `bare & in attributes of ${whole}`).not.toMatch(entity);
    const attrNames = [...(attrs ?? '').matchAll(/([\w:.-]+)=/g)].map((a) => a[1]);
    expect(new Set(attrNames).size, `duplicate attribute in ${whole}`).toBe(attrNames.length);
    if (closing) {
      expect(stack.pop(), `unbalanced </${name}>`).toBe(name);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}
