/**
 * The session the agent uses during fault scenarios. A host application shows a failed tool call
 * to the model as an error result and lets it react; it does not end the conversation. So a
 * transport failure (timeout, unreadable body, broken stream) becomes an `isError` result whose
 * text says what happened, and the model's reaction is what gets scored.
 */

import type { ServerTool } from '../../spec/tool.js';
import type { Exchange } from '../../wire/exchange.js';
import { isWireError } from '../../wire/errors.js';
import type { McpSession, ToolResult } from '../../wire/session.js';

export interface HostCall {
  name: string;
  result: ToolResult;
  /** Set when the call failed on the wire and the model was shown this error instead. */
  transportError?: string;
}

export interface HostSession extends McpSession {
  /** Every call in order, with what the client got back. */
  readonly calls: HostCall[];
}

export function hostSession(session: McpSession, endpoint: string): HostSession {
  const calls: HostCall[] = [];
  return {
    era: session.era,
    serverInfo: session.serverInfo,
    calls,
    listTools: (): Promise<ServerTool[]> => session.listTools(),
    close: () => session.close(),
    async callTool(name, args, parent, round) {
      const startedAt = Date.now();
      try {
        // The round carries an MRTR retry's requestState, inputResponses and clientCapabilities.
        const result = await session.callTool(name, args, parent, round);
        calls.push({ name, result });
        return result;
      } catch (error) {
        if (!isWireError(error)) throw error;
        const durationMs = Date.now() - startedAt;
        const exchange: Exchange = {
          transport: 'http',
          endpoint,
          sent: { body: '' },
          headers: {},
          bodyText: '',
          messages: [],
          unparsable: [],
          timing: { startedAt, durationMs },
          error,
        };
        const result: ToolResult = { text: `Error: the tool call failed: ${error.message}`, isError: true, durationMs, exchange };
        calls.push({ name, result, transportError: error.message });
        return result;
      }
    },
  };
}
