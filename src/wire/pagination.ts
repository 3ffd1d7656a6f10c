/** Reads every page of a paginated list (tools/list, prompts/list, …), bounded and loop-safe. */

import { PAGINATED_METHODS } from '../spec/protocol.js';
import type { Exchange } from './exchange.js';
import { isRecord } from '../shared/guards.js';
import { isResultResponse } from './jsonrpc.js';
import { roundTo } from '../shared/numbers.js';

export interface ListOutcome {
  items: Record<string, unknown>[];
  pages: Exchange[];
  /** Why the list could not be read completely because of the server (an error, a looping cursor), if so. */
  problem?: string;
  /**
   * Set when mcpgate stopped at one of its own limits (items, pages, --timeout, --max-response-bytes):
   * the list is incomplete, which says nothing about the server. Names the limit and what raises it.
   */
  capped?: string;
}

/** Items of one list kept, over all its pages: each is compiled, fingerprinted and compared by the checks. */
export const MAX_LIST_ITEMS = 10_000;

/**
 * Bytes of one list kept, over all its pages (the response bodies as received). Every page is within
 * --max-response-bytes, but a list may go on for thousands of them: this bounds what a list costs in
 * memory (each byte kept is parsed, compiled and compared by the checks, several times over).
 */
export const MAX_LIST_BYTES = 16 * 1024 * 1024;

/** The flag that raises the byte cap, named wherever the cap is reported. */
export const MAX_LIST_BYTES_FLAG = '--max-list-bytes';

/** Anything that can send one request and return the exchange (modern or legacy client). */
export interface PageRequester {
  request(method: string, params?: Record<string, unknown>): Promise<Exchange>;
}

export interface PageLimits {
  /** Items kept over all pages (--max-list-items); pages are capped at the same number, so a list of one item a page ends at the item cap. */
  maxItems?: number;
  /** Bytes of response bodies read over all pages (--max-list-bytes): no page is requested past it. */
  maxBytes?: number;
}

/** The flag that raises the item cap, named wherever the cap is reported. */
export const MAX_LIST_ITEMS_FLAG = '--max-list-items';

export async function readAllPages(client: PageRequester, method: string, limits: PageLimits = {}): Promise<ListOutcome> {
  const maxItems = limits.maxItems ?? MAX_LIST_ITEMS;
  const maxBytes = limits.maxBytes ?? MAX_LIST_BYTES;
  let bytes = 0;
  const key = PAGINATED_METHODS[method] ?? 'items';
  const items: Record<string, unknown>[] = [];
  const pages: Exchange[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxItems; page++) {
    const exchange = await client.request(method, cursor === undefined ? {} : { cursor });
    pages.push(exchange);
    bytes += Buffer.byteLength(exchange.bodyText);
    if (!isResultResponse(exchange.response)) {
      const error = exchange.error;
      if (error && !exchange.response && (error.kind === 'timeout' || error.kind === 'too-large'))
        return { items, pages, capped: `page ${page + 1} of ${method}: ${error.message}` };
      return { items, pages, problem: error?.message ?? `${method} did not return a result` };
    }
    const result = exchange.response.result;
    const pageItems = result[key];
    if (!Array.isArray(pageItems)) return { items, pages, problem: `${method} result has no "${key}" array` };
    for (const item of pageItems) {
      if (!isRecord(item)) continue;
      if (items.length === maxItems) return { items, pages, capped: itemCapMessage(method, maxItems) };
      items.push(item);
    }
    const next = result.nextCursor;
    if (next === undefined || next === null) return { items, pages };
    if (typeof next !== 'string') return { items, pages, problem: `nextCursor is ${typeof next}, not a string` };
    if (seenCursors.has(next)) return { items, pages, problem: `nextCursor "${next.slice(0, 40)}" repeats: the pagination loops` };
    if (bytes >= maxBytes) return { items, pages, capped: byteCapMessage(method, page + 1, items.length, bytes, maxBytes) };
    seenCursors.add(next);
    cursor = next;
  }
  return {
    items,
    pages,
    capped: `${method} had not ended after ${maxItems} pages (${items.length} items), mcpgate's cap on one list; raise it with ${MAX_LIST_ITEMS_FLAG}`,
  };
}

function byteCapMessage(method: string, pages: number, items: number, bytes: number, maxBytes: number): string {
  const mib = (n: number) => `${roundTo(n / 1024 / 1024, 1)} MiB`;
  return `${method} had not ended after ${pages} page(s) of ${mib(bytes)} (${items} items), past mcpgate's cap of ${mib(maxBytes)} on one list; raise it with ${MAX_LIST_BYTES_FLAG}`;
}

function itemCapMessage(method: string, maxItems: number): string {
  return `${method} has more than ${maxItems} items, mcpgate's cap on one list (the first ${maxItems} were read); raise it with ${MAX_LIST_ITEMS_FLAG}`;
}

/** Why the list is incomplete: the server's fault first, else the mcpgate cap it reached; undefined when whole. */
export function incompleteBecause(outcome: ListOutcome): string | undefined {
  return outcome.problem ?? outcome.capped;
}

/** Why not a single item could be read (for callers that need the list to go on), or undefined. */
export function unreadable(outcome: ListOutcome): string | undefined {
  return outcome.items.length === 0 ? incompleteBecause(outcome) : undefined;
}
