/** Pagination and capability gates (server/utilities/pagination, server/discover). */

import type { Evidence } from '../../report/model.js';
import { CAPABILITY_METHODS, ErrorCode, PAGINATED_METHODS } from '../../spec/protocol.js';
import { defineChecks, pass, skip, violated } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { resultOf } from './expect.js';
import { expectError, expectedErrorText, uniqueId } from './expect.js';

const CAPABILITY_OF_METHOD: Record<string, string> = Object.fromEntries(
  Object.entries(CAPABILITY_METHODS).flatMap(([capability, methods]) => methods.map((m) => [m, capability])),
);

function itemKey(item: Record<string, unknown>): string {
  return String(item.name ?? item.uri ?? item.uriTemplate ?? JSON.stringify(item));
}

/** Keys seen more than once, in one pass: a list holds up to --max-list-items entries. */
function repeatedKeys(items: ReadonlyArray<Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const item of items) {
    const key = itemKey(item);
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return [...repeated];
}

export const listChecks = defineChecks('lists', [
  {
    id: 'pagination.follow',
    title: 'paginated lists end, repeat no item, and keep one cacheScope across pages',
    level: 'MUST',
    spec: 'server/utilities/pagination',
    async run(ctx) {
      const methods = Object.keys(PAGINATED_METHODS).filter((m) => ctx.hasCapability(CAPABILITY_OF_METHOD[m] ?? ''));
      if (methods.length === 0) return skip('the server declares no capability with a paginated list');
      const problems: string[] = [];
      const evidence: Evidence[] = [];
      const capped: string[] = [];
      let pages = 0;
      let items = 0;
      for (const method of methods) {
        const listing = await ctx.list(method);
        if (listing.pages[0] && !resultOf(listing.pages[0])) continue; // not served at all: capabilities.gates reports it
        pages += listing.pages.length;
        items += listing.items.length;
        const last = listing.pages[listing.pages.length - 1];
        if (listing.problem) {
          problems.push(`${method}: ${listing.problem}`);
          if (last) evidence.push(evidenceOf(last, 'a page without nextCursor eventually', method));
          continue;
        }
        // What was read is judged even when mcpgate stopped early; whether the list ends is not.
        if (listing.capped) capped.push(listing.capped);
        const dupes = repeatedKeys(listing.items);
        if (dupes.length > 0) problems.push(`${method}: items repeat across pages (${dupes.slice(0, 3).join(', ')})`);
        const scopes = new Set(listing.pages.map((p) => resultOf(p)?.cacheScope).filter((s) => s !== undefined));
        if (scopes.size > 1) {
          problems.push(`${method}: pages use different cacheScope values ${JSON.stringify([...scopes])}`);
          evidence.push(
            ...listing.pages.slice(0, 2).map((p, i) => evidenceOf(p, 'the same cacheScope on every page', `${method} page ${i + 1}`)),
          );
        }
      }
      if (problems.length > 0)
        return violated(
          problems.join(' | '),
          evidence.slice(0, 3),
          'return a finite sequence of pages with distinct items and one cacheScope',
        );
      if (capped.length > 0)
        return skip(
          `whether every list ends could not be judged: ${capped.join(' | ')}; the ${items} item(s) over ${pages} page(s) read repeat nothing and keep one cacheScope`,
        );
      return pass(`${methods.length} list(s) read completely over ${pages} page(s)`);
    },
  },
  {
    id: 'pagination.invalid-cursor',
    title: 'an invalid cursor gets -32602',
    level: 'SHOULD',
    spec: 'server/utilities/pagination#error-handling',
    async run(ctx) {
      const method = Object.keys(PAGINATED_METHODS).find((m) => ctx.hasCapability(CAPABILITY_OF_METHOD[m] ?? ''));
      if (!method) return skip('the server declares no capability with a paginated list');
      const cursor = `not-a-real-cursor-${uniqueId('c')}`;
      const exchange = await ctx.client.request(method, { cursor });
      const judged = expectError(exchange, ErrorCode.InvalidParams);
      const evidence = [evidenceOf(exchange, `JSON-RPC error ${ErrorCode.InvalidParams}`, `${method} with cursor "${cursor}"`)];
      return judged.ok
        ? pass(`invalid cursor: ${judged.seen}`, evidence)
        : violated(
            `an invalid cursor should get -32602; got ${judged.seen}`,
            evidence,
            'reject cursors the server did not issue with -32602',
          );
    },
  },
  {
    id: 'capabilities.gates',
    title: 'declared capabilities are served; undeclared ones answer -32601 (HTTP 404)',
    level: 'MUST',
    spec: 'server/discover',
    async run(ctx) {
      const problems: string[] = [];
      const evidence: Evidence[] = [];
      const seen: string[] = [];
      for (const [capability, methods] of Object.entries(CAPABILITY_METHODS)) {
        for (const method of methods) {
          if (ctx.hasCapability(capability)) {
            // Whether the method is served at all; how its pages behave is pagination.follow's concern.
            const first = (await ctx.list(method)).pages[0];
            seen.push(`${method} served`);
            if (first && !resultOf(first)) {
              problems.push(`${capability} is declared but ${method} got ${first.error?.message ?? 'no result'}`);
              evidence.push(evidenceOf(first, `a ${method} result`, method));
            }
          } else {
            const exchange = await ctx.client.request(method);
            const judged = expectError(exchange, ErrorCode.MethodNotFound, 404);
            seen.push(`${method} refused`);
            if (!judged.ok) {
              problems.push(
                `${capability} is not declared, so ${method} should get ${expectedErrorText(ErrorCode.MethodNotFound, 404, ctx.transport)}; got ${judged.seen}`,
              );
              evidence.push(evidenceOf(exchange, expectedErrorText(ErrorCode.MethodNotFound, 404, ctx.transport), method));
            }
          }
        }
      }
      if (problems.length > 0)
        return violated(problems.join(' | '), evidence.slice(0, 3), 'declare exactly the capabilities whose methods the server serves');
      return pass(seen.join(', '));
    },
  },
]);
