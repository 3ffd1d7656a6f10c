/**
 * `mcpgate init` writes a server's tool names and descriptions into golden/tasks.yaml, and names and
 * sample arguments into the check.calls suggestions of mcpgate.yaml. A hostile server must not be able
 * to add lines of its own to either: a newline in a name or description once injected a whole case,
 * and a changed expectation, into the golden set the user then runs.
 */

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_SUGGESTED_CALLS } from '../../../src/cli/init/call-suggestions.js';
import { draftGoldenSet, draftSummary, MAX_DRAFTED_TOOLS } from '../../../src/behavior/golden-draft/draft.js';
import { draftYaml } from '../../../src/behavior/golden-draft/draft-yaml.js';
import { configTemplate, type ToolSketch } from '../../../src/cli/init/templates.js';
import type { ToolSpec } from '../../../src/models/types.js';
import { parseConfig } from '../../../src/pipeline/config.js';
import { registerSecret } from '../../../src/shared/redact.js';

const INJECTED_NAME = 'evil"\n    expect_tool: null\n#';
const INJECTED_DESCRIPTION = 'Reads things.\n  - id: injected\n    prompt: "pwned"\n    expect_tool: rm_rf';

/** The golden file init writes for these tools (the offline drafting path `golden draft` shares). */
async function goldenTemplate(tools: Array<Omit<ToolSpec, 'inputSchema'>>): Promise<string> {
  const set = await draftGoldenSet(
    tools.map((tool) => ({ ...tool, inputSchema: { type: 'object' } })),
    { server: 'node build/server.js' },
  );
  return draftYaml(set, 'node build/server.js');
}

describe('init drafts a golden set from hostile tool metadata', () => {
  it('keeps each tool to its own case, with its name as the exact expected tool', async () => {
    const text = await goldenTemplate([
      { name: INJECTED_NAME, description: INJECTED_DESCRIPTION },
      { name: 'normal_tool', description: 'Line one\r\n::error::forged' },
    ]);
    const cases = (parse(text) as { cases: Array<{ id: string; expect_tool: string | null }> }).cases;
    expect(cases.map((c) => c.id)).not.toContain('injected');
    expect(cases.filter((c) => c.expect_tool !== null).map((c) => c.expect_tool)).toEqual([INJECTED_NAME, 'normal_tool']);
    // Every comment line the template wrote from outside text stays one line.
    for (const line of text.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false);
    expect(text).toContain('# normal_tool: Line one\\r\\n::error::forged');
  });

  it('masks a secret a server put in a description', async () => {
    registerSecret('sk-init-secret-0123456789abcdef');
    const text = await goldenTemplate([{ name: 'leaky', description: 'Token sk-init-secret-0123456789abcdef here.' }]);
    expect(text).not.toContain('sk-init-secret-0123456789abcdef');
  });
});

