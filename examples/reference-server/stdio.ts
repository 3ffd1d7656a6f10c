/**
 * stdio transport: newline-delimited JSON-RPC on stdin and stdout. Stdout carries nothing but
 * JSON-RPC lines (logs go to stderr), and the process ends when the client closes stdin, because
 * a client that spawned us has no other way to say it is done.
 */

import { createInterface } from 'node:readline';
import { isBroken, simulateCrash, type ServerConfig } from './config.js';
import type { OutgoingMessage } from './jsonrpc.js';
import { parseErrorOutcome, type Outcome, type ReferenceServer } from './server.js';

export function runStdio(core: ReferenceServer, config: ServerConfig, flush: () => Promise<void> = async () => undefined): void {
  if (isBroken(config, 'stdout-noise')) process.stdout.write('reference server ready\n');
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });

  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      if (isBroken(config, 'crash-on-bad-json')) simulateCrash('a line that is not JSON');
      return write(parseErrorOutcome());
    }
    if (Array.isArray(message) && isBroken(config, 'hang-on-batch')) return;
    write(core.handle(message, {}));
  });

  lines.on('close', () => {
    if (isBroken(config, 'ignores-stdin-eof')) {
      // Holding a timer keeps the event loop, and so the process, alive with nothing left to read.
      setInterval(() => undefined, 60_000);
      return;
    }
    // Pending spans go out before the process ends.
    void flush().then(() => process.stdout.write('', () => process.exit(0)));
  });
}

function write(outcome: Outcome): void {
  if (outcome.kind === 'accepted') return;
  // A subscription on stdio is just its acknowledgement: nothing this server offers ever changes.
  if (outcome.kind === 'subscribe') return send(outcome.acknowledgement);
  for (const message of [...outcome.preface, outcome.response]) send(message);
}

function send(message: OutgoingMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}
