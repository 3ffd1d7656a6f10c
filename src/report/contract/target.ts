/** The server a report is about: how it was reached, what it said it is, and its fingerprint. */

import { z } from 'zod';
import { count } from './values.js';

export const TransportSchema = z.enum(['http', 'stdio']);

/** `modern` speaks 2026-07-28 (`server/discover`), `legacy` only a 2025 revision, `unknown` could not be told. */
export const EraSchema = z.enum(['modern', 'legacy', 'unknown']);
export type Era = z.output<typeof EraSchema>;

/**
 * What identifies the server's behaviour surface, so history can tell a model's drift from a server
 * change: sha256 of its canonical tool definitions (names, descriptions, schemas, annotations; sorted
 * by name), with server name and version.
 */
export const ServerFingerprintSchema = z.object({
  toolsSha256: z.string(),
  toolCount: count,
  serverName: z.string().optional(),
  serverVersion: z.string().optional(),
  /**
   * Present when the models were served overridden descriptions (`--descriptions`): the file, the
   * sha256 of its bytes and the tools it rewrote. `toolsSha256` stays that of the real server.
   */
  descriptions: z.object({ file: z.string(), sha256: z.string(), tools: z.array(z.string()) }).optional(),
});
export type ServerFingerprint = z.output<typeof ServerFingerprintSchema>;

/**
 * One tool as a model sees it: the parts the fingerprint hashes (`_meta` and icons left out). Kept in
 * the report so a later run can say what changed on the server's surface, not only that its sha256 did.
 * Schemas and annotations are the server's JSON as sent; a title or description that is not a string
 * is left out by the writer.
 */
export const ToolSurfaceSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.unknown().optional(),
  outputSchema: z.unknown().optional(),
  annotations: z.unknown().optional(),
});
export type ToolSurface = z.output<typeof ToolSurfaceSchema>;

/** What the server says it is; loose, because the report keeps every further field it sent. */
export const ServerInfoSchema = z.looseObject({ name: z.string(), version: z.string() });

export const TargetInfoSchema = z.object({
  transport: TransportSchema,
  /** The URL (HTTP) or the command line (stdio) that was evaluated. */
  endpoint: z.string(),
  era: EraSchema,
  serverInfo: ServerInfoSchema.optional(),
  /** What the server says it supports: `supportedVersions` of discover, or the legacy handshake's version. */
  supportedVersions: z.array(z.string()).optional(),
  /** Tail of the stdio server's stderr, kept for diagnosis. */
  stderrTail: z.string().optional(),
  fingerprint: ServerFingerprintSchema.optional(),
  /**
   * The tools the fingerprint was computed from, sorted by name. Absent when the list could not be read
   * whole, and in reports of mcpgate before it.
   */
  tools: z.array(ToolSurfaceSchema).optional(),
});
export type TargetInfo = z.output<typeof TargetInfoSchema>;
