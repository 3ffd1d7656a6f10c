import { describe, expect, it } from 'vitest';
import { fingerprintOf, toolSurfaceOf } from '../../../src/spec/fingerprint.js';

const tool = (name: string, description = `${name} does one thing`): Record<string, unknown> => ({
  name,
  description,
  inputSchema: { type: 'object' },
});

describe('the server fingerprint', () => {
  it('orders tools by code unit, so no locale moves a non-ASCII or capitalised name', () => {
    // A locale-aware order puts ä beside a and Zeta after alpha; code units put Z before a and ä after z.
    const names = toolSurfaceOf([tool('zeta'), tool('ä'), tool('alpha'), tool('Zeta')])!.map((t) => t.name);
    expect(names).toEqual(['Zeta', 'alpha', 'zeta', 'ä']);
  });

  it('is the same whatever order the server lists its tools in, two tools of one name included', () => {
    const tools = [tool('b'), tool('a', 'first'), tool('a', 'second'), tool('c')];
    const reversed = [...tools].reverse();
    expect(fingerprintOf(reversed).toolsSha256).toBe(fingerprintOf(tools).toolsSha256);
    expect(toolSurfaceOf(reversed)).toEqual(toolSurfaceOf(tools));
    // And it still changes when a description does.
    expect(fingerprintOf([tool('b'), tool('a', 'first'), tool('a', 'other'), tool('c')]).toolsSha256).not.toBe(
      fingerprintOf(tools).toolsSha256,
    );
  });
});
