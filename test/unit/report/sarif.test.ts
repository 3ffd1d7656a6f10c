import { describe, it, expect } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { renderSarif } from '../../../src/report/sarif.js';
import type { Report } from '../../../src/report/model.js';
import { coverageLine } from '../../../src/report/coverage-line.js';
import { makeCheck, makeCoverage, makeReport } from '../../helpers/report-factory.js';
import { assertPossibleReport } from '../../helpers/report-invariants.js';

/*
 * The parts of the OASIS SARIF 2.1.0 schema this renderer uses, written down from the standard (the
 * official file is not fetched: tests run offline). Objects are closed with unevaluatedProperties so a
 * misspelt or invented key fails here: in SARIF, anything of one's own belongs in a `properties` bag.
 * Two rules are GitHub's ingestion rules rather than the schema's: every result needs a location, and
 * every location a physical artifact URI (otherwise GitHub rejects the whole upload).
 */
const message = {
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1 } },
  unevaluatedProperties: false,
};
const propertyBag = { type: 'object' };
const SARIF_SUBSET = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    version: { const: '2.1.0' },
    runs: { type: 'array', minItems: 1, maxItems: 1, items: { $ref: '#/$defs/run' } },
  },
  unevaluatedProperties: false,
  $defs: {
    run: {
      type: 'object',
      required: ['tool', 'results'],
      properties: {
        tool: {
          type: 'object',
          required: ['driver'],
          properties: {
            driver: {
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string', minLength: 1 },
                version: { type: 'string' },
                informationUri: { type: 'string', format: 'uri' },
                rules: { type: 'array', items: { $ref: '#/$defs/reportingDescriptor' } },
              },
              unevaluatedProperties: false,
            },
          },
          unevaluatedProperties: false,
        },
        invocations: { type: 'array', items: { $ref: '#/$defs/invocation' } },
        results: { type: 'array', items: { $ref: '#/$defs/result' } },
        properties: propertyBag,
      },
      unevaluatedProperties: false,
    },
    reportingDescriptor: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', minLength: 1 },
        shortDescription: message,
        helpUri: { type: 'string', format: 'uri' },
        properties: propertyBag,
      },
      unevaluatedProperties: false,
    },
    invocation: {
      type: 'object',
      required: ['executionSuccessful'],
      properties: {
        executionSuccessful: { type: 'boolean' },
        exitCode: { type: 'integer' },
        exitCodeDescription: { type: 'string' },
        startTimeUtc: { type: 'string', format: 'date-time' },
        toolExecutionNotifications: {
          type: 'array',
          items: {
            type: 'object',
            required: ['message'],
            properties: {
              level: { enum: ['none', 'note', 'warning', 'error'] },
              message,
              descriptor: { type: 'object', properties: { id: { type: 'string' } }, unevaluatedProperties: false },
            },
            unevaluatedProperties: false,
          },
        },
      },
      unevaluatedProperties: false,
    },
    result: {
      type: 'object',
      required: ['message', 'ruleId', 'locations'],
      properties: {
        ruleId: { type: 'string' },
        ruleIndex: { type: 'integer', minimum: -1 },
        level: { enum: ['none', 'note', 'warning', 'error'] },
        message,
        locations: { type: 'array', minItems: 1, items: { $ref: '#/$defs/location' } },
        partialFingerprints: { type: 'object', additionalProperties: { type: 'string' } },
        suppressions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind'],
            properties: { kind: { enum: ['inSource', 'external'] }, justification: { type: 'string' } },
            unevaluatedProperties: false,
          },
        },
        properties: propertyBag,
      },
      unevaluatedProperties: false,
    },
    location: {
      type: 'object',
      required: ['physicalLocation'],
      properties: {
        physicalLocation: {
          type: 'object',
          required: ['artifactLocation'],
          properties: {
            artifactLocation: {
              type: 'object',
              required: ['uri'],
              properties: { uri: { type: 'string', format: 'uri-reference' } },
              unevaluatedProperties: false,
            },
            region: { type: 'object', properties: { startLine: { type: 'integer', minimum: 1 } }, unevaluatedProperties: false },
          },
          unevaluatedProperties: false,
        },
        logicalLocations: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, kind: { type: 'string' }, fullyQualifiedName: { type: 'string' } },
            unevaluatedProperties: false,
          },
        },
      },
      unevaluatedProperties: false,
    },
  },
};

