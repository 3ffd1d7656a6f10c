import { beforeAll, describe, it, expect } from 'vitest';
import { createModel } from '../../../src/models/registry.js';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import { ALL_PROBES } from '../../../src/resilience/probes/index.js';
import { redact, redactDeep, redactHeaders, registerSecret, REDACTED } from '../../../src/shared/redact.js';

const OPENAI = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';
const ANTHROPIC = 'sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';
const GOOGLE = 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q';
const GITHUB = 'ghp_1234567890abcdefghijABCDEFGHIJ123456';
const GITHUB_PAT = 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz';
const SLACK = 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
const HEX32 = '0123456789abcdef0123456789abcdef';
const UUID = '550e8400-e29b-41d4-a716-446655440000';

describe('redact', () => {
  it.each([
    [
      'an Authorization header line',
      'POST /mcp\r\nAuthorization: Bearer abc.def.ghi\r\nAccept: */*',
      'abc.def.ghi',
      'Authorization: Bearer [REDACTED]\r\nAccept: */*',
    ],
    [
      'a Proxy-Authorization header line',
      'Proxy-Authorization: Basic dXNlcjpwYXNz\n',
      'dXNlcjpwYXNz',
      'Proxy-Authorization: Basic [REDACTED]\n',
    ],
    [
      'an Authorization header in JSON',
      '{"authorization":"Token s3cr3t-value","accept":"*/*"}',
      's3cr3t-value',
      '{"authorization":"Token [REDACTED]","accept":"*/*"}',
    ],
    ['a bare bearer token', 'retrying with Bearer eyJhbGciOi.xyz== now', 'eyJhbGciOi', 'with Bearer [REDACTED] now'],
    [
      'a bearer token of letters alone, longer than a word',
      'sent Bearer abcdefghijklmnopqrst',
      'abcdefghijklmnopqrst',
      'sent Bearer [REDACTED]',
    ],
    ['an OpenAI key', `key is ${OPENAI}.`, OPENAI, `key is ${REDACTED}.`],
    ['an Anthropic key', `ANTHROPIC=${ANTHROPIC}`, ANTHROPIC, REDACTED],
    ['a Google key', `?x=1 ${GOOGLE}`, GOOGLE, REDACTED],
    ['a GitHub token', `token ${GITHUB}`, GITHUB, REDACTED],
    ['a GitHub fine-grained token', GITHUB_PAT, GITHUB_PAT, REDACTED],
    ['a Slack token', `"${SLACK}"`, SLACK, REDACTED],
    ['a hex secret after api_key=', `api_key=${HEX32}`, HEX32, `api_key=${REDACTED}`],
    [
      'a base64 secret after "clientSecret":',
      `{"clientSecret": "QWxhZGRpbjpvcGVuIHNlc2FtZQ0123456789+/=="}`,
      'QWxhZGRpbjpvcGVu',
      `"clientSecret": "${REDACTED}"`,
    ],
    ['a token after x-api-key:', `x-api-key: ${HEX32}${HEX32}`, HEX32, `x-api-key: ${REDACTED}`],
    ['a password of any length', '{"user":"ann","password":"hunter2"}', 'hunter2', `"password":"${REDACTED}"`],
    ['a Cookie header', 'Cookie: session=abc123; theme=dark\nHost: x', 'abc123', 'Cookie: [REDACTED]\nHost: x'],
    ['a Set-Cookie header', 'Set-Cookie: sid=xyz789; Path=/; HttpOnly', 'xyz789', `Set-Cookie: ${REDACTED}`],
    ['Set-Cookie values in JSON', '{"set-cookie":["sid=xyz789; Path=/","b=2"]}', 'xyz789', `{"set-cookie":["${REDACTED}","${REDACTED}"]}`],
    ['a token query parameter', 'GET https://api.example.com/mcp?access_token=tok123&page=2', 'tok123', `?access_token=${REDACTED}&page=2`],
    ['a key query parameter', 'https://x.test/v1?key=k-1&apikey=k-2#frag', 'k-', `?key=${REDACTED}&apikey=${REDACTED}#frag`],
    ['a password in a URL', 'connecting to postgres://admin:pa55word@db:5432/app', 'pa55word', `postgres://admin:${REDACTED}@db:5432/app`],
    ['a URL password containing @', 'https://bob:p@ss@host/x', 'ss', `https://bob:${REDACTED}@host/x`],
  ])('removes %s', (_kind, input, secret, expected) => {
    const out = redact(input);
    expect(out).not.toContain(secret);
    expect(out).toContain(expected);
  });

  it('leaves ordinary JSON-RPC untouched: ids, tool names, dates, UUIDs, progress tokens, schemas', () => {
    const messages = [
      `{"jsonrpc":"2.0","id":"${UUID}","method":"tools/call","params":{"name":"task-management-helper","arguments":{"since":"2026-07-28T10:20:30.123Z"},"_meta":{"progressToken":"${HEX32}"}}}`,
      `{"jsonrpc":"2.0","id":42,"result":{"tools":[{"name":"sk-learn-classifier-training","inputSchema":{"type":"object","properties":{"password":{"type":"string"},"apiKey":{"type":"string"}}}}]}}`,
      `{"requestId":"${UUID}","sessionToken":"${UUID}","cacheKey":"short","inputTokens":1234,"ttlMs":60000}`,
      'Mcp-Session-Id: 1868a90c-9f2d-4a0e-b9c1-0f8e6d2a4b7c\nMcp-Method: tools/call\nMcp-Name: search_docs',
      'WWW-Authenticate: Bearer realm="mcp", resource_metadata="https://example.com/.well-known/oauth-protected-resource"',
      'see https://example.com/docs?page=2&sort=asc and the authorization section',
      'a request without a token gets 401 with a Bearer challenge; a bearer token that is no token gets 401',
      'http://localhost:3000?email=ann@example.com',
    ];
    for (const message of messages) expect(redact(message)).toBe(message);
  });

  it('is idempotent, so redacting twice along a pipeline changes nothing more', () => {
    const input = `Authorization: Bearer abc\n{"password":"x","token":"${HEX32}"} ${OPENAI} ?token=t1`;
    const once = redact(input);
    expect(redact(once)).toBe(once);
    expect(once.match(/\[REDACTED\]/g)).toHaveLength(5);
  });
});

