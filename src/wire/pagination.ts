/** Reads every page of a paginated list (tools/list, prompts/list, …), bounded and loop-safe. */

import { PAGINATED_METHODS } from '../spec/protocol.js';
import type { Exchange } from './exchange.js';
import { isObject, isResultResponse } from './jsonrpc.js';

export interface ListOutcome {
  items: Record<string, unknown>[];
  pages: Exchange[];
  /** Why the list could not be read completely, if it could not. */
  problem?: string;
}

/** Pages of one list read before mcpgate stops: a server can hand out new cursors forever. */
export const MAX_PAGES = 50;

/** Items of one list kept, over all its pages: each is compiled, fingerprinted and compared by the checks. */
export const MAX_LIST_ITEMS = 10_000;

/** Anything that can send one request and return the exchange (modern or legacy client). */
export interface PageRequester {
  request(method: string, params?: Record<string, unknown>): Promise<Exchange>;
}

export async function readAllPages(client: PageRequester, method: string): Promise<ListOutcome> {
  const key = PAGINATED_METHODS[method] ?? 'items';
  const items: Record<string, unknown>[] = [];
  const pages: Exchange[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await client.request(method, cursor === undefined ? {} : { cursor });
    pages.push(exchange);
    if (!isResultResponse(exchange.response)) {
      return { items, pages, problem: exchange.error?.message ?? `${method} did not return a result` };
    }
    const result = exchange.response.result;
    const pageItems = result[key];
    if (!Array.isArray(pageItems)) return { items, pages, problem: `${method} result has no "${key}" array` };
    for (const item of pageItems) {
      if (!isObject(item)) continue;
      if (items.length === MAX_LIST_ITEMS) {
        const problem = `the list has more than ${MAX_LIST_ITEMS} items, mcpgate's cap on one list; the rest was not read`;
        return { items, pages, problem };
      }
      items.push(item);
    }
    const next = result.nextCursor;
    if (next === undefined || next === null) return { items, pages };
    if (typeof next !== 'string') return { items, pages, problem: `nextCursor is ${typeof next}, not a string` };
    if (seenCursors.has(next)) return { items, pages, problem: `nextCursor "${next.slice(0, 40)}" repeats: the pagination loops` };
    seenCursors.add(next);
    cursor = next;
  }
  return { items, pages, problem: `pagination did not end within ${MAX_PAGES} pages, mcpgate's cap on one list` };
}