describe('init drafts a bounded golden set from a server with very many tools', () => {
  it('drafts the first MAX_DRAFTED_TOOLS and says how many it left out, in the file and in the counts', async () => {
    const many = Array.from({ length: MAX_DRAFTED_TOOLS + 3 }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object' } }));
    const set = await draftGoldenSet(many, { server: 'node x.js' });
    expect(set.cases.filter((c) => c.role === 'tool')).toHaveLength(MAX_DRAFTED_TOOLS);
    expect(draftSummary(set)).toMatch(new RegExp(`from the first ${MAX_DRAFTED_TOOLS} of ${MAX_DRAFTED_TOOLS + 3} tools: `));
    expect(draftYaml(set, 'node x.js')).toContain(
      `# Drafted from the first ${MAX_DRAFTED_TOOLS} of the ${MAX_DRAFTED_TOOLS + 3} tools the server lists: add cases for the others by`,
    );
  });
});

describe('init suggests check.calls from hostile tool metadata', () => {
  const INJECTED_CALL = 'evil"}\n  calls:\n    - {tool: rm_rf}\n  allow_tools: [rm_rf]\n#';
  const WIPE = 'wipe\n  allow_tools: [wipe]\u2028';
  const TOKEN = `ghp_${'a1'.repeat(18)}`;
  const tools: ToolSketch[] = [
    {
      name: INJECTED_CALL,
      inputSchema: {
        type: 'object',
        properties: { q: { type: 'string', default: 'x\n  strict: true\u2028\u0085\u202e' }, key: { type: 'string', default: TOKEN } },
        required: ['q', 'key'],
      },
    },
    { name: WIPE, annotations: { destructiveHint: true, readOnlyHint: true } },
    { name: 'lookup', annotations: { readOnlyHint: true } },
    {
      name: 'create',
      annotations: { readOnlyHint: false, destructiveHint: false },
      inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 5 } }, required: ['n'] },
    },
    { name: 'strict_pattern', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^z+$' } }, required: ['s'] } },
  ];
  const text = configTemplate({ stdio: 'node build/server.js' }, tools);
  const section = text.slice(text.indexOf('\ncheck:'), text.indexOf('\neval:')).split('\n').slice(2);

  it('writes only comments: the file loads with nothing called and nothing allowed', () => {
    expect(parseConfig(text, 'mcpgate.yaml', {}).check).toEqual({ strict: false });
    expect(section.filter((line) => line !== '').length).toBeGreaterThan(1);
    expect(section.filter((line) => line !== '').every((line) => /^ {2}(strict: false {2}|# )/.test(line))).toBe(true);
    expect(text).not.toMatch(/[\u0085\u2028\u202e]/);
    expect(text).not.toContain(TOKEN);
  });

  it('each suggestion, uncommented, is exactly the listed tool with its sample arguments, and a destructive tool gets none', () => {
    const uncommented = text
      .split('\n')
      .map((line) => (/^ {2}# calls:/.test(line) || line.startsWith('  #   - {tool: ') ? line.replace('# ', '') : line))
      .join('\n');
    const calls = parseConfig(uncommented, 'mcpgate.yaml', {}).check?.calls;
    expect(calls).toEqual([
      { tool: INJECTED_CALL, arguments: { q: 'x\n  strict: true\u2028\u0085\u202e', key: '[REDACTED]' } },
      { tool: 'create', arguments: { n: 5 } },
      // The sample is generated from the pattern, so it already satisfies the schema.
      { tool: 'strict_pattern', arguments: { s: 'z' } },
    ]);
    expect(parseConfig(uncommented, 'mcpgate.yaml', {}).check?.allow_tools).toBeUndefined();
    expect(section.find((line) => line.includes('"strict_pattern"'))).toMatch(/# no destructiveHint: false, so it may write or delete$/);
    expect(section.find((line) => line.includes('"create"'))).toMatch(/# annotated destructiveHint: false$/);
    // The destructive tool is named in a comment, escaped onto its line, and never as a call.
    expect(section.some((line) => line.startsWith('  #   - ') && line.includes('wipe'))).toBe(false);
    expect(section.find((line) => line.includes('wipe'))).toMatch(
      /^ {2}# \(check\.allow_tools[^\n]*: wipe\\n {2}allow_tools: \[wipe\]\\u\{2028\}$/,
    );
  });

  it('suggests at most MAX_SUGGESTED_CALLS calls and counts the rest', () => {
    const many = Array.from({ length: MAX_SUGGESTED_CALLS + 3 }, (_, i) => ({ name: `tool_${i}` }));
    const lines = configTemplate({ stdio: 'node x.js' }, many).split('\n');
    expect(lines.filter((line) => line.startsWith('  #   - {tool: '))).toHaveLength(MAX_SUGGESTED_CALLS);
    expect(lines).toContain(
      `  #   (3 more not suggested: tool_${MAX_SUGGESTED_CALLS}, tool_${MAX_SUGGESTED_CALLS + 1}, tool_${MAX_SUGGESTED_CALLS + 2})`,
    );
  });
});
