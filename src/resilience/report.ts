/**
 * The layer 2 section of the Report (`chaos` key). The robustness probes are ordinary CheckResults in
 * the report's top-level `checks` array (area `robustness`); this section holds what is not a check:
 * the static security scan of the server's published text and the tool pins. Types and their JSON
 * Schema only, importing only types, so the report model can depend on this file without the layer.
 */

import type { ClientFixtureResult } from './scenarios/client-fixture.js';
import type { ScenarioReport } from './scenarios/types.js';

/** high fails the run; medium and low are warnings (see docs/chaos.md). */
export type Severity = 'high' | 'medium' | 'low';
export const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

export type ScanCategory =
  /** Unicode tag characters (U+E0000..U+E007F): invisible ASCII a model still reads. */
  | 'hidden-unicode'
  /** Zero-width, bidi and mid-text byte-order marks: text that reads differently than it displays. */
  | 'invisible-characters'
  /** ANSI escapes and other C0 controls: text that rewrites a terminal showing it. */
  | 'terminal-escape'
  /** Phrases that address the model rather than describe the tool. */
  | 'prompt-injection'
  /** Addresses, URLs and secret files a description steers data towards. */
  | 'data-exfiltration'
  /** Text that tells the model to avoid or replace other tools or servers. */
  | 'tool-shadowing';
export const SCAN_CATEGORIES: readonly ScanCategory[] = [
  'hidden-unicode',
  'invisible-characters',
  'terminal-escape',
  'prompt-injection',
  'data-exfiltration',
  'tool-shadowing',
];

export type SurfaceKind = 'tool' | 'prompt' | 'resource' | 'resource-template' | 'server';

export interface ScanLocation {
  kind: SurfaceKind;
  /** Tool or prompt name, resource URI or template; the server's own text has the name `server`. */
  name: string;
  /** Where in the definition, e.g. `description`, `inputSchema.properties.city.description`, `instructions`. */
  field: string;
}

export interface ScanFinding {
  /** Stable rule id, e.g. `unicode-tags`, `ignore-instructions`, `webhook-url`. */
  rule: string;
  category: ScanCategory;
  severity: Severity;
  location: ScanLocation;
  /** The matched text with a little context; control and invisible characters shown as `\u{XXXX}`. */
  match: string;
  /** For tag characters: the ASCII text they spell. */
  decoded?: string;
  /** One line: what was found and why it matters. */
  message: string;
}

export interface ScanSection {
  /** How many definitions of each kind were read (a 0 means none was published). */
  scanned: { tools: number; prompts: number; resources: number; resourceTemplates: number; instructions: boolean };
  /** Lists that could not be read completely, in words: what they hold was not all scanned. */
  incomplete?: string[];
  findings: ScanFinding[];
}

export type PinChangeKind = 'changed' | 'added' | 'removed' | 'renamed';

export interface PinChange {
  kind: PinChangeKind;
  /** The tool's current name (for `removed`, its pinned name). */
  tool: string;
  /** `renamed`: the pinned name. */
  from?: string;
  /** `changed`: the parts whose hash differs, e.g. ["description", "inputSchema"]. */
  fields?: string[];
  severity: Severity;
  message: string;
}

export type PinStatus =
  /** The file did not exist and was written from the server's current tools. */
  | 'written'
  /** Every pinned tool matches. */
  | 'unchanged'
  /** Something differs from the pins: see `changes`. */
  | 'drift'
  /** --update-pins: the file was rewritten; `changes` says what was accepted. */
  | 'updated'
  /** tools/list could not be read completely: the pins were neither compared nor written. */
  | 'not-checked';

export interface PinsSection {
  file: string;
  status: PinStatus;
  /** Tools now published by the server. */
  tools: number;
  changes: PinChange[];
}

export interface ChaosReport {
  scan: ScanSection;
  /** Present when --pins was given. */
  pins?: PinsSection;
  /** Fault and injection scenarios with a model in the loop (--model with --faults). */
  agent?: ScenarioReport;
  /** Whether a user's MCP client re-issues a request whose stream was cut (--client). */
  client?: ClientFixtureResult;
}

const text = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const severity = { enum: SEVERITIES } as const;

/** The `chaos` section as JSON Schema 2020-12, for report-schema.ts (`properties.chaos`). */
export const CHAOS_JSON_SCHEMA = {
  type: 'object',
  required: ['scan'],
  properties: {
    scan: {
      type: 'object',
      required: ['scanned', 'findings'],
      properties: {
        scanned: {
          type: 'object',
          required: ['tools', 'prompts', 'resources', 'resourceTemplates', 'instructions'],
          properties: { tools: count, prompts: count, resources: count, resourceTemplates: count, instructions: { type: 'boolean' } },
        },
        incomplete: { type: 'array', items: text },
        findings: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rule', 'category', 'severity', 'location', 'match', 'message'],
            properties: {
              rule: text,
              category: { enum: SCAN_CATEGORIES },
              severity,
              location: {
                type: 'object',
                required: ['kind', 'name', 'field'],
                properties: { kind: { enum: ['tool', 'prompt', 'resource', 'resource-template', 'server'] }, name: text, field: text },
              },
              match: text,
              decoded: text,
              message: text,
            },
          },
        },
      },
    },
    pins: {
      type: 'object',
      required: ['file', 'status', 'tools', 'changes'],
      properties: {
        file: text,
        status: { enum: ['written', 'unchanged', 'drift', 'updated', 'not-checked'] },
        tools: count,
        changes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'tool', 'severity', 'message'],
            properties: { kind: { enum: ['changed', 'added', 'removed', 'renamed'] }, tool: text, from: text, fields: { type: 'array', items: text }, severity, message: text },
          },
        },
      },
    },
  },
} as const;
