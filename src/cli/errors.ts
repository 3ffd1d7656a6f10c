/** Errors the CLI turns into one line and a documented exit code, never a stack trace. */

import { EXIT } from '../conformance/verdict.js';

export class CliError extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}