describe('registered secrets', () => {
  // Characters that differ between standard and URL-safe base64 (+ and /) and that percent-encoding changes.
  const TOKEN = 'tok?en/with+chars:42~x';
  const base64 = Buffer.from(TOKEN).toString('base64');
  const urlSafe = Buffer.from(TOKEN).toString('base64url');
  const padding = base64.slice(base64.replace(/=+$/, '').length);
  beforeAll(() => registerSecret(TOKEN));

  it('the forms under test are all different, and the base64 one needs the URL-safe alphabet', () => {
    const forms = [TOKEN, base64, urlSafe, urlSafe + padding, encodeURIComponent(TOKEN)];
    expect(new Set(forms).size).toBe(forms.length);
    expect(padding).not.toBe('');
    expect(base64).toMatch(/[+/]/);
  });

  it.each([
    ['as given', TOKEN],
    ['in standard base64', base64],
    ['in standard base64 without padding', base64.replace(/=+$/, '')],
    ['in URL-safe base64', urlSafe + padding],
    ['in URL-safe base64 without padding', urlSafe],
    ['percent-encoded', encodeURIComponent(TOKEN)],
  ])('are masked %s', (_form, echoed) => {
    expect(redact(`{"error":"token ${echoed} was rejected"}`)).toBe(`{"error":"token ${REDACTED} was rejected"}`);
  });

  it('a provider key is registered when its model is created, whatever its shape', () => {
    const key = 'local-key-not-vendor-shaped-7f3a';
    expect(redact(`rejected ${key}`)).toBe(`rejected ${key}`);
    createModel('openai-compatible:some-model', { baseUrl: 'http://127.0.0.1:9/v1', env: { OPENAI_COMPATIBLE_API_KEY: key } });
    expect(redact(`rejected ${key} (${Buffer.from(key).toString('base64')})`)).toBe(`rejected ${REDACTED} (${REDACTED})`);
  });
});

describe('redactHeaders', () => {
  it('masks credential headers by name, keeps the auth scheme and redacts inside the others', () => {
    const headers = {
      Authorization: 'Bearer abc.def',
      'x-api-key': 'anything-short',
      'set-cookie': ['a=1; Path=/', 'b=2'],
      'content-type': 'application/json',
      'mcp-session-id': UUID,
      referer: 'https://app.test/cb?token=leak&x=1',
      'x-absent': undefined,
    };
    expect(redactHeaders(headers)).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      'x-api-key': REDACTED,
      'set-cookie': [REDACTED, REDACTED],
      'content-type': 'application/json',
      'mcp-session-id': UUID,
      referer: `https://app.test/cb?token=${REDACTED}&x=1`,
      'x-absent': undefined,
    });
    expect(headers.Authorization).toBe('Bearer abc.def');
  });
});

