import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GoldenSetError, loadGoldenSet, parseGoldenSet, validateCaseTools } from '../../../src/behavior/golden/index.js';
import { MAX_PROMPT_CHARS } from '../../../src/behavior/golden/prompt-schema.js';
import { MAX_USER_FILE_BYTES } from '../../../src/shared/yaml/load.js';
import type { GoldenSet, MatchMode } from '../../../src/behavior/types.js';
import { TOOL_DEFINITIONS } from '../../../examples/reference-server/tool-definitions.js';
import { CITIES, CUSTOMERS, INVOICES } from '../../../examples/reference-server/fake-data.js';

const SHIPPED = fileURLToPath(new URL('../../../examples/golden/tasks.yaml', import.meta.url));
const TOOL_NAMES = TOOL_DEFINITIONS.map((tool) => tool.name);

/** The message of the GoldenSetError that parsing `text` throws (fails the test if nothing is thrown). */
function errorOf(text: string, file = 'cases.yaml'): GoldenSetError {
  try {
    parseGoldenSet(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(GoldenSetError);
    return error as GoldenSetError;
  }
  throw new Error('expected a GoldenSetError, but the golden set loaded');
}

describe('the shipped golden set for the reference server', () => {
  const set: GoldenSet = loadGoldenSet(SHIPPED);
  const cases = set.cases;

  it('loads with the counts the issue asks for', () => {
    expect(cases.length).toBeGreaterThanOrEqual(24);
    expect(cases.filter((c) => c.expect.kind === 'none').length).toBeGreaterThanOrEqual(5);
    expect(cases.filter((c) => c.expect.kind === 'sequence').length).toBeGreaterThanOrEqual(3);
    expect(cases.filter((c) => c.turns.length > 1).length).toBeGreaterThanOrEqual(2);
    expect(cases.filter((c) => c.forbidTools.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(cases.filter((c) => c.rubric !== undefined).length).toBeGreaterThanOrEqual(5);
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(['hard', 'soft']));
    expect(cases.every((c) => c.tags.includes('reference') && c.tags.length > 1)).toBe(true);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('exercises every argument match mode', () => {
    const used = new Set<MatchMode>(cases.flatMap((c) => Object.values(c.expectArgs).map((e) => e.mode)));
    expect([...used].sort()).toEqual(['exact', 'ignore', 'normalized', 'numeric', 'one_of', 'regex', 'semantic']);
  });

  it('names only tools the reference server lists', () => {
    expect(validateCaseTools(set, TOOL_NAMES)).toEqual([]);
    const named = cases.flatMap((c) => [
      ...(c.expect.kind === 'tool' ? [c.expect.tool] : c.expect.kind === 'sequence' ? c.expect.tools : []),
      ...c.forbidTools,
    ]);
    expect(named.filter((tool) => !TOOL_NAMES.includes(tool))).toEqual([]);
  });

  it('names only customers, invoices and cities the reference server has', () => {
    const text = readFileSync(SHIPPED, 'utf8');
    const customers = new Set(CUSTOMERS.flatMap((c) => [c.id, c.email]));
    const invoices = new Set(INVOICES.map((i) => i.id));
    for (const id of text.match(/CUS-\d+/g) ?? []) expect(customers, id).toContain(id);
    for (const id of text.match(/INV-\d+/g) ?? []) expect(invoices, id).toContain(id);
    for (const email of text.match(/[\w.]+@[\w.]+\.example/g) ?? []) expect(customers, email).toContain(email);
    const cities = CITIES.map((c) => c.city.toLowerCase());
    for (const c of cases) {
      const city = c.expectArgs.city;
      if (typeof city?.value === 'string') expect(cities, c.id).toContain(city.value.toLowerCase());
    }
  });

  it('records where each case is defined', () => {
    const first = cases[0]!;
    const line = Number(first.source.split(':').pop());
    expect(first.source).toBe(`${SHIPPED}:${line}`);
    expect(readFileSync(SHIPPED, 'utf8').split('\n')[line - 1]).toContain(`id: ${first.id}`);
  });
});

describe('validateCaseTools', () => {
  it('reports each case that names an unknown tool, with a suggestion', () => {
    const set = parseGoldenSet(
      [
        '- id: typo',
        '  prompt: weather in Paris',
        '  expect_tool: get_wether',
        '  forbid_tools: [delete_invoices]',
        '- id: fine',
        '  prompt: weather in Paris',
        '  expect_tool: get_weather',
        '- id: seq',
        '  prompt: look up and search',
        '  expect_sequence: [lookup_customer, teleport]',
      ].join('\n'),
      'set.yaml',
    );
    const messages = validateCaseTools(set, TOOL_NAMES);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(
      /^set\.yaml:1: case "typo": expect_tool names "get_wether" \(did you mean "get_weather"\?\); forbid_tools names "delete_invoices" \(did you mean "delete_invoice"\?\)/,
    );
    expect(messages[1]).toMatch(/^set\.yaml:8: case "seq": expect_sequence names "teleport", which the server does not list/);
  });
});

describe('both top-level forms', () => {
  const body = ['  - id: paris', '    prompt: weather in Paris', '    expect_tool: get_weather'];

  it('reads a plain list of cases with the built-in defaults', () => {
    const set = parseGoldenSet(body.map((line) => line.slice(2)).join('\n'), 'list.yaml');
    expect(set.cases).toEqual([
      {
        id: 'paris',
        turns: ['weather in Paris'],
        expect: { kind: 'tool', tool: 'get_weather' },
        expectArgs: {},
        forbidTools: [],
        kind: 'soft',
        tags: [],
        source: 'list.yaml:1',
      },
    ]);
  });

  it('reads a mapping with cases and applies its defaults', () => {
    const text = [
      'defaults:',
      '  kind: hard',
      '  runs: 3',
      '  min_passes: 2',
      '  tags: [smoke]',
      'cases:',
      ...body,
      '    tags: [weather, smoke]',
      '    runs: 4',
    ];
    const [only] = parseGoldenSet(text.join('\n'), 'map.yaml').cases;
    expect(only).toMatchObject({ kind: 'hard', runs: 4, minPasses: 2, tags: ['smoke', 'weather'], source: 'map.yaml:7' });
  });

  it('maps every way of writing an expectation', () => {
    const text = [
      '- id: all',
      '  turns: [first, second]',
      '  expect_sequence: [lookup_customer, search_invoices]',
      '  expect_args:',
      '    email: billing@acme.example',
      '    range: {from: "2026-05-01"}',
      '    n: {match: numeric, value: 3, tolerance: 0.5}',
      '    pick: {match: one_of, values: [a, b]}',
      '    re: {match: regex, pattern: "^x"}',
      '    skip: {match: ignore}',
      '  rubric: does it',
      '- id: nothing',
      '  prompt: hi',
      '  expect_tool: null',
    ].join('\n');
    const [all, nothing] = parseGoldenSet(text, 'x.yaml').cases;
    expect(all?.turns).toEqual(['first', 'second']);
    expect(all?.expect).toEqual({ kind: 'sequence', tools: ['lookup_customer', 'search_invoices'] });
    expect(all?.expectArgs).toEqual({
      email: { mode: 'exact', value: 'billing@acme.example' },
      range: { mode: 'exact', value: { from: '2026-05-01' } },
      n: { mode: 'numeric', value: 3, tolerance: 0.5 },
      pick: { mode: 'one_of', values: ['a', 'b'] },
      re: { mode: 'regex', pattern: '^x' },
      skip: { mode: 'ignore' },
    });
    expect(all?.rubric).toBe('does it');
    expect(nothing?.expect).toEqual({ kind: 'none' });
  });
});

describe('golden-set errors name the file, the line and the fix', () => {
  it('a misspelt key, with a did-you-mean', () => {
    const error = errorOf(['cases:', '  - id: paris', '    prompt: weather in Paris', '    expect_tol: get_weather'].join('\n'));
    // The typo is reported once, as an unknown key, not again as "says nothing about what to call".
    expect(error.message).toBe('cases.yaml:4:5: case "paris": expect_tol is not a key (did you mean "expect_tool"?)');
  });

  it('a misspelt top-level or defaults key', () => {
    expect(errorOf('defaults:\n  runz: 3\ncase: []').message.split('\n')).toEqual([
      'cases.yaml:2:3: defaults.runz is not a key (did you mean "runs"?)',
      'cases.yaml:3:1: case is not a key (did you mean "cases"?)',
    ]);
  });

  it('a value of the wrong type or outside its range', () => {
    const error = errorOf(['- id: a', '  prompt: hi', '  expect_tool: 3', '  runs: "5"', '  kind: medium', '  min_passes: 0'].join('\n'));
    expect(error.message.split('\n')).toEqual([
      'cases.yaml:3:16: case "a": expect_tool must be a tool name, or null (the tool the model should call first; null: no tool may be called), got the number 3',
      'cases.yaml:4:9: case "a": runs must be an integer of at least 1 (how many samples to take of the case), got the string "5"',
      'cases.yaml:5:9: case "a": kind must be one of hard, soft (a hard case needs every run to pass, a soft one its floor; default soft), got the string "medium"',
      'cases.yaml:6:15: case "a": min_passes must be an integer of at least 1 (passes needed out of runs, in place of the hard or soft floor), got the number 0',
    ]);
  });

  it('both prompt and turns, or neither', () => {
    const error = errorOf(
      ['- id: both', '  prompt: hi', '  turns: [hi]', '  expect_tool: null', '- id: neither', '  expect_tool: null'].join('\n'),
    );
    expect(error.message).toContain('cases.yaml:3:3: case "both": has both "prompt" and "turns"');
    expect(error.message).toContain('cases.yaml:5:3: case "neither": has neither "prompt" nor "turns"');
  });

  it('duplicate ids, pointing at the second and naming the first', () => {
    const error = errorOf(
      ['- id: same', '  prompt: a', '  expect_tool: null', '- id: same', '  prompt: b', '  expect_tool: null'].join('\n'),
    );
    expect(error.message).toBe(
      'cases.yaml:4:7: case "same": duplicate id "same", first used on line 1 (give every case its own id; reports and baselines key on it)',
    );
  });

  it('matchers that cannot work', () => {
    const yaml = [
      '- id: m',
      '  prompt: p',
      '  expect_tool: get_weather',
      '  expect_args:',
      '    a: {match: regex, pattern: "([a-"}',
      '    b: {match: one_of}',
      '    c: {match: numeric, value: "3"}',
      '    d: {match: exakt, value: 1}',
      '    e: {match: exact, value: 1, tolerance: 2}',
      '    f: {match: exact, valu: 1}',
      '    g: {match: regex}',
    ];
    /** `cases.yaml:LINE:COL` of the first occurrence of `needle` on 1-based line `line`. */
    const at = (line: number, needle: string) => `cases.yaml:${line}:${yaml[line - 1]!.indexOf(needle) + 1}`;
    const lines = errorOf(yaml.join('\n')).message.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${at(5, '"([a-')}: case "m": the pattern does not compile: .*Unterminated character class`));
    expect(lines[1]).toBe(`${at(6, '{')}: case "m": match: one_of needs "values" (add "values: [A, B]" with every acceptable value)`);
    expect(lines[2]).toBe(
      `${at(7, '"3"')}: case "m": match: numeric needs a number in "value" (write the number without quotes, e.g. "value: 250")`,
    );
    expect(lines[3]).toBe(
      `${at(8, 'exakt')}: case "m": expect_args.d.match must be one of exact, normalized, one_of, numeric, regex, semantic, ignore (how the argument is compared with the expectation), got the string "exakt" (did you mean "exact"?)`,
    );
    expect(lines[4]).toMatch(new RegExp(`^${at(9, 'tolerance')}: case "m": "tolerance" has no effect with match: exact`));
    expect(lines[5]).toBe(`${at(10, 'valu:')}: case "m": expect_args.f.valu is not a key (did you mean "value"?)`);
    expect(lines[6]).toBe(`${at(11, '{')}: case "m": match: regex needs "pattern" (add "pattern:" with a regular expression)`);
    expect(lines).toHaveLength(7);
  });

  it('expectations that contradict each other', () => {
    const error = errorOf(
      [
        '- id: neg',
        '  prompt: hi',
        '  expect_tool: null',
        '  expect_args: {city: Paris}',
        '- id: both',
        '  prompt: hi',
        '  expect_tool: get_weather',
        '  expect_sequence: [get_weather]',
        '  forbid_tools: [get_weather]',
        '  runs: 2',
        '  min_passes: 3',
      ].join('\n'),
    );
    expect(error.problems.map((p) => `${p.line}:${p.entry}:${p.message}`)).toEqual([
      '4:case "neg":"expect_args" on a negative case (expect_tool: null)',
      '8:case "both":has both "expect_tool" and "expect_sequence"',
      '9:case "both":"forbid_tools" lists get_weather, which the case expects',
      '11:case "both":"min_passes" is 3, more than the 2 runs',
    ]);
  });

  it('a floor from the defaults that a case cannot reach', () => {
    const error = errorOf(
      ['defaults: {min_passes: 4}', 'cases:', '  - id: few', '    prompt: hi', '    expect_tool: null', '    runs: 3'].join('\n'),
    );
    expect(error.message).toBe(
      'cases.yaml:6:11: case "few": "min_passes" is 4, more than the 3 runs (lower "min_passes" to at most 3, or raise "runs")',
    );
  });

  it('a case without an id', () => {
    expect(errorOf('- prompt: hi\n  expect_tool: null').message).toBe(
      'cases.yaml:1:3: case 1 has no id (reports, baselines and the gate key on it) (add "id:" with a name, unique in the file)',
    );
  });

  it('a document that is not a golden set', () => {
    expect(errorOf('just some text').message).toBe(
      'cases.yaml:1:1: the golden set must be a list of cases, or a mapping with cases and optional defaults (what users ask and which tool should answer, for `mcpgate eval`), got the string "just some text"',
    );
    expect(errorOf('').message).toBe(
      'cases.yaml:1:1: the golden set is empty (write a list of cases, or a mapping with "cases:" and optional "defaults:")',
    );
    expect(errorOf('cases: []').message).toBe(
      'cases.yaml:1:8: cases must be a non-empty list of cases (the cases of the set), got an empty list',
    );
  });

  it('a YAML syntax error, with its line', () => {
    const error = errorOf(['- id: a', '  prompt: "unterminated', '  expect_tool: null'].join('\n'));
    expect(error.message).toMatch(/^cases\.yaml:\d+:\d+: YAML syntax error: /);
    expect(error.problems[0]?.line).toBeGreaterThanOrEqual(2);
    expect(errorOf('- id: a\n  id: b\n  prompt: x').message).toMatch(/^cases\.yaml:2:3: YAML syntax error: Map keys must be unique/);
  });

  it('lists at most ten problems and counts the rest', () => {
    const text = Array.from({ length: 12 }, (_, i) => `- id: c${i}\n  prompt: p\n  expect_tool: null\n  colour: red`).join('\n');
    const lines = errorOf(text).message.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[10]).toBe('... and 2 more problems in cases.yaml');
  });

  it('a missing file, in one line', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'golden-')), 'nope.yaml');
    expect(() => loadGoldenSet(file)).toThrowError(
      new GoldenSetError(file, [{ file, message: 'cannot read the golden set: no such file', fix: 'check the --golden path' }]),
    );
    expect(() => loadGoldenSet(file)).toThrowError(
      /^[^\n]*nope\.yaml: cannot read the golden set: no such file \(check the --golden path\)$/,
    );
  });

  it('a file over the size cap, in one line, before it is parsed', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'golden-')), 'huge.yaml');
    const oneCase = '- id: a\n  prompt: hi\n  expect_tool: null\n';
    writeFileSync(file, oneCase + '#'.repeat(MAX_USER_FILE_BYTES - oneCase.length));
    expect(loadGoldenSet(file).cases).toHaveLength(1);
    writeFileSync(file, oneCase + '#'.repeat(MAX_USER_FILE_BYTES - oneCase.length + 1));
    expect(() => loadGoldenSet(file)).toThrowError(
      `${file}: the golden set is larger than 4 MiB, mcpgate's cap for a file it reads (MAX_USER_FILE_BYTES) (check the --golden path, or split the file)`,
    );
  });

  it('a prompt or a turn over the length cap, pointing at it', () => {
    const long = 'x'.repeat(MAX_PROMPT_CHARS + 1);
    expect(() => parseGoldenSet(`- id: a\n  prompt: ${'x'.repeat(MAX_PROMPT_CHARS)}\n  expect_tool: null\n`, 'cases.yaml')).not.toThrow();
    expect(errorOf(`- id: a\n  prompt: ${long}\n  expect_tool: null\n`).message).toBe(
      `cases.yaml:2:11: case "a": prompt must be text of at most ${MAX_PROMPT_CHARS} characters (MAX_PROMPT_CHARS) (what the user types, as one message; or turns), got a string of ${MAX_PROMPT_CHARS + 1} characters`,
    );
    expect(errorOf(`- id: b\n  turns:\n    - hi\n    - ${long}\n  expect_tool: null\n`).message).toMatch(
      /^cases\.yaml:4:7: case "b": turns must be a non-empty list of texts of at most 65536 characters \(MAX_PROMPT_CHARS\) .*; turns\[1\] is a string of 65537 characters$/,
    );
  });

  it('a file on disk, named in every problem', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'golden-')), 'tasks.yaml');
    writeFileSync(file, 'cases:\n  - id: a\n    promt: hi\n    expect_tool: null\n');
    expect(() => loadGoldenSet(file)).toThrowError(`${file}:3:5: case "a": promt is not a key (did you mean "prompt"?)`);
  });
});
