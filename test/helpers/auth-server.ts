/** `mcpgate auth-server` run as a user runs it: the built binary, its issuer URL read from stdout. */

import { spawn } from 'node:child_process';
import { CLI } from './cli.js';
import { scaledTimeout } from './machine-speed.js';

export interface RunningAuthServer {
  issuer: string;
  /** What it wrote on stdout and on stderr so far (all of it once stop() has resolved). */
  output: () => { stdout: string; stderr: string };
  /** Ctrl-C, and waits until its output is closed. */
  stop: () => Promise<void>;
}

export function startAuthServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunningAuthServer> {
  const child = spawn(process.execPath, [CLI, 'auth-server', '--port', '0', ...args], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await closed;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`mcpgate auth-server printed no issuer URL; stderr: ${stderr}`));
    }, scaledTimeout(10_000));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = /^(\S+)\n/.exec(stdout)?.[1];
      if (line === undefined) return;
      clearTimeout(timer);
      resolve({ issuer: line, output: () => ({ stdout, stderr }), stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mcpgate auth-server exited (${String(code)}) before printing its URL; stderr: ${stderr}`));
    });
  });
}
