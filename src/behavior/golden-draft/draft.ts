/**
 * `mcpgate golden draft`: a first golden set written from tools/list, for review. With a model, each
 * tool gets positive cases with expected arguments and negative cases near its domain, and each pair
 * `overlap` ranks high gets a case per side that forbids the twin; without one, the same cases with
 * placeholder prompts. Every case is `draft: true` with a comment saying why it exists, so none is
 * gated until a person has read it.
 */

import { toolOverlaps } from '../../models/lexical/overlap.js';
import type { ModelClient } from '../../models/types.js';
import type { ServerTool } from '../../spec/tool.js';

export interface DraftCase {
  id: string;
  why: string;
  prompt: string;
  expectTool: string | null;
  expectArgs?: Record<string, unknown>;
  forbidTools?: string[];
}

/** Pairs at or above this overlap get confusion-pair cases. */
const PAIR_THRESHOLD = 0.25;
const MAX_PAIRS = 5;

const INSTRUCTIONS =
  'You write test cases for an MCP server. Given one tool (and the names of the others), answer with JSON only: ' +
  '{"positives": [{"prompt": "<a request a user would type that needs this tool>", "arguments": {<the arguments the tool should get>}}], ' +
  '"negatives": ["<a request near this tool\'s domain that no tool of the server fits>"]}. Two positives, one negative. ' +
  'For a pair of similar tools you are asked instead for {"prompt": "<a request that needs the first tool and not the second>", "arguments": {...}}.';

export async function draftCases(tools: ServerTool[], model?: ModelClient): Promise<DraftCase[]> {
  const cases: DraftCase[] = [];
  const names = tools.map((t) => t.name);
  for (const tool of tools) {
    const slug = tool.name.replace(/[^A-Za-z0-9_-]/g, '-');
    if (!model) {
      cases.push({
        id: `${slug}-basic`,
        why: `a request ${tool.name} should handle (write the prompt)`,
        prompt: `REPLACE ME: a request that needs ${tool.name}`,
        expectTool: tool.name,
      });
      continue;
    }
    const answer = parseJson(await ask(model, { tool: describe(tool), otherTools: names.filter((n) => n !== tool.name) }, cases.length));
    const positives = Array.isArray(answer?.positives) ? answer.positives : [];
    positives.slice(0, 2).forEach((p: unknown, i: number) => {
      const { prompt, arguments: args } = (p ?? {}) as { prompt?: unknown; arguments?: unknown };
      if (typeof prompt !== 'string' || prompt.trim() === '') return;
      cases.push({
        id: `${slug}-${i + 1}`,
        why: `a request ${tool.name} should handle, with the arguments ${model.id} expects; check both`,
        prompt: prompt.trim(),
        expectTool: tool.name,
        ...(isObject(args) && Object.keys(args).length > 0 ? { expectArgs: args } : {}),
      });
    });
    const negatives = Array.isArray(answer?.negatives) ? answer.negatives : [];
    negatives.slice(0, 1).forEach((n: unknown, i: number) => {
      if (typeof n !== 'string' || n.trim() === '') return;
      cases.push({
        id: `${slug}-negative-${i + 1}`,
        why: `near ${tool.name}'s domain but no tool fits: calling one is over-activation`,
        prompt: n.trim(),
        expectTool: null,
      });
    });
  }
  for (const pair of toolOverlaps(tools)
    .filter((p) => p.score >= PAIR_THRESHOLD)
    .slice(0, MAX_PAIRS)) {
    for (const [wanted, twin] of [pair.tools, [pair.tools[1], pair.tools[0]]] as Array<[string, string]>) {
      const why = `confusion pair: ${wanted} and ${twin} overlap ${pair.score.toFixed(2)} (shared: ${pair.sharedTerms.slice(0, 4).join(', ')}); the model must not pick ${twin}`;
      const id = `pair-${wanted}-not-${twin}`.replace(/[^A-Za-z0-9_-]/g, '-');
      if (!model) {
        cases.push({ id, why, prompt: `REPLACE ME: a request that needs ${wanted}, not ${twin}`, expectTool: wanted, forbidTools: [twin] });
        continue;
      }
      const tool = tools.find((t) => t.name === wanted)!;
      const other = tools.find((t) => t.name === twin)!;
      const answer = parseJson(await ask(model, { pair: [describe(tool), describe(other)] }, cases.length));
      if (typeof answer?.prompt !== 'string' || answer.prompt.trim() === '') continue;
      cases.push({
        id,
        why,
        prompt: answer.prompt.trim(),
        expectTool: wanted,
        forbidTools: [twin],
        ...(isObject(answer.arguments) && Object.keys(answer.arguments).length > 0 ? { expectArgs: answer.arguments } : {}),
      });
    }
  }
  return cases;
}

/** The golden file: JSON scalars are YAML, so values need no escaping rules of their own. */
export function draftYaml(cases: DraftCase[], source: { server: string; model?: string }): string {
  const lines = [
    `# Golden set drafted by mcpgate golden draft from the tools of ${source.server}${source.model ? `, prompts by ${source.model}` : ' (offline: write the prompts)'}.`,
    '# Every case is a draft (draft: true): read it, fix the prompt and the expectations, then delete the draft line.',
    '# Format: docs/golden-format.md of mcpgate.',
    'cases:',
  ];
  for (const c of cases) {
    lines.push(`  # ${c.why.replace(/\s+/g, ' ')}`);
    lines.push(
      `  - id: ${JSON.stringify(c.id)}`,
      '    draft: true',
      `    prompt: ${JSON.stringify(c.prompt)}`,
      `    expect_tool: ${c.expectTool === null ? 'null' : JSON.stringify(c.expectTool)}`,
    );
    if (c.expectArgs) {
      lines.push('    expect_args:');
      for (const [name, value] of Object.entries(c.expectArgs))
        lines.push(
          `      ${JSON.stringify(name)}: ${typeof value === 'string' ? `{ match: normalized, value: ${JSON.stringify(value)} }` : JSON.stringify(value)}`,
        );
    }
    if (c.forbidTools) lines.push(`    forbid_tools: ${JSON.stringify(c.forbidTools)}`);
  }
  return `${lines.join('\n')}\n`;
}

function describe(tool: ServerTool): Record<string, unknown> {
  return { name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema };
}

async function ask(model: ModelClient, subject: Record<string, unknown>, index: number): Promise<string> {
  const turn = await model.generate({
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: JSON.stringify(subject, null, 2) },
    ],
    tools: [],
    sampleIndex: index,
    temperature: 0,
  });
  return turn.text;
}

function parseJson(text: string): any {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
