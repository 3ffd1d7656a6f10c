/** stdio rules: only JSON-RPC on stdout, exit on stdin EOF (basic/transports/stdio). */

import { classifyMessage } from '../../wire/jsonrpc.js';
import { StdioConnection } from '../../wire/stdio.js';
import { defineChecks, pass, skip, violated } from '../check.js';

const STDIO_ONLY = ['stdio'] as const;

export const stdioChecks = defineChecks('stdio', [
  {
    id: 'stdio.stdout-only-jsonrpc',
    title: 'the server writes nothing but JSON-RPC messages to stdout',
    level: 'MUST',
    spec: 'basic/transports/stdio',
    transports: STDIO_ONLY,
    phase: 'audit',
    async run(ctx) {
      const stdio = ctx.connections.filter((c): c is StdioConnection => c instanceof StdioConnection);
      const lines = stdio.flatMap((c) => c.received);
      const bad = lines.filter((l) => l.message === undefined || classifyMessage(l.message) === 'invalid');
      // Past a cap, non-JSON lines are counted, not kept (a junk flood must not grow memory).
      const notKept = stdio.reduce((n, c) => n + c.droppedNonJsonLines, 0);
      if (bad.length > 0) {
        return violated(
          `${bad.length + notKept} stdout line(s) are not JSON-RPC messages, e.g. ${JSON.stringify(bad[0]!.raw.slice(0, 120))}`,
          bad.slice(0, 3).map((l) => ({ label: 'stdout line', received: l.raw.slice(0, 300), expected: 'one JSON-RPC message per line' })),
          'write logs to stderr, never to stdout',
        );
      }
      return pass(`${lines.length} stdout line(s), all JSON-RPC`);
    },
  },
  {
    id: 'stdio.exit-on-eof',
    title: 'the server exits promptly when its stdin closes',
    level: 'SHOULD',
    spec: 'basic/transports/stdio',
    transports: STDIO_ONLY,
    phase: 'audit',
    async run(ctx) {
      const info = ctx.closeInfo;
      if (!info || info.exitedOnEof === undefined) return skip('the server process was not closed by mcpgate');
      if (!info.exitedOnEof)
        return violated(
          'the server kept running after its stdin was closed; mcpgate had to kill it',
          [],
          'exit when stdin reaches end of file',
        );
      return pass(`the server exited ${info.exitMs ?? 0} ms after stdin closed`);
    },
  },
]);
