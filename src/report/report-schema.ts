/**
 * JSON Schema (2020-12) of the report written by renderJson, for consumers outside mcpgate.
 * Objects allow additional properties on purpose: minor versions add keys (later layers beside
 * `checks`), and a 1.0 reader must accept a 1.x report. docs/report-schema.md explains each field.
 */

import { CHAOS_JSON_SCHEMA } from '../resilience/report.js';
import { STATUSES } from './model.js';

const count = { type: 'integer', minimum: 0 } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;

const rate = { type: ['number', 'null'], minimum: 0, maximum: 1 } as const;

/** Layer 1 (`eval` key): the contract later tooling relies on; every object stays open to additions. */
const EVAL_SCHEMA = {
  type: 'object',
  required: ['golden', 'models', 'judge', 'settings', 'cases', 'summary', 'perModel', 'matrix'],
  properties: {
    golden: { type: 'object', required: ['file', 'sha256', 'cases'] },
    models: { type: 'array', items: { type: 'object', required: ['id', 'kind'], properties: { kind: { enum: ['llm', 'lexical-baseline'] } } } },
    judge: { type: ['object', 'null'], required: ['id'] },
    cases: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'model', 'kind', 'runs', 'passes', 'passRate', 'required', 'passHatK', 'status', 'flaky', 'message', 'trajectories'],
        properties: {
          kind: { enum: ['hard', 'soft'] },
          runs: count,
          passes: count,
          passRate: { type: 'number', minimum: 0, maximum: 1 },
          status: { enum: ['pass', 'fail', 'error'] },
          flaky: { type: 'boolean' },
          trajectories: {
            type: 'array',
            items: {
              type: 'object',
              required: ['index', 'status', 'selection', 'completion', 'calls', 'finalText', 'ended'],
              properties: {
                status: { enum: ['pass', 'fail', 'error'] },
                selection: { enum: ['correct', 'wrong', 'none', 'not_applicable'] },
                completion: { type: 'object', required: ['status'], properties: { status: { enum: ['pass', 'fail', 'not_measured'] } } },
              },
            },
          },
        },
      },
    },
    summary: {
      type: 'object',
      required: ['selectionAccuracy', 'overActivationRate', 'argumentAccuracy', 'sequenceAccuracy', 'completionRate', 'providerCalls', 'cacheHits'],
      properties: {
        selectionAccuracy: rate,
        overActivationRate: rate,
        argumentAccuracy: rate,
        sequenceAccuracy: rate,
        completionRate: rate,
        providerCalls: count,
        cacheHits: count,
      },
    },
  },
} as const;

export const REPORT_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:mcpgate:report:1',
  title: 'mcpgate report',
  type: 'object',
  required: ['schemaVersion', 'tool', 'startedAt', 'durationMs', 'target', 'checks', 'summary', 'verdict', 'options'],
  properties: {
    eval: EVAL_SCHEMA,
    chaos: CHAOS_JSON_SCHEMA,
    schemaVersion: { type: 'string', pattern: '^1\\.[0-9]+$' },
    tool: {
      type: 'object',
      required: ['name', 'version'],
      properties: { name: { const: 'mcpgate' }, version: { type: 'string' } },
    },
    startedAt: { type: 'string', format: 'date-time' },
    durationMs: { type: 'number', minimum: 0 },
    target: {
      type: 'object',
      required: ['transport', 'endpoint', 'era'],
      properties: {
        transport: { enum: ['http', 'stdio'] },
        endpoint: { type: 'string' },
        era: { enum: ['modern', 'legacy', 'unknown'] },
        serverInfo: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        supportedVersions: strings,
        stderrTail: { type: 'string' },
      },
    },
    checks: { type: 'array', items: { $ref: '#/$defs/checkResult' } },
    summary: {
      type: 'object',
      required: ['total', 'byStatus', 'mustFailures', 'shouldFailures', 'expectedFailures', 'staleExpectedFailures'],
      properties: {
        total: count,
        byStatus: {
          type: 'object',
          required: STATUSES,
          properties: Object.fromEntries(STATUSES.map((status) => [status, count])),
        },
        mustFailures: count,
        shouldFailures: count,
        expectedFailures: count,
        staleExpectedFailures: strings,
      },
    },
    verdict: {
      type: 'object',
      required: ['exitCode', 'reason'],
      properties: { exitCode: { type: 'integer', minimum: 0 }, reason: { type: 'string' } },
    },
    options: {
      type: 'object',
      required: ['strict', 'allowTools'],
      properties: { strict: { type: 'boolean' }, allowTools: strings, expectedFailuresFile: { type: 'string' } },
    },
  },
  $defs: {
    checkResult: {
      type: 'object',
      required: ['id', 'title', 'area', 'level', 'specRef', 'status', 'message', 'evidence', 'durationMs'],
      properties: {
        id: { type: 'string', minLength: 1 },
        title: { type: 'string' },
        area: { type: 'string', minLength: 1 },
        level: { enum: ['MUST', 'SHOULD'] },
        specRef: { type: 'string' },
        status: { enum: STATUSES },
        message: { type: 'string' },
        fix: { type: 'string' },
        evidence: { type: 'array', items: { $ref: '#/$defs/evidence' } },
        durationMs: { type: 'number', minimum: 0 },
        expectedFailure: { type: 'boolean' },
      },
    },
    evidence: {
      type: 'object',
      properties: {
        label: { type: 'string' },
        sent: { type: 'string' },
        received: { type: 'string' },
        expected: { type: 'string' },
      },
    },
  },
} as const;
