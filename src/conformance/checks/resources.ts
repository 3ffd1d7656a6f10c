/** Resources and prompts: happy paths and not-found errors (server/resources, server/prompts). */

import { ErrorCode } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { isErrorResponse } from '../../wire/jsonrpc.js';
import { defineChecks, pass, skip, violated, warn, type CheckDefinition } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { expectError, resultOf, uniqueId } from './expect.js';
import { templateReadCheck } from './template-read.js';
import { unknownNameCheck } from './unknown-name.js';

function listCheck(id: string, method: string, capability: string, key: string, spec: string): Omit<CheckDefinition, 'area'> {
  return {
    id,
    title: `${method} answers with a ${key} array`,
    level: 'MUST',
    spec,
    async run(ctx: CheckContext) {
      if (!ctx.hasCapability(capability)) return skip(`the server does not declare the ${capability} capability`);
      const listing = await ctx.list(method);
      const evidence = listing.pages[0] ? [evidenceOf(listing.pages[0], `a result with a "${key}" array`, method)] : [];
      if (listing.problem)
        return violated(`${method}: ${listing.problem}`, evidence, `serve ${method} because the ${capability} capability is declared`);
      if (listing.capped && listing.items.length === 0) return skip(`${method} could not be read: ${listing.capped}`);
      const stopped = listing.capped ? ` (reading stopped early: ${listing.capped})` : '';
      return pass(`${method} listed ${listing.items.length} item(s) over ${listing.pages.length} page(s)${stopped}`, evidence);
    },
  };
}

export const resourceChecks = defineChecks('resources', [
  listCheck('resources.list', 'resources/list', 'resources', 'resources', 'server/resources#listing-resources'),
  listCheck(
    'resources.templates-list',
    'resources/templates/list',
    'resources',
    'resourceTemplates',
    'server/resources#resource-templates',
  ),
  {
    id: 'resources.read',
    title: 'resources/read returns contents for a listed resource',
    level: 'MUST',
    spec: 'server/resources#reading-resources',
    async run(ctx) {
      if (!ctx.hasCapability('resources')) return skip('the server does not declare the resources capability');
      const listing = await ctx.list('resources/list');
      const first = listing.items.find((r) => typeof r.uri === 'string');
      if (!first) return skip('the server lists no resources to read');
      const uri = first.uri as string;
      const exchange = await ctx.client.request('resources/read', { uri });
      const evidence = [
        evidenceOf(
          exchange,
          'a result with a non-empty contents array whose entries carry the uri and text or blob',
          `resources/read ${uri}`,
        ),
      ];
      const result = resultOf(exchange);
      if (!result)
        return violated(
          `reading the listed resource ${uri} failed: ${isErrorResponse(exchange.response) ? `error ${exchange.response.error.code} ${exchange.response.error.message}` : (exchange.error?.message ?? 'no result')}`,
          evidence,
        );
      if (result.resultType === 'input_required')
        return pass(`resources/read ${uri} asked for input (input_required), which the spec allows`, evidence);
      if (!Array.isArray(result.contents) || result.contents.length === 0)
        return violated(`resources/read ${uri} returned no contents`, evidence, 'return the resource in contents[] with text or blob');
      return pass(`resources/read ${uri} returned ${result.contents.length} content item(s)`, evidence);
    },
  },
  templateReadCheck,
  {
    id: 'resources.not-found',
    title: 'reading an unknown resource gets -32602, never -32002 or empty contents',
    level: 'MUST',
    spec: 'server/resources#error-handling',
    async run(ctx) {
      if (!ctx.hasCapability('resources')) return skip('the server does not declare the resources capability');
      const uri = `urn:mcpgate:missing:${uniqueId('r')}`;
      const exchange = await ctx.client.request('resources/read', { uri });
      const evidence = [evidenceOf(exchange, `JSON-RPC error ${ErrorCode.InvalidParams} (data.uri recommended)`, `resources/read ${uri}`)];
      const judged = expectError(exchange, ErrorCode.InvalidParams);
      if (judged.ok) return pass(`missing resource: ${judged.seen}`, evidence);
      const result = resultOf(exchange);
      if (result)
        return violated(
          `a missing resource was answered with a result (${Array.isArray(result.contents) && result.contents.length === 0 ? 'empty contents' : 'contents'}) instead of error -32602`,
          evidence,
          'answer unknown resource URIs with -32602 and data.uri',
        );
      return violated(
        `a missing resource should get -32602; got ${judged.seen}`,
        evidence,
        'answer unknown resource URIs with -32602 (not the 2025-era -32002)',
      );
    },
  },
]);

