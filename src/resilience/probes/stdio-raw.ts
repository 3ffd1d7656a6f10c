/**
 * A stdio connection that can write exact bytes. The wire layer's StdioConnection writes strings
 * (always valid UTF-8), but the invalid-UTF-8 probe must put raw bytes on the server's stdin, so the
 * probes own this small transport. It frames newline-delimited JSON like the wire layer, ends an
 * exchange by id or by a predicate (a batch is answered by an array, a parse error by id null),
 * reports the process's exit, and always ends the child through the wire layer's registry.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { endChild, registerChild } from '../../wire/child-processes.js';
import { splitCommandLine } from '../../wire/command-line.js';
import { WireError } from '../../wire/errors.js';
import type { CloseInfo, Connection, Exchange, OutgoingMessage, ReceivedMessage } from '../../wire/exchange.js';
import { isResponse, sameId, type JsonRpcResponse } from '../../wire/jsonrpc.js';

const STDERR_TAIL_CHARS = 8 * 1024;

interface Pending {
  exchange: Exchange;
  started: number;
  resolve: (exchange: Exchange) => void;
  timer: NodeJS.Timeout;
}

export interface RawStdioOptions {
  timeoutMs: number;
  maxLineBytes: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export class RawStdioConnection implements Connection {
  readonly transport = 'stdio' as const;
  readonly received: ReceivedMessage[] = [];
  readonly exchanges: Exchange[] = [];
  private stderr = '';
  private stdoutBuffer = '';
  private readonly pending = new Set<Pending>();
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exited: Promise<void>;

  private constructor(
    readonly endpoint: string,
    private readonly child: ChildProcess,
    private readonly options: RawStdioOptions,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        for (const p of [...this.pending]) this.settle(p, this.exitError());
        resolve();
      });
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.onStdout(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    // A write to a server that already died raises EPIPE; the exit itself is what gets reported.
    child.stdin!.on('error', () => undefined);
  }

  static async start(commandLine: string, options: RawStdioOptions): Promise<RawStdioConnection> {
    let argv: string[];
    try {
      argv = splitCommandLine(commandLine);
    } catch (error) {
      throw new WireError('spawn-failed', (error as Error).message);
    }
    const [command, ...args] = argv;
    if (command === undefined) throw new WireError('spawn-failed', '--stdio needs a command, for example --stdio "node server.js"');
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    registerChild(child);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error: NodeJS.ErrnoException) => {
        reject(new WireError('spawn-failed', error.code === 'ENOENT' ? `command not found: ${command}` : `could not start ${command}: ${error.message}`));
      });
    });
    return new RawStdioConnection(commandLine, child, options);
  }

  get stderrTail(): string {
    return this.stderr;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** A string message, one line: embedded newlines are flattened as the wire layer does. */
  exchange(message: OutgoingMessage): Promise<Exchange> {
    return this.exchangeBytes(Buffer.from(`${message.body.replace(/\r?\n/g, ' ')}\n`, 'utf8'), message);
  }

  /**
   * Writes `bytes` exactly (the caller adds the newline) and waits for the response with
   * `message.awaitId`, or the first message `message.endWhen` accepts; `message.body` is what
   * evidence shows as sent. Without either, resolves once written.
   */
  exchangeBytes(bytes: Buffer, message: OutgoingMessage): Promise<Exchange> {
    const exchange: Exchange = {
      transport: 'stdio',
      endpoint: this.endpoint,
      sent: message,
      headers: {},
      bodyText: '',
      messages: [],
      unparsable: [],
      timing: { startedAt: Date.now(), durationMs: 0 },
    };
    this.exchanges.push(exchange);
    if (this.exitInfo) {
      exchange.error = this.exitError();
      return Promise.resolve(exchange);
    }
    this.child.stdin!.write(bytes);
    if (message.awaitId === undefined && !message.endWhen) return Promise.resolve(exchange);
    const timeoutMs = message.timeoutMs ?? this.options.timeoutMs;
    return new Promise((resolve) => {
      const pending: Pending = {
        exchange,
        started: performance.now(),
        resolve,
        timer: setTimeout(() => {
          this.settle(pending, new WireError('timeout', `no answer within ${timeoutMs} ms on stdio; the server may hang (raise --timeout if it is just slow)`));
        }, timeoutMs),
      };
      this.pending.add(pending);
    });
  }

  async close(options: { eofGraceMs?: number } = {}): Promise<CloseInfo> {
    if (!this.exitInfo) this.child.stdin!.end();
    const exitedOnEof = await Promise.race([this.exited.then(() => true), delay(options.eofGraceMs ?? 1_000).then(() => false)]);
    if (!this.exitInfo) {
      endChild(this.child, 'SIGKILL');
      await Promise.race([this.exited, delay(1_000)]);
    }
    return { exitedOnEof };
  }

  private onStdout(chunk: string): void {
    this.stdoutBuffer += chunk;
    let newline: number;
    while ((newline = this.stdoutBuffer.indexOf('\n')) >= 0) {
      const line = this.stdoutBuffer.slice(0, newline).replace(/\r$/, '');
      this.stdoutBuffer = this.stdoutBuffer.slice(newline + 1);
      if (line.trim() !== '') this.onLine(line);
    }
    // A line without end is dropped rather than buffered without bound.
    if (this.stdoutBuffer.length > this.options.maxLineBytes) this.stdoutBuffer = '';
  }

  private onLine(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.received.push({ at: Date.now(), message: undefined, raw: line });
      for (const p of this.pending) p.exchange.unparsable.push(line.slice(0, 2_000));
      return;
    }
    this.received.push({ at: Date.now(), message, raw: line });
    const id = isResponse(message) ? (message as { id?: unknown }).id : undefined;
    // Loose id match (1 vs "1"), flagged, so an id-echo bug shows as such instead of a hang.
    const byId = (p: Pending): boolean => p.exchange.sent.awaitId !== undefined && isResponse(message) && String(id) === String(p.exchange.sent.awaitId);
    const answered = [...this.pending].find((p) => byId(p) || p.exchange.sent.endWhen?.(message) === true);
    if (!answered) {
      for (const p of this.pending) p.exchange.messages.push(message);
      return;
    }
    answered.exchange.messages.push(message);
    if (isResponse(message)) answered.exchange.response = message as JsonRpcResponse;
    if (byId(answered) && !sameId(id, answered.exchange.sent.awaitId)) answered.exchange.responseIdMismatch = true;
    answered.exchange.bodyText = line;
    this.settle(answered);
  }

  private settle(pending: Pending, error?: WireError): void {
    if (!this.pending.delete(pending)) return;
    clearTimeout(pending.timer);
    if (error) pending.exchange.error = error;
    pending.exchange.timing.durationMs = performance.now() - pending.started;
    pending.resolve(pending.exchange);
  }

  private exitError(): WireError {
    const info = this.exitInfo!;
    const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
    const lastErr = this.stderr.trim().split('\n').slice(-1)[0];
    return new WireError('exited', `the server process ${how}${lastErr ? ` (last stderr line: ${lastErr.slice(0, 200)})` : ''}`);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
