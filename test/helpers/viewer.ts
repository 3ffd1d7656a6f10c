/** `mcpgate view` started as a user starts it: the built CLI, the URL read from its stdout. */

import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { CLI } from './cli.js';
import { scaledTimeout } from './machine-speed.js';

export interface Viewer {
  url: string;
  /** Everything printed on stdout so far. */
  stdout: () => string;
  stderr: () => string;
  /** Sends the signal and resolves with the exit code (null and the signal name when killed otherwise). */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  child: ChildProcess;
}

export const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{64}\/$/m;

export function startViewer(args: string[]): Promise<Viewer> {
  const child = spawn(process.execPath, [CLI, 'view', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGINT') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpgate view printed no URL; stderr: ${stderr.slice(-600)}`));
    }, scaledTimeout(60_000));
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      const url = URL_LINE.exec(stdout)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stdout: () => stdout, stderr: () => stderr, stop, child });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`mcpgate view exited ${code} before printing its URL; stderr: ${stderr.slice(-600)}`));
    });
  });
}

/** What a page did besides showing itself: console errors (a CSP refusal is one), dialogs, requests, script that ran. */
export interface PageWatch {
  errors: string[];
  dialogs: string[];
  requests: string[];
}

export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { errors: [], dialogs: [], requests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') watch.errors.push(m.text());
  });
  page.on('pageerror', (e) => watch.errors.push(e.message));
  page.on('request', (r) => watch.requests.push(r.url()));
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  return watch;
}
