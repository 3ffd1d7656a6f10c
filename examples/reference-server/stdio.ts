/**
 * stdio transport: newline-delimited JSON-RPC on stdin and stdout. Stdout carries nothing but
 * JSON-RPC lines (logs go to stderr), and the process ends when the client closes stdin, because
 * a client that spawned us has no other way to say it is done.
 */

import { createInterface } from 'node:readline';
import { MAX_MESSAGE_BYTES, isBroken, simulateCrash, type ServerConfig } from './config.js';
import { deliverReply } from './delivery.js';
import { isObject, type OutgoingMessage } from './jsonrpc.js';
import { parseErrorOutcome, type Outcome, type ReferenceServer } from './server.js';
import { messageRunner } from './worker-pool.js';

export function runStdio(core: ReferenceServer, config: ServerConfig, flush: () => Promise<void> = async () => undefined): void {
  if (isBroken(config, 'stdout-noise')) process.stdout.write('reference server ready\n');
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const run = messageRunner(config);
  const cancellations = isBroken(config, 'crash-on-disconnect') ? cancellationCrash() : undefined;
  /** Ids the client cancelled, as JSON text so that 1 and "1" stay apart. */
  const cancelled = new Set<string>();

  lines.on('line', (line) => {
    if (line.trim() === '') return;
    if (isBroken(config, 'crash-on-oversized') && Buffer.byteLength(line) > MAX_MESSAGE_BYTES) simulateCrash('a line over 1 MiB');
    // readline has already decoded the bytes leniently: U+FFFD is what is left of invalid UTF-8.
    if (isBroken(config, 'crash-on-invalid-utf8') && line.includes('\uFFFD')) simulateCrash('a line that is not valid UTF-8');
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      if (isBroken(config, 'crash-on-bad-json')) simulateCrash('a line that is not JSON');
      return write(parseErrorOutcome(), cancelled, config);
    }
    if (Array.isArray(message) && isBroken(config, 'hang-on-batch')) return;
    cancellations?.check(message);
    const cancelledId = cancelledRequestId(message);
    if (cancelledId !== undefined) cancelled.add(cancelledId);
    run(() => {
      const outcome = core.handle(message, { connection: 'stdio' });
      cancellations?.answered(outcome);
      write(outcome, cancelled, config);
    });
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

/**
 * crash-on-disconnect: on stdio a client that goes away sends notifications/cancelled. The variant
 * frees a request's state once it is answered, and dies tearing it down again when a cancellation
 * for that request comes in late. Layer 0 never cancels a request it has had the answer to.
 */
function cancellationCrash(): { answered(outcome: Outcome): void; check(message: unknown): void } {
  const answered = new Set<string>();
  return {
    answered(outcome) {
      if (outcome.kind === 'reply') answered.add(JSON.stringify(outcome.response.id));
    },
    check(message) {
      if (!isObject(message) || message.method !== 'notifications/cancelled' || !isObject(message.params)) return;
      if (answered.has(JSON.stringify(message.params.requestId))) simulateCrash('notifications/cancelled for a request already answered');
    },
  };
}

function write(outcome: Outcome, cancelled: ReadonlySet<string>, config: ServerConfig): void {
  if (outcome.kind === 'accepted') return;
  // A subscription on stdio is just its acknowledgement: nothing this server offers ever changes.
  if (outcome.kind === 'subscribe') return send(outcome.acknowledgement);
  const id = JSON.stringify(outcome.response.id);
  deliverReply(
    outcome,
    {
      send,
      finish: (messages) => void process.stdout.write(messages.map((message) => `${JSON.stringify(message)}\n`).join('')),
      cancelled: () => cancelled.has(id),
    },
    config,
  );
}

function cancelledRequestId(message: unknown): string | undefined {
  if (!isObject(message) || message.method !== 'notifications/cancelled' || !isObject(message.params)) return undefined;
  return message.params.requestId === undefined ? undefined : JSON.stringify(message.params.requestId);
}

function send(message: OutgoingMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}
