/**
 * `server.start` of mcpgate.yaml: the command that starts an HTTP server under test, so that `mcpgate
 * run` (and the workflow `init` writes) needs no step of its own to start it. The server is started in a
 * process group of its own, in the folder of mcpgate.yaml, the run waits until its URL accepts connections, and the group is ended
 * when the run ends, on Ctrl-C too (wire/child-processes.ts). A stdio server is started by mcpgate anyway.
 */

import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { EXIT } from '../shared/exit-codes.js';
import { InputError } from '../shared/input-error.js';
import { endGroup, registerChild } from '../wire/child-processes.js';
import { splitCommandLine } from '../wire/command-line.js';

export interface ServerStart {
  command: string;
  /** How long the URL gets to accept a connection. */
  waitMs: number;
  /** Where the command runs: the folder of mcpgate.yaml, so `node build/server.js` means the one beside it. */
  cwd: string;
}

export interface StartedServer {
  stop: () => Promise<void>;
}

/** Between two connection attempts while waiting: short, so a fast server costs little. */
const RETRY_MS = 100;
const STDERR_TAIL_CHARS = 2_000;

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

function lastLines(text: string): string {
  const lines = text.trim().split('\n').slice(-3).join(' | ');
  return lines === '' ? 'it wrote nothing on stderr' : `its stderr ends: ${lines}`;
}

export async function startServer(start: ServerStart, url: string): Promise<StartedServer> {
  const [command, ...args] = splitCommandLine(start.command);
  if (command === undefined) throw new InputError('server.start.command is empty', EXIT.usage);
  const child = spawn(command, args, { cwd: start.cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  registerChild(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS)));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const stop = (): Promise<void> => endGroup(child);

  const target = new URL(url);
  const deadline = Date.now() + start.waitMs;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await stop();
      const why = spawnError ? spawnError.message : `it exited with ${child.exitCode ?? child.signalCode}; ${lastLines(stderr)}`;
      throw new InputError(`server.start "${start.command}" did not start the server: ${why}`, EXIT.unreachable);
    }
    if (await accepts(target.hostname, portOf(target))) return { stop };
    if (Date.now() >= deadline) {
      await stop();
      throw new InputError(
        `server.start "${start.command}" ran, but ${target.host} accepted no connection within ${start.waitMs} ms (server.start.wait_ms); ${lastLines(stderr)}`,
        EXIT.unreachable,
      );
    }
    await delay(RETRY_MS);
  }
}
