/** "An unknown tool / prompt gets -32602": one probe shape for every named primitive. */

import { ErrorCode } from '../../spec/protocol.js';
import { pass, skip, violated, type CheckDefinition } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { expectError, uniqueId } from './expect.js';

export function unknownNameCheck(spec: {
  id: string;
  kind: 'tool' | 'prompt';
  capability: string;
  method: string;
  page: string;
}): Omit<CheckDefinition, 'area'> {
  return {
    id: spec.id,
    title: `${spec.method} with an unknown ${spec.kind} name gets JSON-RPC error -32602`,
    level: 'SHOULD',
    spec: spec.page,
    async run(ctx) {
      if (!ctx.hasCapability(spec.capability)) return skip(`the server does not declare the ${spec.capability} capability`);
      const name = `__no_such_${spec.kind}_${uniqueId('x')}`;
      const exchange = await ctx.client.request(spec.method, { name, arguments: {} });
      const judged = expectError(exchange, ErrorCode.InvalidParams);
      const evidence = [evidenceOf(exchange, `JSON-RPC error ${ErrorCode.InvalidParams}`, `${spec.method} ${name}`)];
      if (judged.ok) return pass(`unknown ${spec.kind}: ${judged.seen}`, evidence);
      return violated(
        `an unknown ${spec.kind} should be a JSON-RPC error -32602; got ${judged.seen}`,
        evidence,
        `answer unknown ${spec.kind} names with -32602`,
      );
    },
  };
}
