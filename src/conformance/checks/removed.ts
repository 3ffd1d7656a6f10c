/** Methods removed from core by 2026-07-28 answer as unknown methods (changelog). */

import { ErrorCode, LEGACY_VERSIONS, REMOVED_METHODS } from '../../spec/protocol.js';
import { CLIENT_INFO } from '../../wire/modern-client.js';
import { defineChecks, pass, skip, violated, type CheckDefinition } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { errorDataOf, expectError, expectedErrorText } from './expect.js';

const PARAMS: Record<string, Record<string, unknown>> = {
  initialize: { protocolVersion: LEGACY_VERSIONS[0], capabilities: {}, clientInfo: CLIENT_INFO },
  'logging/setLevel': { level: 'info' },
  'resources/subscribe': { uri: 'urn:mcpgate:probe' },
  'resources/unsubscribe': { uri: 'urn:mcpgate:probe' },
};

function removedMethodCheck(method: (typeof REMOVED_METHODS)[number]): Omit<CheckDefinition, 'area'> {
  return {
    id: `removed.${method
      .replace(/\//g, '-')
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase()}`,
    title: `the removed method ${method} is answered as an unknown method (-32601)`,
    level: 'MUST',
    spec: 'changelog',
    async run(ctx) {
      const versions = Array.isArray(ctx.discover.result.supportedVersions) ? ctx.discover.result.supportedVersions : [];
      if (method === 'initialize' && versions.some((v) => (LEGACY_VERSIONS as readonly unknown[]).includes(v))) {
        return skip(`the server also lists legacy versions (${versions.join(', ')}), so it may serve initialize`);
      }
      // A dual-era stdio server may switch its connection to the old era on initialize; a connection
      // no other check uses keeps that from leaking into them (and one that served initialize is
      // never handed on: it is clean only when initialize was refused).
      const exchange =
        method === 'initialize'
          ? await ctx.isolated((client) => client.request(method, PARAMS[method] ?? {}), {
              http: 'shared',
              clean: (answer) => expectError(answer, ErrorCode.MethodNotFound, 404).ok,
            })
          : await ctx.client.request(method, PARAMS[method] ?? {});
      const expected = expectedErrorText(ErrorCode.MethodNotFound, 404, ctx.transport);
      const judged = expectError(exchange, ErrorCode.MethodNotFound, 404);
      const evidence = [evidenceOf(exchange, expected, method)];
      if (!judged.ok)
        return violated(
          `${method} was removed in this revision and should get ${expected}; got ${judged.seen}`,
          evidence,
          `answer ${method} with -32601${ctx.transport === 'http' ? ' and HTTP 404' : ''}`,
        );
      if (method === 'initialize' && !Array.isArray(errorDataOf(exchange)?.supported)) {
        return pass(
          `${judged.seen} (a modern-only server should also list its versions in error.data.supported, so old clients learn what to speak)`,
          evidence,
        );
      }
      return pass(`${method}: ${judged.seen}`, evidence);
    },
  };
}

export const removedChecks = defineChecks('removed', REMOVED_METHODS.map(removedMethodCheck));
