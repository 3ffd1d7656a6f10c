/**
 * A get_weather(city) server built with the official TypeScript SDK v2, for bench/vs-mcpjam.ts. It
 * serves both eras over HTTP (the SDK's `legacy: 'stateless'`): mcpgate speaks revision 2026-07-28 to
 * it, @mcpjam/sdk, whose MCP client is 2.0.0-alpha.2, the 2025 `initialize` handshake. So both tools
 * run the same cases against the same server process. A city outside its list is a tool error, as in
 * the reference server.
 *
 *   node dist/bench/sdk-weather-server.js [--port 0]
 */

import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveSdkHttp } from '../test/fixtures/sdk-serve.js';

const KNOWN = new Map([
  ['paris', 18],
  ['tokyo', 24],
  ['berlin', 15],
  ['lagos', 31],
  ['sydney', 21],
]);

function buildServer(): McpServer {
  const server = new McpServer({ name: 'mcpgate-bench-weather', version: '1.0.0' });
  server.registerTool(
    'get_weather',
    {
      description: 'Get the weather right now in one city: temperature in celsius and the conditions.',
      inputSchema: z.object({ city: z.string().describe('City name, e.g. Paris') }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ city }) => {
      const temperature = KNOWN.get(city.trim().toLowerCase());
      if (temperature === undefined) return { content: [{ type: 'text', text: `unknown city: ${city}` }], isError: true };
      return { content: [{ type: 'text', text: `${city}: ${temperature} C, clear` }] };
    },
  );
  return server;
}

const at = process.argv.indexOf('--port');
const port = at > 0 ? Number(process.argv[at + 1]) : 0;
await serveSdkHttp(
  createMcpHandler(() => buildServer(), { legacy: 'stateless' }),
  { port, tag: 'sdk-weather-server' },
);
