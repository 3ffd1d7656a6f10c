/** requestHeaders and requestBody: the one place an HTTP request's headers are assembled. */

import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../../src/wire/exchange.js';
import { requestBody, requestHeaders } from '../../../src/wire/http-request.js';

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({ body: '{"a":"é"}', ...over });

describe('requestHeaders', () => {
  it("puts the user's headers under the probe's, matching names in any case, and lists only the user's that went out", () => {
    const { headers, userHeaderNames } = requestHeaders(
      message({ headers: { AUTHORIZATION: 'probe', 'Mcp-Method': 'tools/list' } }),
      { authorization: 'Bearer user', 'x-mcp-method': 'kept', 'mcp-METHOD': 'dropped', 'X-Team': 'a' },
      requestBody(message()),
    );
    expect(headers).toEqual({
      'x-mcp-method': 'kept',
      'X-Team': 'a',
      AUTHORIZATION: 'probe',
      'Mcp-Method': 'tools/list',
      'Content-Length': 10,
    });
    expect(userHeaderNames).toEqual(['x-mcp-method', 'X-Team']);
  });

  it("puts the credential provider's headers over the user's and under the probe's, and lists them with the user's", () => {
    const token = { Authorization: 'Bearer renewed' };
    const over = requestHeaders(message(), { authorization: 'Bearer static', 'X-Team': 'a' }, undefined, token);
    expect(over.headers).toEqual({ 'X-Team': 'a', Authorization: 'Bearer renewed' });
    expect(over.userHeaderNames).toEqual(['X-Team', 'Authorization']);
    const probe = requestHeaders(message({ headers: { authorization: 'Bearer forged' } }), {}, undefined, token);
    expect(probe.headers).toEqual({ authorization: 'Bearer forged' });
    expect(probe.userHeaderNames).toEqual([]);
  });

  it('counts Content-Length in bytes, and leaves one the probe set (in any case) alone', () => {
    const body = requestBody(message());
    expect(requestHeaders(message(), {}, body).headers['Content-Length']).toBe(10);
    expect(requestHeaders(message({ headers: { 'content-length': '3' } }), {}, body).headers).toEqual({ 'content-length': '3' });
  });

  it('GET and DELETE carry no body and so no Content-Length', () => {
    for (const httpMethod of ['GET', 'DELETE'] as const) {
      const body = requestBody(message({ httpMethod }));
      expect(body).toBeUndefined();
      expect(requestHeaders(message({ httpMethod }), {}, body).headers).toEqual({});
    }
    expect(requestBody(message({ httpMethod: 'POST', body: '' }))).toEqual(Buffer.alloc(0));
  });
});
