/** `server/discover`: the entry point of every 2026-07-28 server (server/discover, basic/versioning). */

import { ErrorCode, HEADERS, META, PROTOCOL_VERSION } from '../../spec/protocol.js';
import { validateResult } from '../../spec/validate.js';
import { defineChecks, pass, violated } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { errorDataOf, expectError, expectedErrorText, expectResult } from './expect.js';

const UNSUPPORTED = '1900-01-01';

/**
 * What is true of the official TypeScript SDK v2 (2.4.0) over stdio: serveStdio() reads the version of
 * the connection's opening message only, so this request, which is not the first, is served whatever it names.
 */
const STDIO_VERSION_FIX =
  "reject versions the server does not serve with -32022 on every request, not only the first. With the official TypeScript SDK v2 this is its stdio transport, not your code: serveStdio() reads the version of a connection's first message only and serves later requests whatever version they name; that needs a change in the SDK";

export const discoverChecks = defineChecks('discover', [
  {
    id: 'discover.responds',
    title: 'server/discover answers with a result',
    level: 'MUST',
    spec: 'server/discover',
    async run(ctx) {
      return pass('server/discover answered with a result', [evidenceOf(ctx.discover.exchange, 'a DiscoverResult', 'server/discover')]);
    },
  },
  {
    id: 'discover.supported-versions',
    title: `supportedVersions contains ${PROTOCOL_VERSION}`,
    level: 'MUST',
    spec: 'basic/versioning',
    async run(ctx) {
      const versions = ctx.discover.result.supportedVersions;
      const evidence = [evidenceOf(ctx.discover.exchange, `supportedVersions containing "${PROTOCOL_VERSION}"`, 'server/discover')];
      if (!Array.isArray(versions) || !versions.every((v) => typeof v === 'string')) {
        return violated(
          `supportedVersions is ${JSON.stringify(versions)}, expected an array of version strings`,
          evidence,
          'return supportedVersions as a string array in the DiscoverResult',
        );
      }
      if (!versions.includes(PROTOCOL_VERSION)) {
        return violated(
          `supportedVersions ${JSON.stringify(versions)} does not contain "${PROTOCOL_VERSION}", the version mcpgate speaks, although the server answered a ${PROTOCOL_VERSION} request`,
          evidence,
          `list "${PROTOCOL_VERSION}" in supportedVersions`,
        );
      }
      return pass(`supportedVersions ${JSON.stringify(versions)}`, evidence);
    },
  },
  {
    id: 'discover.result-shape',
    title: 'the DiscoverResult has the shape the schema requires',
    level: 'MUST',
    spec: 'server/discover',
    async run(ctx) {
      const issues = validateResult('server/discover', ctx.discover.result);
      const evidence = [evidenceOf(ctx.discover.exchange, 'a DiscoverResult valid against the 2026-07-28 schema', 'server/discover')];
      if (issues.length > 0) {
        return violated(
          `DiscoverResult does not match the schema: ${issues
            .slice(0, 3)
            .map((i) => `${i.path || '(root)'} ${i.message}`)
            .join('; ')}`,
          evidence,
        );
      }
      return pass('DiscoverResult matches the schema', evidence);
    },
  },
  {
    id: 'discover.unsupported-version',
    title: 'an unsupported version gets -32022 with data.supported and data.requested',
    level: 'MUST',
    spec: 'basic/versioning',
    async run(ctx) {
      const exchange = await ctx.client.request(
        'server/discover',
        {},
        {
          protocolVersion: UNSUPPORTED,
          headers: { [HEADERS.protocolVersion]: UNSUPPORTED },
        },
      );
      const expected = `${expectedErrorText(ErrorCode.UnsupportedProtocolVersion, 400, ctx.transport)}, error.data.supported (string[]) and error.data.requested "${UNSUPPORTED}"`;
      const evidence = [evidenceOf(exchange, expected, `server/discover with ${META.protocolVersion} ${UNSUPPORTED}`)];
      const judged = expectError(exchange, ErrorCode.UnsupportedProtocolVersion, 400);
      if (!judged.ok)
        return violated(
          `expected ${expectedErrorText(ErrorCode.UnsupportedProtocolVersion, 400, ctx.transport)}, got ${judged.seen}`,
          evidence,
          ctx.transport === 'stdio' && expectResult(exchange).ok
            ? STDIO_VERSION_FIX
            : 'reject versions the server does not serve with -32022 (HTTP 400)',
        );
      const data = errorDataOf(exchange);
      const supported = data?.supported;
      if (!Array.isArray(supported) || supported.length === 0 || !supported.every((v) => typeof v === 'string')) {
        return violated(
          `error.data.supported is ${JSON.stringify(supported)}, expected a non-empty array of version strings`,
          evidence,
          'put the versions the server serves in error.data.supported',
        );
      }
      if (data?.requested !== UNSUPPORTED) {
        return violated(
          `error.data.requested is ${JSON.stringify(data?.requested)}, expected "${UNSUPPORTED}"`,
          evidence,
          'echo the requested version in error.data.requested',
        );
      }
      const advertised = ctx.discover.result.supportedVersions;
      if (Array.isArray(advertised) && JSON.stringify([...supported].sort()) !== JSON.stringify([...advertised].sort())) {
        return violated(
          `error.data.supported ${JSON.stringify(supported)} disagrees with discover supportedVersions ${JSON.stringify(advertised)}`,
          evidence,
        );
      }
      return pass(`-32022 with supported ${JSON.stringify(supported)} and requested "${UNSUPPORTED}"`, evidence);
    },
  },
]);