/** The names of a listed prompt's required arguments, in listing order. */
function requiredArguments(prompt: Record<string, unknown>): string[] {
  const declared = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  return declared.flatMap((arg) => (isRecord(arg) && arg.required === true && typeof arg.name === 'string' ? [arg.name] : []));
}

export const promptChecks = defineChecks('prompts', [
  listCheck('prompts.list', 'prompts/list', 'prompts', 'prompts', 'server/prompts#listing-prompts'),
  {
    id: 'prompts.get',
    title: 'prompts/get returns messages for a listed prompt',
    level: 'MUST',
    spec: 'server/prompts#getting-a-prompt',
    async run(ctx) {
      if (!ctx.hasCapability('prompts')) return skip('the server does not declare the prompts capability');
      const listing = await ctx.list('prompts/list');
      const prompt = listing.items.find((p) => typeof p.name === 'string');
      if (!prompt) return skip('the server lists no prompts');
      const args: Record<string, string> = {};
      for (const arg of Array.isArray(prompt.arguments) ? prompt.arguments : []) {
        if (isRecord(arg) && arg.required === true) args[String(arg.name)] = 'example';
      }
      const exchange = await ctx.client.request('prompts/get', { name: prompt.name, arguments: args });
      const evidence = [evidenceOf(exchange, 'a result with a messages array', `prompts/get ${String(prompt.name)}`)];
      const result = resultOf(exchange);
      if (!result) {
        // Placeholder argument values may be legitimately rejected by the prompt itself.
        if (Object.keys(args).length > 0 && expectError(exchange, ErrorCode.InvalidParams).ok)
          return skip(`prompt ${String(prompt.name)} rejected placeholder arguments; it could not be exercised black-box`);
        return violated(
          `prompts/get ${String(prompt.name)} failed: ${exchange.error?.message ?? JSON.stringify((exchange.response as { error?: unknown } | undefined)?.error)}`,
          evidence,
        );
      }
      if (result.resultType === 'input_required')
        return pass(`prompts/get ${String(prompt.name)} asked for input (input_required)`, evidence);
      if (!Array.isArray(result.messages)) return violated(`prompts/get ${String(prompt.name)} returned no messages array`, evidence);
      return pass(`prompts/get ${String(prompt.name)} returned ${result.messages.length} message(s)`, evidence);
    },
  },
  {
    id: 'prompts.get-missing-argument',
    title: 'prompts/get without a required argument gets -32602',
    level: 'SHOULD',
    spec: 'server/prompts#error-handling',
    async run(ctx) {
      if (!ctx.hasCapability('prompts')) return skip('the server does not declare the prompts capability');
      const prompt = (await ctx.list('prompts/list')).items.find((p) => typeof p.name === 'string' && requiredArguments(p).length > 0);
      if (!prompt) return skip('no listed prompt has a required argument');
      const [dropped, ...rest] = requiredArguments(prompt);
      const args = Object.fromEntries(rest.map((name) => [name, 'example']));
      const exchange = await ctx.client.request('prompts/get', { name: prompt.name, arguments: args });
      const name = String(prompt.name);
      const evidence = [evidenceOf(exchange, `JSON-RPC error ${ErrorCode.InvalidParams}`, `prompts/get ${name} without "${dropped}"`)];
      const judged = expectError(exchange, ErrorCode.InvalidParams);
      if (judged.ok) return pass(`prompts/get ${name} without the required "${dropped}": ${judged.seen}`, evidence);
      const result = resultOf(exchange);
      if (result?.resultType === 'input_required')
        return warn(
          `prompts/get ${name} without the required "${dropped}" asked for input (input_required) instead of answering -32602; the spec names -32602`,
          evidence,
        );
      return violated(
        `prompts/get ${name} without the required argument "${dropped}" should get -32602; got ${result ? 'a result, as if the argument were optional' : judged.seen}`,
        evidence,
        'check that every argument the prompt lists as required is present, and answer -32602 naming the missing one',
      );
    },
  },
  unknownNameCheck({
    id: 'prompts.not-found',
    kind: 'prompt',
    capability: 'prompts',
    method: 'prompts/get',
    page: 'server/prompts#error-handling',
  }),
]);
