/**
 * Starts an HTTP server command that announces itself with one stdout line `listening <url>`, and
 * hands back the URL and a stop function. Used by `npm start`, the tests and the benchmarks.
 */

import { spawn } from 'node:child_process';

export interface LaunchedServer {
  url: string;
  stop: () => Promise<void>;
  stderr: () => string;
}

export function launchHttpServer(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<LaunchedServer> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(
          `${command} ${args.join(' ')} did not print "listening <url>" within ${options.timeoutMs ?? 10_000} ms; stderr: ${stderr.slice(-300)}`,
        ),
      );
    }, options.timeoutMs ?? 10_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening (\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, stop, stderr: () => stderr });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with code ${code} before listening; stderr: ${stderr.slice(-300)}`));
    });
  });
}