describe('Basic credentials', () => {
  const PASSWORD = 'open/sesame+42';
  beforeAll(() => registerSecret(`bAsIc ${Buffer.from(`aladdin:${PASSWORD}`).toString('base64')}`));

  it.each([
    ['the decoded pair', `aladdin:${PASSWORD}`],
    ['the password alone', PASSWORD],
    ['the password in base64', Buffer.from(PASSWORD).toString('base64')],
    ['the password percent-encoded', encodeURIComponent(PASSWORD)],
  ])('are masked: %s', (_form, echoed) => {
    expect(redact(`the server decoded ${echoed}.`)).toBe(`the server decoded ${REDACTED}.`);
  });

  it('the user name alone is not a secret, and a value that is not Basic is not decoded', () => {
    expect(redact('signed in as aladdin')).toBe('signed in as aladdin');
    const notBasic = Buffer.from('user:hunter22').toString('base64');
    registerSecret(`Bearer ${notBasic}`);
    expect(redact('hunter22')).toBe('hunter22');
  });
});

describe('registered secrets written with JSON escapes', () => {
  // Its base64 has a `/` too, which a JSON encoder may write `\/`.
  const TOKEN = 'e??/aped"tok\\en-77';
  const u = (text: string, upper = false): string =>
    [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')[upper ? 'toUpperCase' : 'toLowerCase']()}`).join('');
  const standard = JSON.stringify(TOKEN).slice(1, -1);
  beforeAll(() => registerSecret(TOKEN));

  it.each([
    ['as JSON.stringify writes it', standard],
    ['with \\/ for /', standard.replace('/', '\\/')],
    ['every character as \\uXXXX', u(TOKEN)],
    ['every character as \\uXXXX, upper-case hex', u(TOKEN, true)],
    ['some characters escaped', `${u('e??')}\\/aped\\u0022tok\\\\en-${u('7')}7`],
    ['escaped twice (a JSON text inside a JSON string)', JSON.stringify(u(TOKEN)).slice(1, -1)],
    ['escaped three times', JSON.stringify(JSON.stringify(standard.replace('/', '\\/')).slice(1, -1)).slice(1, -1)],
    ['in base64, with \\/ for its slashes', Buffer.from(TOKEN).toString('base64').replace(/\//g, '\\/')],
  ])('are masked %s', (_form, echoed) => {
    expect(echoed).not.toContain(TOKEN);
    expect(echoed).not.toContain(Buffer.from(TOKEN).toString('base64'));
    expect(redact(`{"error":"token ${echoed} was rejected"}`)).toBe(`{"error":"token ${REDACTED} was rejected"}`);
  });

  it('leaves other escapes, and text near a secret, as they were', () => {
    const text = `{"a":"line\\nbreak \\u00e9t\\u00e9 C:\\\\dir\\/file","b":"${u('e??/aped"tok\\en-7')}"}`;
    expect(redact(text)).toBe(text);
    const twice = `${u(TOKEN)} and ${u(TOKEN)}\\n`;
    expect(redact(twice)).toBe(`${REDACTED} and ${REDACTED}\\n`);
    expect(redact(redact(twice))).toBe(redact(twice));
  });
});

describe("mcpgate's own words", () => {
  it('every check and probe keeps its title and fix through the mask every report is written through', () => {
    const own = [...ALL_CHECKS, ...ALL_PROBES].flatMap((check) => [check.title, ...('fix' in check && check.fix ? [check.fix] : [])]);
    expect(own.length).toBeGreaterThan(ALL_CHECKS.length);
    expect(own.filter((text) => redact(text) !== text)).toEqual([]);
  });
});

describe('redactDeep', () => {
  it('masks a string each time it recurs, as a key and as a value, and remembers nothing from one walk to the next', () => {
    const token = 'opaque-value-0f3a9c1e77b2d4';
    const report = (): unknown => ({ a: token, b: [token, { [token]: token }], c: `${token}`.slice(0) });
    const shown = JSON.stringify(redactDeep(report()));
    expect(shown.split(token).length - 1).toBe(5);
    registerSecret(token);
    expect(JSON.stringify(redactDeep(report()))).toBe(shown.replaceAll(token, REDACTED));
  });
});