interface SarifLocation {
  physicalLocation: { artifactLocation: { uri: string } };
  logicalLocations: Array<{ name: string; kind: string }>;
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: SarifLocation[];
  partialFingerprints: Record<string, string>;
  suppressions?: Array<{ kind: string; justification: string }>;
}
interface SarifRun {
  tool: {
    driver: {
      name: string;
      version: string;
      rules: Array<{ id: string; shortDescription: { text: string }; helpUri?: string; properties: Record<string, unknown> }>;
    };
  };
  invocations: Array<{ executionSuccessful: boolean; toolExecutionNotifications: Array<{ level: string; descriptor: { id: string } }> }>;
  results: SarifResult[];
  properties?: Record<string, unknown>;
}

function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(SARIF_SUBSET);
}

const FAILING = makeCheck({ id: 'discover.result-shape', status: 'fail', message: 'saw no serverInfo', fix: 'Return it.' });
const WARNING = makeCheck({ id: 'http.get-405', status: 'warn', message: 'GET answered 200' });
const PROBE = makeCheck({ id: 'robust.oversized-arguments', status: 'fail', message: 'server crashed' });
/** Neither fails nor warns: no result. */
const QUIET = [
  makeCheck({ id: 'tools.list-static' }),
  makeCheck({ id: 'prompts.list', status: 'skip', message: 'n/a' }),
  makeCheck({ id: 'tools.call-error', status: 'error', message: 'mcpgate could not run this check: socket hang up' }),
];
/** Listed in the expected-failures file: the first fails (tolerated), the second passes (stale). */
const TOLERATED = makeCheck({ id: 'tools.input-schema-valid', status: 'fail', message: 'bad schema' });
const STALE = makeCheck({ id: 'tools.output-schema-valid' });

/** A `mcpgate run` of layers 0 and 2: a check of each outcome, a failing probe, scan findings and pin drift. */
function layeredReport(sections: Parameters<typeof makeReport>[1] = {}): Report {
  return makeReport(
    [FAILING, WARNING, ...QUIET, TOLERATED, STALE, PROBE],
    {
      chaos: {
        scan: {
          scanned: { tools: 2, prompts: 0, resources: 0, resourceTemplates: 0, instructions: false },
          findings: [
            {
              rule: 'ignore-instructions',
              category: 'prompt-injection',
              severity: 'high',
              location: { kind: 'tool', name: 'get_weather', field: 'description' },
              match: 'ignore all previous',
              message: 'addresses the model.',
            },
            {
              rule: 'webhook-url',
              category: 'data-exfiltration',
              severity: 'low',
              location: { kind: 'tool', name: 'notify', field: 'description' },
              match: 'https://x',
              message: 'steers data out.',
            },
          ],
        },
        pins: {
          file: 'mcpgate.pins.json',
          status: 'drift',
          tools: 2,
          changes: [
            {
              kind: 'changed',
              tool: 'get_weather',
              fields: ['description'],
              severity: 'high',
              message: 'description of get_weather changed',
            },
          ],
        },
      },
      ...sections,
    },
    { expectedFailures: [TOLERATED.id, STALE.id], expectedFailuresFile: 'ci/expected failures.txt' },
  );
}

/** The smallest report of a check: the server answered, and nothing else was checked. */
const answered = (sections: Parameters<typeof makeReport>[1] = {}): Report =>
  makeReport([makeCheck({ id: 'discover.responds' })], sections);

function render(report: Report): SarifRun {
  const log = JSON.parse(renderSarif(report)) as { runs: SarifRun[] };
  return log.runs[0]!;
}

