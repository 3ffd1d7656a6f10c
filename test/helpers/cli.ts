/** Runs the built `mcpgate` binary as a user would, and reads what it wrote. */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaledTimeout } from './machine-speed.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = join(ROOT, 'dist/cli/mcpgate.js');
export const REFERENCE_SERVER = join(ROOT, 'dist/examples/reference-server/main.js');
export const SDK_SERVER = join(ROOT, 'dist/test/fixtures/sdk-server.js');
export const SDK_EVERYTHING = join(ROOT, 'dist/test/fixtures/sdk-everything.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** `timeoutMs` bounds a hang on an idle machine; it grows with the machine's load (machine-speed.ts). */
export function runCli(args: string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<CliRun> {
  const started = Date.now();
  const timeoutMs = scaledTimeout(options.timeoutMs ?? 20_000);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpgate ${args.join(' ')} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, durationMs: Date.now() - started });
    });
  });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'mcpgate-test-'));
}

export function readJson<T = unknown>(file: string): T {
  if (!existsSync(file)) throw new Error(`${file} was not written`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The stdio command line for the reference server. */
export function referenceStdio(extra = ''): string {
  return `"${process.execPath}" "${REFERENCE_SERVER}" --stdio ${extra}`.trim();
}
