/**
 * stdio transport: spawns the server command with a least environment, frames newline-delimited
 * JSON-RPC, keeps a bounded sample of what is not JSON and the tail of the child's stderr for the
 * report, and always ends the child's whole process group (see child-processes.ts).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { childEnvironment } from './child-environment.js';
import { withServerTag } from './escaped.js';
import { endGroup, registerChild } from './child-processes.js';
import { splitCommandLine } from './command-line.js';
import { WireError } from './errors.js';
import { stderrCause } from './stderr-cause.js';
import { within } from './within.js';
import {
  MAX_EXCHANGE_MESSAGE_CHARS,
  MAX_MESSAGES_PER_EXCHANGE,
  floodMessage,
  startExchange,
  type CloseInfo,
  type Connection,
  type Exchange,
  type OutgoingMessage,
} from './exchange.js';
import { isResponse, sameId, type JsonRpcId, type JsonRpcResponse } from './jsonrpc.js';
import { LineSplitter } from './line-splitter.js';
import { LoggedConnection } from './received-log.js';
import { parseServerJson } from './server-json.js';

export interface StdioOptions {
  timeoutMs: number;
  maxLineBytes: number;
  cwd?: string;
  /** Variables the server gets on top of the least environment (see childEnvironment). */
  env?: Record<string, string | undefined>;
  /** false: keep no log in `exchanges` and `received` (see ConnectOptions.keepLog). */
  keepLog?: boolean;
}

export const DEFAULT_STDIO_OPTIONS: StdioOptions = { timeoutMs: 10_000, maxLineBytes: 4 * 1024 * 1024 };

/** stdout lines that are not JSON kept as evidence; the ones after are counted, not kept. */
export const MAX_NON_JSON_LINES = 100;

/** The longest excerpt kept of one non-JSON stdout line. */
export const MAX_NON_JSON_LINE_CHARS = 1_000;

/** The stderr kept: its last this many characters; earlier output is counted, not kept. */
export const STDERR_TAIL_CHARS = 8 * 1024;

export { MAX_EXCHANGE_MESSAGE_CHARS, MAX_MESSAGES_PER_EXCHANGE } from './exchange.js';
export { MAX_RECEIVED_CHARS, MAX_RECEIVED_MESSAGES } from './received-log.js';

interface Pending {
  id: JsonRpcId;
  exchange: Exchange;
  elapsedMs: () => number;
  resolve: (exchange: Exchange) => void;
  timer: NodeJS.Timeout;
  /** Characters of the messages kept in `exchange.messages` so far. */
  keptChars: number;
}

