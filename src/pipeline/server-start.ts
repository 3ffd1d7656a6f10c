/**
 * `server.start` of mcpgate.yaml: the command that starts an HTTP server under test, so that `mcpgate
 * run` (and the workflow `init` writes) needs no step of its own to start it. The server is started in a
 * process group of its own, in the folder of mcpgate.yaml, the run waits until its URL accepts
 * connections, and the group is ended when the run ends, on Ctrl-C too (wire/child-processes.ts). A
 * stdio server is started by mcpgate anyway.
 *
 * The server under test must be the one started here. A URL that already accepts connections before
 * the command runs belongs to another process (an old copy of the server, often), and the new one
 * would die on EADDRINUSE while the checks pass against the old: that is refused before anything runs.
 * A server that exits before its URL answers, or during the run, fails the run with the line of its
 * stderr that names the cause.
 */

import { withServerTag } from '../wire/escaped.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { EXIT } from '../shared/exit-codes.js';
import { InputError } from '../shared/input-error.js';
import { endGroup, registerChild } from '../wire/child-processes.js';
import { splitCommandLine } from '../wire/command-line.js';
import { processEnded } from '../wire/process-group.js';
import { stderrCause } from '../wire/stderr-cause.js';
import { within } from '../wire/within.js';
import { findPortHolder } from './port-holder.js';

export interface ServerStart {
  command: string;
  /** How long the URL gets to accept a connection. */
  waitMs: number;
  /** Where the command runs: the folder of mcpgate.yaml, so `node build/server.js` means the one beside it. */
  cwd: string;
  /** Variables the server gets besides mcpgate's own environment (init --oauth names its test issuer so). */
  env?: Record<string, string>;
}

export interface StartedServer {
  stop: () => Promise<void>;
  /** Why the server ended by itself during the run, one line; undefined while it runs. */
  endedEarly: () => Promise<string | undefined>;
}

/** Between two connection attempts while waiting: short, so a fast server costs little. */
const RETRY_MS = 100;
/** stderr kept: its start, where a failed start says why, and its end, where a crash during the run does. */
const STDERR_HEAD_CHARS = 16_384;
const STDERR_TAIL_CHARS = 16_384;
/** How long the exit of a process seen dead (a zombie) gets to arrive, for its exit code. */
const EXIT_EVENT_MS = 1_000;

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1_000);
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** The start and the end of a child's stderr, bounded whatever it writes. */
class StderrSample {
  private head = '';
  private tail = '';
  private cut = false;

  constructor(child: ChildProcess) {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.add(chunk));
  }

  private add(chunk: string): void {
    const room = STDERR_HEAD_CHARS - this.head.length;
    this.head += chunk.slice(0, Math.max(room, 0));
    const rest = chunk.slice(Math.max(room, 0));
    if (rest === '') return;
    const joined = this.tail + rest;
    this.cut ||= joined.length > STDERR_TAIL_CHARS;
    this.tail = joined.slice(-STDERR_TAIL_CHARS);
  }

  /** `its stderr says: …`, the line that names the cause (stderr-cause.ts), masked. */
  said(pick: 'first' | 'last'): string {
    // A line cut in two where head and tail meet, or where the tail begins, is read as two lines.
    const cause = stderrCause(`${this.head}\n${this.cut ? '\n' : ''}${this.tail}`, pick);
    return cause === undefined ? 'it wrote nothing on stderr' : `its stderr says: ${cause}`;
  }
}

function howItEnded(child: ChildProcess): string {
  if (child.signalCode !== null) return `was killed by ${child.signalCode}`;
  return child.exitCode === null ? 'exited' : `exited with code ${child.exitCode}`;
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && !(child.pid !== undefined && processEnded(child.pid));
}

function inFolder(start: ServerStart): string {
  return start.cwd === '.' ? '' : ` (run in ${start.cwd})`;
}

/** Who holds the port, and how to free it. */
function holderOf(port: number): { who: string; free: string } {
  const holder = findPortHolder(port);
  if (holder) return { who: `pid ${holder.pid} (${holder.command}) holds it`, free: `stop it (kill ${holder.pid})` };
  return {
    who: `another process holds it (mcpgate could not tell which; \`ss -ltnp\` or \`lsof -i :${port}\` names it)`,
    free: 'stop that process',
  };
}

function portTaken(start: ServerStart, url: URL, port: number): InputError {
  const { who, free } = holderOf(port);
  return new InputError(
    `server.start: ${url.host} already accepts connections before mcpgate has started "${start.command}": ${who}, and mcpgate would test it instead of the server it starts; ${free}, or choose another port in server.url and server.start.command`,
    EXIT.unreachable,
  );
}

export async function startServer(start: ServerStart, url: string): Promise<StartedServer> {
  const [command, ...args] = splitCommandLine(start.command);
  if (command === undefined) throw new InputError('server.start.command is empty', EXIT.usage);
  const target = new URL(url);
  const port = portOf(target);
  // `[::1]` is a URL's spelling of the address ::1.
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (await accepts(host, port)) throw portTaken(start, target, port);

  const { env, tag } = withServerTag({ ...process.env, ...start.env });
  const child = spawn(command, args, { cwd: start.cwd, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  registerChild(child, tag);
  const stderr = new StderrSample(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  let stopped = false;
  const stop = (): Promise<void> => {
    stopped = true;
    return endGroup(child);
  };
  const named = `server.start "${start.command}"${inFolder(start)}`;

  const deadline = Date.now() + start.waitMs;
  for (;;) {
    if (spawnError) {
      await stop();
      throw new InputError(`${named} could not be run: ${spawnError.message}`, EXIT.unreachable);
    }
    if (!running(child)) {
      await within(exited, EXIT_EVENT_MS, undefined);
      // Ended first, so the pipe has delivered what the process wrote last.
      await stop();
      const said = stderr.said('first');
      // Bound but not accepting, or bound on another address than the URL's: the line names the address.
      const holder = /EADDRINUSE|address already in use/i.test(said) ? findPortHolder(port) : undefined;
      const taken = holder ? `; pid ${holder.pid} (${holder.command}) holds port ${port}: stop it, or choose another port` : '';
      // A command that starts the server in the background and returns cannot be waited for, nor ended.
      const foreground = child.exitCode === 0 ? '; the command must keep running while the server serves' : '';
      throw new InputError(
        `${named} ${howItEnded(child)} before ${target.host} accepted a connection; ${said}${taken}${foreground}`,
        EXIT.unreachable,
      );
    }
    if (await accepts(host, port)) break;
    if (Date.now() >= deadline) {
      await stop();
      throw new InputError(
        `${named} ran, but ${target.host} accepted no connection within ${start.waitMs} ms (server.start.wait_ms); ${stderr.said('first')}`,
        EXIT.unreachable,
      );
    }
    await delay(RETRY_MS);
  }

  const endedEarly = async (): Promise<string | undefined> => {
    if (stopped || running(child)) return undefined;
    await within(exited, EXIT_EVENT_MS, undefined);
    await stop();
    return `${named} ${howItEnded(child)} during the run, so what followed was not tested; ${stderr.said('last')}`;
  };
  return { stop, endedEarly };
}
