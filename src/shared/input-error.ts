/**
 * The one error type for problems with what the user gave mcpgate (flags, files, credentials, an
 * unreachable server): one line, and the exit code it maps to. `main.ts` prints it without a stack.
 */

import { EXIT, type ExitCode } from './exit-codes.js';

export class InputError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

export function usageError(message: string): InputError {
  return new InputError(message, EXIT.usage);
}
