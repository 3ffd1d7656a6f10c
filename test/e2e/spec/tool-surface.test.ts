/**
 * The tool surface a report keeps for the gate's tool diff (report.target.tools): every tool's name,
 * title, description, schemas and annotations, sorted by name, or nothing when the list is too large
 * to keep twice in every report and history entry (more than MAX_SURFACE_TOOLS tools, or more than
 * MAX_SURFACE_CHARS of them together). The fingerprint is kept either way.
 */

import { describe, expect, it } from 'vitest';
import { MAX_SURFACE_CHARS, MAX_SURFACE_TOOLS, toolSurfaceOf } from '../../../src/spec/fingerprint.js';

const tool = (name: string, description = `${name} does one thing.`) => ({
  name,
  description,
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
  icons: [{ src: 'https://example.invalid/i.png' }],
});

describe('toolSurfaceOf', () => {
  it('keeps the behaviour fields of each tool, sorted by name, and drops the rest', () => {
    expect(toolSurfaceOf([tool('b'), { ...tool('a'), title: 7 }])).toEqual([
      { name: 'a', description: 'a does one thing.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'b', description: 'b does one thing.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ]);
  });

  it(`keeps nothing past ${MAX_SURFACE_TOOLS} tools, or past ${MAX_SURFACE_CHARS} characters of them`, () => {
    const many = Array.from({ length: MAX_SURFACE_TOOLS }, (_, i) => tool(`t${i}`));
    expect(toolSurfaceOf(many)).toHaveLength(MAX_SURFACE_TOOLS);
    expect(toolSurfaceOf([...many, tool('one_more')])).toBeUndefined();
    const fat = 'x'.repeat(MAX_SURFACE_CHARS / 4);
    expect(toolSurfaceOf([tool('a', fat), tool('b', fat), tool('c', fat)])).toHaveLength(3);
    expect(toolSurfaceOf([tool('a', fat), tool('b', fat), tool('c', fat), tool('d', fat), tool('e', fat)])).toBeUndefined();
  });
});
