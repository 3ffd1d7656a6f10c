/** The confusable-tools SDK fixture (test/fixtures/confusable-server.ts) and a golden set on which its twins collide. */

import { join } from 'node:path';
import { ROOT } from './cli.js';

export const CONFUSABLE = `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/confusable-server.js')}"`;

export const CONFUSABLE_GOLDEN = `
cases:
  - id: archived-orders
    prompt: Show the archived orders of ACME
    expect_tool: find_orders
  - id: open-orders
    prompt: Search the open orders of ACME
    expect_tool: search_orders
  - id: server-time
    prompt: What time is it on the server?
    expect_tool: get_time
  - id: joke
    prompt: Tell me a joke
    expect_tool: null
`;