describe('renderSarif', () => {
  it('is valid against the SARIF 2.1.0 subset and GitHub ingestion rules', () => {
    const validate = validator();
    for (const report of [layeredReport(), answered()]) {
      const ok = validate(JSON.parse(renderSarif(report)));
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
    }
    // The schema must be able to say no: a result without a file location is rejected.
    const log = JSON.parse(renderSarif(layeredReport())) as { runs: SarifRun[] };
    delete (log.runs[0]!.results[0]!.locations[0] as Partial<SarifLocation>).physicalLocation;
    expect(validate(log)).toBe(false);
  });

  it('declares one rule per check id with title, spec link, level and area', () => {
    const run = render(layeredReport());
    expect(run.tool.driver).toMatchObject({ name: 'mcpgate', version: '0.1.0' });
    const ids = run.tool.driver.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 8)).toEqual(layeredReport().checks.map((c) => c.id));
    expect(run.tool.driver.rules[0]).toEqual({
      id: FAILING.id,
      shortDescription: { text: FAILING.title },
      helpUri: FAILING.specRef,
      properties: { level: 'MUST', area: 'discover' },
    });
    expect(run.tool.driver.rules.find((r) => r.id === PROBE.id)).toMatchObject({
      helpUri: PROBE.specRef,
      properties: { area: 'robustness' },
    });
    for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
  });

  it('maps fail to error and warn to warning, keeps tolerated failures as suppressed, and skips the rest', () => {
    const run = render(layeredReport());
    const byRule = new Map(run.results.map((r) => [r.ruleId, r]));
    expect(byRule.get(FAILING.id)).toMatchObject({
      level: 'error',
      message: { text: `saw no serverInfo Fix: Return it. (MUST, ${FAILING.specRef})` },
    });
    expect(byRule.get(WARNING.id)?.level).toBe('warning');
    expect(byRule.get(PROBE.id)?.level).toBe('error');
    expect(byRule.get(TOLERATED.id)?.suppressions).toEqual([{ kind: 'external', justification: 'listed in ci/expected failures.txt' }]);
    for (const quiet of QUIET) expect(byRule.has(quiet.id)).toBe(false);

    const server = byRule.get(FAILING.id)!.locations[0]!;
    expect(server).toEqual({
      physicalLocation: { artifactLocation: { uri: 'mcpgate.yaml' }, region: { startLine: 1 } },
      logicalLocations: [{ name: 'http://127.0.0.1:3000/mcp', kind: 'module' }],
    });
    const stale = run.results.filter((r) => r.ruleId === STALE.id);
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'ci/expected%20failures.txt' } } }],
    });

    const notes = run.invocations[0]!.toolExecutionNotifications;
    expect(notes).toEqual([expect.objectContaining({ level: 'error', descriptor: { id: 'tools.call-error' } })]);
    expect(run.invocations[0]!.executionSuccessful).toBe(true);
  });

  it('renders layer 2 scan findings and pin drift at the tool they concern', () => {
    const run = render(layeredReport());
    const scan = run.results.filter((r) => r.ruleId.startsWith('scan.'));
    expect(scan.map((r) => [r.ruleId, r.level, r.locations[0]!.logicalLocations[0]!.name])).toEqual([
      ['scan.ignore-instructions', 'error', 'get_weather'],
      ['scan.webhook-url', 'note', 'notify'],
    ]);
    expect(scan[0]!.message.text).toBe('addresses the model. In tool get_weather (description): ignore all previous');
    expect(run.tool.driver.rules.find((r) => r.id === 'scan.ignore-instructions')?.properties).toMatchObject({
      'security-severity': '8.0',
      area: 'security',
    });

    const pins = run.results.filter((r) => r.ruleId.startsWith('pins.'));
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'mcpgate.pins.json' } }, logicalLocations: [{ name: 'get_weather' }] }],
    });
  });

  it('fingerprints results stably across runs that differ only in port and timing', () => {
    const a = layeredReport();
    const b = layeredReport({ target: { ...a.target, endpoint: 'http://127.0.0.1:41234/mcp' } });
    b.checks = b.checks.map((c) => ({ ...c, durationMs: c.durationMs + 7 }));
    assertPossibleReport(b);
    const prints = (r: Report) => render(r).results.map((x) => x.partialFingerprints['mcpgate/v1']);
    expect(prints(a)).toEqual(prints(b));
    expect(new Set(prints(a)).size).toBe(prints(a).length);
  });

  it('says what layer 0 exercised in the run properties, and as a note when something was left out, never as a result', () => {
    const coverage = makeCoverage();
    const log = JSON.parse(renderSarif(layeredReport({ coverage })));
    const validate = validator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0] as SarifRun;
    expect(run.properties).toEqual({ coverage: { line: coverageLine(coverage), ...coverage } });
    expect(run.invocations[0]!.toolExecutionNotifications).toContainEqual({
      level: 'note',
      message: { text: coverageLine(coverage) },
      descriptor: { id: 'mcpgate.coverage' },
    });
    expect(run.results).toEqual(render(layeredReport()).results);

    const complete = makeCoverage({ tools: { listed: 1, called: 1, notCalled: [] }, widen: undefined });
    const quiet = render(answered({ coverage: complete }));
    expect(quiet.invocations[0]!.toolExecutionNotifications).toEqual([]);
    expect(quiet.properties).toMatchObject({ coverage: { line: coverageLine(complete) } });
    expect(render(layeredReport())).not.toHaveProperty('properties');
  });
});
