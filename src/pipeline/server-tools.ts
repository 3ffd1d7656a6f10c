/** One `tools/list` of the server under test, for commands that read the tool surface and call nothing. */

import { EXIT } from '../shared/exit-codes.js';
import { InputError } from '../shared/input-error.js';
import type { ServerTool } from '../spec/tool.js';
import type { TokenProvider } from '../wire/credentials.js';
import { isWireError } from '../wire/errors.js';
import { openSession } from '../wire/session.js';
import type { Target } from '../wire/target.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';

export async function listServerTools(
  target: Target,
  options: { headers: Record<string, string>; credentials?: TokenProvider; timeoutMs: number },
): Promise<ServerTool[]> {
  try {
    const session = await openSession(target, {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
      headers: options.headers,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    try {
      return await session.listTools();
    } finally {
      await session.close();
    }
  } catch (error) {
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
}
