/**
 * The one configuration object every code path reads. Variants are hooks keyed on `breakId`, so
 * the correct behaviour and each defect live side by side in the same function.
 */

import type { BreakId } from './breaks.js';
import type { OAuthMode } from './oauth.js';

export interface ServerConfig {
  /** The active broken variant, or null for the conforming server. */
  breakId: BreakId | null;
  /** Called once per tools/call whose name resolved to a tool (the CLI appends it to a log file). */
  onToolCall?: (toolName: string) => void;
  /** HTTP: when set, every request needs `Authorization: Bearer <token>` (an OAuth-protected server's behaviour). */
  bearerToken?: string;
  /** HTTP: an OAuth resource server trusting this issuer (see oauth.ts); wins over bearerToken. */
  oauth?: OAuthMode;
}

export function isBroken(config: ServerConfig, id: BreakId): boolean {
  return config.breakId === id;
}

/**
 * The crash variants die the way an unhandled exception would: a line on stderr, a non-zero exit,
 * and no answer to the message that caused it.
 */
export function simulateCrash(what: string): never {
  process.stderr.write(`reference server: simulated crash on ${what}\n`);
  process.exit(70);
}

/** The size cap of one message: HTTP answers 413 beyond it (crash-on-oversized dies instead). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export const SERVER_INFO = { name: 'mcpgate-reference-server', version: '1.0.0' } as const;

/** Caching hints of the list methods; the catalog never changes, so every client may share them. */
export const LIST_CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const;
