/**
 * Client fixture mode: tests a user's MCP client, not a server. The server (the bundled reference
 * server unless a target is given) sits behind the proxy, which cuts the stream of the first
 * tools/call after the server executed it. The client command runs with MCP_SERVER_URL pointing at
 * the proxy. Since 2026-07-28 has no stream resumption, a correct client re-issues the call with a
 * new id; the verdict says whether it did, hung (killed at the timeout, whole process group), or
 * gave up (exited without re-issuing).
 */

import { withServerTag } from '../../wire/escaped.js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientFixtureResult, ProxyEvent } from '../../report/model.js';
import { endChild, registerChild } from '../../wire/child-processes.js';
import { splitCommandLine } from '../../wire/command-line.js';
import { INSTALLATION } from '../../shared/install-root.js';
import { DEFAULT_CONNECT_OPTIONS, type ConnectOptions, type Target } from '../../wire/target.js';
import { executionsOf } from '../proxy/events.js';
import { startFaultProxy } from '../proxy/server.js';

export interface ClientFixtureOptions {
  /** The client under test, split like a shell would and run without one. */
  command: string;
  /** The server behind the proxy; the bundled reference server (over stdio) by default. */
  target?: Target;
  connect?: ConnectOptions;
  /** How long the client may run before it counts as hung. */
  timeoutMs: number;
  allowTools?: readonly string[];
  cwd?: string;
  /** Extra environment for the client; MCP_SERVER_URL is always set to the proxy. */
  env?: NodeJS.ProcessEnv;
}

export class ClientFixtureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientFixtureError';
  }
}

const TAIL_CHARS = 2_000;

/** The bundled reference server over stdio, as built beside mcpgate (dist/examples). */
export function referenceServerTarget(): Target {
  const main = INSTALLATION && join(INSTALLATION.root, 'dist/examples/reference-server/main.js');
  if (main === undefined || !existsSync(main))
    throw new ClientFixtureError(
      'the bundled reference server is not part of this installation; name the server to put behind the proxy (--url or --stdio)',
    );
  return { kind: 'stdio', command: `"${process.execPath}" "${main}" --stdio` };
}

export async function runClientFixture(options: ClientFixtureOptions): Promise<ClientFixtureResult> {
  const argv = parseCommand(options.command);
  const proxy = await startFaultProxy({
    upstream: options.target ?? referenceServerTarget(),
    connect: options.connect ?? DEFAULT_CONNECT_OPTIONS,
    allowTools: options.allowTools ?? [],
    plan: { faults: [{ tool: '*', fault: 'stream-cut', occurrence: 1 }], injections: [] },
  });
  try {
    const run = await runClient(argv, { ...process.env, ...options.env, MCP_SERVER_URL: proxy.url }, options);
    const events = [...proxy.events];
    return { ...judgeClient(events, run, options.timeoutMs), ...run, proxyUrl: proxy.url, events };
  } finally {
    await proxy.close();
  }
}

function parseCommand(command: string): [string, ...string[]] {
  let argv: string[];
  try {
    argv = splitCommandLine(command);
  } catch (error) {
    throw new ClientFixtureError((error as Error).message);
  }
  if (argv.length === 0) throw new ClientFixtureError('the client command is empty; pass the command that starts your MCP client');
  return argv as [string, ...string[]];
}

interface ClientRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  durationMs: number;
  stdoutTail: string;
  stderrTail: string;
}

async function runClient(
  [command, ...args]: [string, ...string[]],
  env: NodeJS.ProcessEnv,
  options: ClientFixtureOptions,
): Promise<ClientRun> {
  const started = Date.now();
  // Detached: the client leads its own process group, so a hung client is ended with its children.
  const tagged = withServerTag(env);
  const child = spawn(command, args, { cwd: options.cwd, env: tagged.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  registerChild(child, tagged.tag);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout = (stdout + chunk).slice(-TAIL_CHARS)));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-TAIL_CHARS)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new ClientFixtureError(
          error.code === 'ENOENT' ? `client command not found: ${command}` : `could not start the client ${command}: ${error.message}`,
        ),
      ),
    );
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeoutMs)));
  try {
    const first = await Promise.race([exited, deadline]);
    const timedOut = first === 'timeout';
    if (timedOut) endChild(child, 'SIGKILL');
    const { code, signal } = timedOut ? await exited : first;
    return { exitCode: code, signal, timedOut, durationMs: Date.now() - started, stdoutTail: stdout, stderrTail: stderr };
  } finally {
    clearTimeout(timer);
  }
}

type Judged = Pick<ClientFixtureResult, 'verdict' | 'status' | 'message' | 'reissued' | 'upstreamExecutions'>;

function judgeClient(events: ProxyEvent[], run: ClientRun, timeoutMs: number): Judged {
  const cut = events.find((e) => e.fault === 'stream-cut');
  const hungFor = `did not exit within ${timeoutMs} ms and was killed`;
  if (!cut) {
    const message = `the client never sent a tools/call the proxy could cut, so nothing was tested${run.timedOut ? ` (it ${hungFor})` : ''}`;
    return { verdict: 'no-tool-call', status: 'not_measured', reissued: false, upstreamExecutions: 0, message };
  }
  const reissue = events.find((e) => e.reissueOf === cut.seq);
  const upstreamExecutions = executionsOf(events, cut);
  const base = { reissued: reissue !== undefined, upstreamExecutions };
  if (run.timedOut) {
    const after = reissue ? 'the client re-issued the call but then' : `the stream of tools/call ${cut.tool} was cut and the client`;
    return { ...base, verdict: 'hung', status: 'fail', message: `${after} ${hungFor}` };
  }
  if (!reissue)
    return {
      ...base,
      verdict: 'gave-up',
      status: 'fail',
      message: `the stream of tools/call ${cut.tool} was cut and the client exited (code ${run.exitCode ?? run.signal}) without re-issuing it`,
    };
  if (reissue.requestId === cut.requestId) {
    return {
      ...base,
      verdict: 're-issued-same-id',
      status: 'fail',
      message: `the client re-issued tools/call ${cut.tool} but reused id ${JSON.stringify(cut.requestId)}; a re-issued request needs a new id`,
    };
  }
  const times = upstreamExecutions === 2 ? 'twice' : `${upstreamExecutions} times`;
  return {
    ...base,
    verdict: 're-issued',
    status: 'pass',
    message: `the client re-issued tools/call ${cut.tool} with a new id (${JSON.stringify(cut.requestId)}, then ${JSON.stringify(reissue.requestId)}); the server executed it ${times}`,
  };
}
