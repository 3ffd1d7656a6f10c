/**
 * The AI SDK prints its warnings itself (a banner with console.info, i.e. on stdout, then one
 * console.warn each), in the middle of whatever mcpgate writes, including a JSON report on stdout.
 * They are worth seeing ("temperature is not supported for reasoning models" explains a run), so
 * they go to stderr instead, one line each, once per model and feature. A logger someone installed
 * on purpose (or `false`) is left alone.
 */

import { safe } from '../report/terminal-escape.js';
import { redact } from '../shared/redact.js';

type Logger = Exclude<typeof globalThis.AI_SDK_LOG_WARNINGS, false | undefined>;

const seen = new Set<string>();

/** One stderr line per distinct warning for the whole process. */
export function warnOnce(key: string, text: string): void {
  if (seen.has(key)) return;
  seen.add(key);
  // A provider's warning may quote a request, and so a key or what a server said.
  process.stderr.write(`mcpgate: ${safe(redact(text.replace(/\s+/g, ' ')))}\n`);
}

export function routeSdkWarningsToStderr(): void {
  if (globalThis.AI_SDK_LOG_WARNINGS !== undefined) return;
  const logger: Logger = ({ warnings, provider, model }) => {
    for (const warning of warnings) {
      const subject = warning.type === 'other' ? warning.message : warning.feature;
      const text = warning.type === 'other' ? warning.message : `${warning.feature}: ${warning.details ?? 'not supported'}`;
      warnOnce(`${provider}/${model}/${subject}`, `${provider} ${model}: ${text}`);
    }
  };
  globalThis.AI_SDK_LOG_WARNINGS = logger;
}