export class StdioConnection extends LoggedConnection implements Connection {
  readonly transport = 'stdio' as const;
  /** stdout lines that were not JSON (the first MAX_NON_JSON_LINES, cut): each breaks "nothing but JSON-RPC on stdout". */
  readonly nonJsonLines: string[] = [];
  private droppedLines = 0;
  private stderr = '';
  private droppedStderr = 0;
  private readonly stdout: LineSplitter;
  private readonly pending = new Map<string, Pending>();
  private anonymous = 0;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null; at: number } | undefined;
  private readonly exited: Promise<void>;

  private constructor(
    readonly endpoint: string,
    private readonly child: ChildProcess,
    private readonly options: StdioOptions,
  ) {
    super(options.keepLog);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal, at: Date.now() };
        this.failPending();
        resolve();
      });
    });
    this.stdout = new LineSplitter(options.maxLineBytes, {
      onLine: (line) => {
        if (line.trim() !== '') this.onLine(line);
      },
      onOverlong: (head) => this.onOverlong(head),
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => this.stdout.push(chunk));
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      const joined = this.stderr + chunk;
      this.droppedStderr += Math.max(0, joined.length - STDERR_TAIL_CHARS);
      this.stderr = joined.slice(-STDERR_TAIL_CHARS);
    });
    // Writing to a server that already exited raises EPIPE; the exit itself is what gets reported.
    child.stdin!.on('error', () => undefined);
  }

  /** Spawns the command. Rejects with a WireError when it cannot start at all. */
  static async start(commandLine: string, options: StdioOptions = DEFAULT_STDIO_OPTIONS): Promise<StdioConnection> {
    let argv: string[];
    try {
      argv = splitCommandLine(commandLine);
    } catch (error) {
      throw new WireError('spawn-failed', (error as Error).message);
    }
    if (argv.length === 0) throw new WireError('spawn-failed', '--stdio needs a command, for example --stdio "node server.js"');
    const [command, ...args] = argv as [string, ...string[]];
    const { env, tag } = withServerTag(childEnvironment(options.env));
    const child = spawn(command, args, {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // A group of its own, so closing ends whatever the server started too (child-processes.ts).
      detached: true,
    });
    registerChild(child, tag);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error: NodeJS.ErrnoException) => {
        const why = error.code === 'ENOENT' ? `command not found: ${command}` : `could not start ${command}: ${error.message}`;
        reject(new WireError('spawn-failed', why));
      });
    });
    return new StdioConnection(commandLine, child, options);
  }

  get stderrTail(): string {
    return this.stderr;
  }

  /** Characters of stderr that came before the kept tail. */
  get stderrDroppedChars(): number {
    return this.droppedStderr;
  }

  /** Non-JSON stdout lines past MAX_NON_JSON_LINES: counted, not kept. */
  get droppedNonJsonLines(): number {
    return this.droppedLines;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  exchange(message: OutgoingMessage): Promise<Exchange> {
    const { exchange, elapsedMs } = startExchange('stdio', this.endpoint, message);
    this.log.addExchange(exchange);
    if (this.exitInfo) {
      exchange.error = this.exitError();
      return Promise.resolve(exchange);
    }
    // One message per line: a body with a raw newline would be two messages, so it is flattened.
    this.child.stdin!.write(message.rawBytes ?? message.body.replace(/\r?\n/g, ' ') + '\n');
    const awaitId = message.awaitId;
    if ((awaitId === undefined || awaitId === null) && !message.endWhen) {
      exchange.timing.durationMs = elapsedMs();
      return Promise.resolve(exchange);
    }
    // Without an id to wait for, the exchange still needs a key of its own to end on `endWhen`.
    const waitKey = awaitId ?? `endWhen:${++this.anonymous}`;
    return new Promise((resolve) => {
      const key = idKey(waitKey);
      const timeoutMs = message.timeoutMs ?? this.options.timeoutMs;
      const timer = setTimeout(() => {
        this.pending.delete(key);
        exchange.error = new WireError(
          'timeout',
          `no response${awaitId === undefined || awaitId === null ? '' : ` to request id ${JSON.stringify(awaitId)}`} within ${timeoutMs} ms on stdio; the server may hang (raise --timeout if it is just slow)`,
        );
        exchange.timing.durationMs = elapsedMs();
        resolve(exchange);
      }, timeoutMs);
      this.pending.set(key, { id: waitKey, exchange, elapsedMs, resolve, timer, keptChars: 0 });
    });
  }

  async close(options: { eofGraceMs?: number } = {}): Promise<CloseInfo> {
    const grace = options.eofGraceMs ?? 2_000;
    const closedAt = Date.now();
    if (!this.exitInfo) this.child.stdin!.end();
    const exitedOnEof = await within(
      this.exited.then(() => true),
      grace,
      false,
    );
    const exitMs = exitedOnEof && this.exitInfo ? this.exitInfo.at - closedAt : undefined;
    // Even when the server exited by itself: helpers it started may still run and hold its stdout.
    await endGroup(this.child);
    return { exitedOnEof, exitMs };
  }

  private keepNonJson(line: string): void {
    if (this.nonJsonLines.length >= MAX_NON_JSON_LINES) {
      this.droppedLines++;
      return;
    }
    const cut = MAX_NON_JSON_LINE_CHARS;
    const kept = line.length > cut ? `${line.slice(0, cut)}… (cut at ${cut} characters)` : line;
    this.nonJsonLines.push(kept);
    this.log.addNotJson(kept);
  }

  /**
   * A line over the cap is dropped unread, so the response it may carry can never be read: the request
   * it answers (by an id in its first characters; else every request waiting) fails at once, naming
   * the cap and the flag, instead of waiting for its timeout.
   */
  private onOverlong(head: string): void {
    const cap = this.options.maxLineBytes;
    this.keepNonJson(`${head}… (a line over ${cap} bytes without a newline)`);
    const idText = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/.exec(head)?.[1];
    let id: unknown;
    try {
      id = idText === undefined ? undefined : JSON.parse(idText);
    } catch {
      id = undefined;
    }
    const one = this.findPending(id);
    for (const p of one ? [one] : [...this.pending.values()]) {
      p.exchange.error = new WireError(
        'too-large',
        `the server wrote a stdout line longer than ${cap} bytes, mcpgate's cap on one message (--max-response-bytes); it was dropped unread (raise --max-response-bytes if the server's answers are this large)`,
      );
      this.settle(p, head);
    }
  }

  private onLine(line: string): void {
    const parsed = parseServerJson(line);
    if (!parsed.ok && parsed.reason === 'not-json') {
      this.keepNonJson(line);
      return;
    }
    if (!parsed.ok) {
      // Too deep to read: the request it answers (by its top-level id) fails naming the cap. A line
      // that answers no pending request is dropped; nothing waits for it.
      const pending = this.findPending(parsed.id);
      if (pending) {
        pending.exchange.error = new WireError('too-large', parsed.message);
        this.settle(pending, line.slice(0, MAX_NON_JSON_LINE_CHARS));
      }
      return;
    }
    const message = parsed.value;
    this.log.addMessage(message, line);
    const id = isResponse(message) ? (message as { id?: unknown }).id : undefined;
    const answered = id === undefined ? undefined : this.findPending(id);
    for (const p of [...this.pending.values()]) {
      if (p === answered || p.exchange.sent.endWhen?.(message) === true) {
        p.exchange.messages.push(message);
        continue;
      }
      // Anything else is kept only up to the cap: a flood of valid lines fails the exchange, naming it.
      p.exchange.messages.push(message);
      p.keptChars += line.length;
      if (p.exchange.messages.length > MAX_MESSAGES_PER_EXCHANGE || p.keptChars > MAX_EXCHANGE_MESSAGE_CHARS) {
        p.exchange.error = new WireError('too-large', floodMessage(`without answering request ${JSON.stringify(p.id)}`));
        this.settle(p, '');
      }
    }
    for (const p of [...this.pending.values()]) {
      if (p.exchange.sent.endWhen?.(message) !== true) continue;
      if (isResponse(message)) p.exchange.response = message;
      this.settle(p, line);
    }
    const pending = id === undefined ? undefined : this.findPending(id);
    if (!pending) return;
    pending.exchange.response = message as JsonRpcResponse;
    if (!sameId(id, pending.id)) pending.exchange.responseIdMismatch = true;
    this.settle(pending, line);
  }

  private settle(pending: Pending, line: string): void {
    this.pending.delete(idKey(pending.id));
    clearTimeout(pending.timer);
    pending.exchange.bodyText = line;
    pending.exchange.timing.durationMs = pending.elapsedMs();
    pending.resolve(pending.exchange);
  }

  /** Exact match first; then a response whose id differs only in type, so id-echo bugs show instead of hanging. */
  private findPending(id: unknown): Pending | undefined {
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    const exact = this.pending.get(idKey(id));
    if (exact) return exact;
    for (const p of this.pending.values()) if (String(p.id) === String(id)) return p;
    return undefined;
  }

  private exitError(): WireError {
    const info = this.exitInfo!;
    const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
    const cause = stderrCause(this.stderr);
    return new WireError('exited', `the server process ${how}${cause ? `; its stderr says: ${cause}` : ' and wrote nothing on stderr'}`);
  }

  private failPending(): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.exchange.error = this.exitError();
      p.exchange.timing.durationMs = p.elapsedMs();
      p.resolve(p.exchange);
    }
    this.pending.clear();
  }
}

function idKey(id: JsonRpcId): string {
  return `${typeof id}:${String(id)}`;
}
