/**
 * The viewer's server in process, with raw HTTP requests (no client normalising the path): only
 * 127.0.0.1, the token as the first segment of every path or 403, GET and HEAD only, paths that are
 * not the viewer's own forms 404, and the page policy as a header.
 */

import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRun } from '../../../src/gate/history.js';
import { HistoryIndex } from '../../../src/view/history-index.js';
import { newToken, serveView, type ViewServer } from '../../../src/view/server.js';
import { evalRun } from '../../helpers/gate-factory.js';

const TOKEN = newToken();
let server: ViewServer;
let port: number;
let runId: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-view-server-'));
  runId = recordRun(dir, evalRun([{ id: 'weather', passes: 20, runs: 20 }])).entry.runId;
  server = await serveView(new HistoryIndex(dir), dir, 0, TOKEN);
  port = Number(new URL(server.url).port);
});
afterAll(async () => server?.close());

function request(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('the viewer server', () => {
  it('listens on 127.0.0.1 with a 256-bit token as the first segment of its URL', () => {
    expect(server.url).toBe(`http://127.0.0.1:${port}/${TOKEN}/`);
    expect(TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(TOKEN);
  });

  it('answers 403 to every path without the token, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', `/run/${runId}.html`],
      ['GET', `/x/${TOKEN}/`],
      ['GET', `/${TOKEN.slice(1)}/`],
      ['GET', `/%2F${TOKEN}/`],
      ['HEAD', '/favicon.ico'],
      ['POST', '/'],
      ['DELETE', `/${TOKEN}x/`],
    ] as const) {
      const answer = await request(method, path);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 403 });
    }
  });

  it('serves its pages with the token; 405 for other methods; 404 for any other path; the top without its slash redirected', async () => {
    const page = await request('GET', `/${TOKEN}/run/${runId}.html`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('mcpgate report');
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) expect((await request(method, `/${TOKEN}/`)).status).toBe(405);
    for (const path of [`/${TOKEN}/../index.html`, `/${TOKEN}/run/%2e%2e/index.html`, `/${TOKEN}/reports/`, `/${TOKEN}/.view-cache/x.json`])
      expect({ path, status: (await request('GET', path)).status }).toEqual({ path, status: 404 });
    const top = await request('GET', `/${TOKEN}`);
    expect([top.status, top.headers.location]).toEqual([308, `/${TOKEN}/`]);
    const head = await request('HEAD', `/${TOKEN}/`);
    expect([head.status, head.body, Number(head.headers['content-length'])]).toEqual([200, '', expect.any(Number)]);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
  });
});
