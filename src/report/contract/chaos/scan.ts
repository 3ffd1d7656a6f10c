/** `chaos.scan`: the static security scan of the text a server publishes (tools, prompts, resources). */

import { z } from 'zod';
import { count } from '../values.js';

/** high fails the run; medium and low are warnings (see docs/chaos.md). */
export const SeveritySchema = z.enum(['high', 'medium', 'low']);
export type Severity = z.output<typeof SeveritySchema>;
/** Most severe first: findings are listed in this order. */
export const SEVERITIES: readonly Severity[] = SeveritySchema.options;

export const ScanCategorySchema = z.enum([
  /** Unicode tag characters (U+E0000..U+E007F): invisible ASCII a model still reads. */
  'hidden-unicode',
  /** Zero-width, bidi and mid-text byte-order marks: text that reads differently than it displays. */
  'invisible-characters',
  /** ANSI escapes and other C0 controls: text that rewrites a terminal showing it. */
  'terminal-escape',
  /** Phrases that address the model rather than describe the tool. */
  'prompt-injection',
  /** Addresses, URLs and secret files a description steers data towards. */
  'data-exfiltration',
  /** Text that tells the model to avoid or replace other tools or servers. */
  'tool-shadowing',
]);
export type ScanCategory = z.output<typeof ScanCategorySchema>;
export const SCAN_CATEGORIES: readonly ScanCategory[] = ScanCategorySchema.options;

export const SurfaceKindSchema = z.enum(['tool', 'prompt', 'resource', 'resource-template', 'server']);
export type SurfaceKind = z.output<typeof SurfaceKindSchema>;

export const ScanLocationSchema = z.object({
  kind: SurfaceKindSchema,
  /** Tool or prompt name, resource URI or template; the server's own text has the name `server`. */
  name: z.string(),
  /** Where in the definition, e.g. `description`, `inputSchema.properties.city.description`, `instructions`. */
  field: z.string(),
});
export type ScanLocation = z.output<typeof ScanLocationSchema>;

export const ScanFindingSchema = z.object({
  /** Stable rule id, e.g. `unicode-tags`, `ignore-instructions`, `webhook-url`. */
  rule: z.string(),
  category: ScanCategorySchema,
  severity: SeveritySchema,
  location: ScanLocationSchema,
  /** The matched text with a little context; control and invisible characters shown as `\u{XXXX}`. */
  match: z.string(),
  /** For tag characters: the ASCII text they spell. */
  decoded: z.string().optional(),
  /** One line: what was found and why it matters. */
  message: z.string(),
});
export type ScanFinding = z.output<typeof ScanFindingSchema>;

export const ScanSectionSchema = z.object({
  /** How many definitions of each kind were read (a 0 means none was published). */
  scanned: z.object({ tools: count, prompts: count, resources: count, resourceTemplates: count, instructions: z.boolean() }),
  /** Lists that could not be read completely, in words: what they hold was not all scanned. */
  incomplete: z.array(z.string()).optional(),
  findings: z.array(ScanFindingSchema),
});
export type ScanSection = z.output<typeof ScanSectionSchema>;
