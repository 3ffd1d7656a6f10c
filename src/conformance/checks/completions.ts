/** completion/complete behind the completions capability (server/utilities/completion). */

import { ErrorCode } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { defineChecks, pass, skip, violated } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { expectError, expectedErrorText, resultOf } from './expect.js';

/** Something to complete: the first prompt argument, else the first template variable. */
async function completionTarget(ctx: CheckContext): Promise<{ ref: Record<string, unknown>; argument: string } | undefined> {
  if (ctx.hasCapability('prompts')) {
    for (const prompt of (await ctx.list('prompts/list')).items) {
      const arg = Array.isArray(prompt.arguments) ? prompt.arguments.find((a) => isRecord(a) && typeof a.name === 'string') : undefined;
      if (arg) return { ref: { type: 'ref/prompt', name: prompt.name }, argument: (arg as { name: string }).name };
    }
  }
  if (ctx.hasCapability('resources')) {
    for (const template of (await ctx.list('resources/templates/list')).items) {
      const variable = typeof template.uriTemplate === 'string' ? /\{[+#./;?&]?([A-Za-z0-9_]+)/.exec(template.uriTemplate)?.[1] : undefined;
      if (variable) return { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: variable };
    }
  }
  return undefined;
}

export const completionChecks = defineChecks('completions', [
  {
    id: 'completions.complete',
    title: 'completion/complete is served when completions is declared, and answers -32601 when it is not',
    level: 'MUST',
    spec: 'server/utilities/completion',
    async run(ctx) {
      if (!ctx.hasCapability('completions')) {
        const exchange = await ctx.client.request('completion/complete', {
          ref: { type: 'ref/prompt', name: 'mcpgate-probe' },
          argument: { name: 'x', value: '' },
        });
        const expected = expectedErrorText(ErrorCode.MethodNotFound, 404, ctx.transport);
        const judged = expectError(exchange, ErrorCode.MethodNotFound, 404);
        const evidence = [evidenceOf(exchange, expected, 'completion/complete without the capability')];
        return judged.ok
          ? pass(`completions not declared: ${judged.seen}`, evidence)
          : violated(
              `completions is not declared, so completion/complete should get ${expected}; got ${judged.seen}`,
              evidence,
              'declare the completions capability, or answer completion/complete with -32601',
            );
      }
      const target = await completionTarget(ctx);
      if (!target) return skip('completions is declared but there is no prompt argument or template variable to complete');
      const exchange = await ctx.client.request('completion/complete', { ref: target.ref, argument: { name: target.argument, value: '' } });
      const evidence = [
        evidenceOf(
          exchange,
          'a result with completion.values (a string array of at most 100)',
          `completion/complete for ${target.argument}`,
        ),
      ];
      const result = resultOf(exchange);
      const completion = isRecord(result?.completion) ? result.completion : undefined;
      if (!result)
        return violated(
          `completions is declared but completion/complete failed: ${expectError(exchange, ErrorCode.MethodNotFound).seen}`,
          evidence,
          'serve completion/complete, or do not declare the completions capability',
        );
      if (!completion || !Array.isArray(completion.values))
        return violated('the completion result has no completion.values array', evidence);
      return pass(`completion/complete returned ${completion.values.length} value(s) for ${target.argument}`, evidence);
    },
  },
]);
