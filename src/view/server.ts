/**
 * The viewer's server: 127.0.0.1 only, pages under a random token that is the first segment of every
 * path (`http://127.0.0.1:PORT/<token>/`), so the relative links of a page work as they do in an
 * exported folder. A request without the token gets 403 whatever it asks for, one with it but another
 * method than GET or HEAD gets 405, and an unknown page 404. Pages carry the HTML report's policy as a
 * header too, with framing refused; nothing is cached and no referrer is sent.
 */

import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '../report/html/index.js';
import type { HistoryIndex } from './history-index.js';
import { PAGE_SCRIPT, PAGE_STYLE, type ViewPage } from './page.js';
import { parseRoute, renderRoute } from './routes.js';

export interface ViewServer {
  /** The URL to open, token included. */
  url: string;
  close(): Promise<void>;
}

/** 256 bits: as unguessable as the rest of the machine's secrets. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

const HEADERS = {
  'content-security-policy': `${contentSecurityPolicy(PAGE_STYLE, PAGE_SCRIPT)}; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function plain(res: http.ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8', ...extra });
  res.end(`${text}\n`);
}

export function handle(index: HistoryIndex, token: string, historyDir: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? '/').split(/[?#]/)[0]!;
  const [, first = '', ...rest] = path.split('/');
  if (!sameToken(first, token)) return plain(res, 403, 'forbidden: open the URL mcpgate view printed, token included');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'method not allowed: the viewer is read-only', { allow: 'GET, HEAD' });
  // `/<token>` alone: the relative links of the list need the trailing slash.
  if (rest.length === 0) {
    res.writeHead(308, { ...HEADERS, location: `/${token}/` });
    res.end();
    return;
  }
  const route = parseRoute(rest.join('/'));
  if (!route) return plain(res, 404, 'not found: the viewer has no such page');
  const page: ViewPage = renderRoute(index, index.snapshot(), route, { served: true, historyDir });
  const body = Buffer.from(page.html, 'utf8');
  res.writeHead(page.status, { ...HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export async function serveView(index: HistoryIndex, historyDir: string, port: number, token = newToken()): Promise<ViewServer> {
  const server = http.createServer((req, res) => {
    try {
      handle(index, token, historyDir, req, res);
    } catch (error) {
      if (!res.headersSent) plain(res, 500, `the page could not be made: ${(error as Error).message.split('\n')[0]}`);
      else res.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/${token}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
