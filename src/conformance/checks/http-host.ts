/**
 * DNS rebinding defence beside Origin (basic/transports/streamable-http#security-warning): a page
 * on a hostile site that resolves its name to 127.0.0.1 reaches a local server with its own name in
 * `Host`. The revision mandates only the Origin check, so this one is a SHOULD, and it applies only
 * to a server mcpgate reaches on a loopback address.
 */

import { defineChecks, pass, skip, violated } from '../check.js';
import { evidenceOf } from '../evidence.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export const hostChecks = defineChecks('http', [
  {
    id: 'http.host',
    title: 'a local server refuses a request whose Host names another site',
    level: 'SHOULD',
    spec: 'basic/transports/streamable-http#security-warning',
    transports: ['http'],
    async run(ctx) {
      const url = new URL(ctx.client.connection.endpoint);
      if (!LOOPBACK.has(url.hostname))
        return skip(`the server is reached at ${url.hostname}, not on loopback; the Host check applies to local servers`);
      const { method } = await ctx.servedRequest();
      const exchange = await ctx.client.request(method, {}, { headers: { Host: 'evil.example' } });
      const evidence = [evidenceOf(exchange, 'an HTTP 4xx (403 or 421)', `${method} with Host: evil.example`)];
      const status = exchange.status;
      if (status !== undefined && status >= 400 && status < 500) return pass(`foreign Host: HTTP ${status}`, evidence);
      return violated(
        `a request to this local server with Host: evil.example should be refused; got ${status === undefined ? exchange.error?.message : `HTTP ${status}`} (DNS rebinding protection)`,
        evidence,
        'when bound to loopback, accept only Host values that name this machine (localhost, 127.0.0.1, [::1]) and answer others with 403',
      );
    },
  },
]);
