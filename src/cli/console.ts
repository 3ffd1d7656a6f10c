/**
 * Everything mcpgate prints goes through here: masked (a server may echo a credential in any text it
 * sends) and guarded, so that no line can pass for a CI workflow command. Renderers escape outside text
 * where they place it; this is the last step, and the one no command can forget.
 */

import { guardWorkflowCommands, safe } from '../report/terminal-escape.js';
import { redact } from '../shared/redact.js';

export function writeOut(text: string): void {
  process.stdout.write(guardWorkflowCommands(redact(text)));
}

export function writeErr(text: string): void {
  process.stderr.write(guardWorkflowCommands(redact(text)));
}

/** Warnings on stderr, one line each: they may quote a server or a report file. */
export function warnOnStderr(warning: string): void {
  writeErr(`mcpgate: warning: ${safe(warning)}\n`);
}
