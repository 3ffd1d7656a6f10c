/**
 * The source of the network thread that times model calls (wire-clock.ts), kept as a string: a file
 * beside this one would not exist when the sources run untranspiled (the tests), and this is all it does.
 *
 * It sends over node:http(s) rather than fetch: the thread exists only to time the exchange, and fetch
 * (undici's Request, Headers, web streams) cost about 0.8 ms of CPU per call and some 30 MB of heap on
 * the thread, against about 0.2 ms and a few MB (10,000 calls to an instant model, 4 at a time). What
 * goes on the wire is what fetch sent: the same default headers (fetch's accept, accept-language,
 * sec-fetch-mode, user-agent and accept-encoding, each only when the caller set none), a
 * content-length, a kept-alive connection; gzip and deflate answers are decoded as fetch decodes them.
 * Whatever this path does not do itself goes through fetch as before: a port fetch refuses (the Fetch
 * standard's bad ports, refused before connecting), a scheme other than http(s), and a redirect (the
 * request is sent again through fetch, which follows it). Failures reach the caller as fetch reports
 * them: a TypeError 'fetch failed' whose cause carries the socket error's message and code, a
 * connection closed without an answer as undici's 'other side closed' (UND_ERR_SOCKET), so the SDK's
 * retries and the connection guard see what they saw before. Errors go back as plain fields, since an
 * Error's `cause` (which the SDK reads to tell a refused connection) does not survive the transfer.
 */

export const NETWORK_THREAD = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const http = require('node:http');
const https = require('node:https');
const zlib = require('node:zlib');

const BAD_PORTS = new Set([1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540,
  548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665,
  6666, 6667, 6668, 6669, 6679, 6697, 10080]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const FETCH_DEFAULTS = [['accept', '*/*'], ['accept-language', '*'], ['sec-fetch-mode', 'cors'], ['user-agent', 'node'], ['accept-encoding', 'gzip, deflate']];
const agents = { 'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 }), 'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 }) };
const inFlight = new Map();

function post(answer, transfer) {
  inFlight.delete(answer.id);
  parentPort.postMessage(answer, transfer);
}

function failed(m, started, error, message = 'fetch failed') {
  const hungUp = error && error.message === 'socket hang up';
  const cause = hungUp ? { message: 'other side closed', code: 'UND_ERR_SOCKET' } : { message: String((error && error.message) || error), code: error && error.code };
  post({ id: m.id, ok: false, ms: performance.now() - started, name: 'TypeError', message, cause });
}

function decoded(body, encoding) {
  let out = body;
  for (const coding of (encoding || '').toLowerCase().split(',').map((c) => c.trim()).reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') out = zlib.gunzipSync(out, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    else if (coding === 'deflate') out = out[0] === 0x78 ? zlib.inflateSync(out, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) : zlib.inflateRawSync(out, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    else if (coding === 'br') out = zlib.brotliDecompressSync(out);
    else if (coding !== '' && coding !== 'identity') break;
  }
  return out;
}

async function viaFetch(m, started) {
  const controller = new AbortController();
  inFlight.set(m.id, () => controller.abort());
  try {
    const response = await fetch(m.url, { method: m.method, headers: m.headers, body: m.body, signal: controller.signal });
    const body = await response.arrayBuffer();
    post({ id: m.id, ok: true, ms: performance.now() - started, status: response.status, statusText: response.statusText, headers: [...response.headers], body }, [body]);
  } catch (error) {
    const cause = error && error.cause;
    post({
      id: m.id, ok: false, ms: performance.now() - started,
      name: (error && error.name) || 'Error', message: String((error && error.message) || error),
      cause: cause ? { message: String(cause.message || cause), code: cause.code } : undefined,
    });
  }
}

function viaHttp(m, url, started) {
  const headers = m.headers.slice();
  for (const [name, value] of FETCH_DEFAULTS) if (!headers.some(([given]) => given === name)) headers.push([name, value]);
  if (m.body !== undefined) headers.push(['content-length', String(Buffer.byteLength(m.body))]);
  const request = (url.protocol === 'https:' ? https : http).request(url, { method: m.method, headers: Object.fromEntries(headers), agent: agents[url.protocol] });
  inFlight.set(m.id, () => {
    inFlight.delete(m.id);
    request.destroy();
  });
  request.on('error', (error) => failed(m, started, error));
  request.on('response', (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('error', (error) => failed(m, started, error, 'terminated'));
    response.on('end', () => {
      if (REDIRECTS.has(response.statusCode) && response.headers.location !== undefined) return viaFetch(m, started);
      let body;
      try {
        body = decoded(Buffer.concat(chunks), response.headers['content-encoding']);
      } catch (error) {
        return failed(m, started, error, 'terminated');
      }
      const ms = performance.now() - started;
      // A copy: a small Buffer shares the pool's memory, which must not be handed to another thread.
      const transferable = body.buffer.slice(body.byteOffset, body.byteOffset + body.length);
      const pairs = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i], response.rawHeaders[i + 1]]);
      post({ id: m.id, ok: true, ms, status: response.statusCode, statusText: response.statusMessage || '', headers: pairs, body: transferable }, [transferable]);
    });
  });
  request.end(m.body);
}

parentPort.on('message', (m) => {
  if (m.abort !== undefined) return inFlight.get(m.abort)?.();
  const started = performance.now();
  let url;
  try {
    url = new URL(m.url);
  } catch {
    return viaFetch(m, started);
  }
  const port = url.port === '' ? undefined : Number(url.port);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || BAD_PORTS.has(port)) return viaFetch(m, started);
  viaHttp(m, url, started);
});
`;
