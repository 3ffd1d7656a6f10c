/**
 * Cursor pagination shared by every list method. A cursor is base64url of "<list>:<offset>", so it
 * stays opaque to clients, needs no server memory (the revision is stateless), and a cursor from
 * one list is rejected by another instead of silently paging the wrong thing.
 */

import { ErrorCode } from '../../src/spec/protocol.js';
import { RpcFailure } from './jsonrpc.js';

export interface Page<T> {
  items: T[];
  /** Index of the first item, so that callers can tell the first page from later ones. */
  offset: number;
  nextCursor?: string;
}

export interface PagingRules {
  /** invalid-cursor-accepted: answer the first page instead of -32602. */
  acceptInvalidCursor: boolean;
  /** cursor-loop: point nextCursor at the page just served, forever. */
  loopForever: boolean;
}

export function paginate<T>(list: string, items: readonly T[], pageSize: number, cursor: unknown, rules: PagingRules): Page<T> {
  const offset = cursor === undefined ? 0 : decodeCursor(list, cursor, items.length);
  if (offset === undefined && !rules.acceptInvalidCursor) {
    throw new RpcFailure(ErrorCode.InvalidParams, `Invalid cursor for ${list}: use a nextCursor value returned by this server`, { cursor });
  }
  const start = offset ?? 0;
  const end = start + pageSize;
  const page: Page<T> = { items: items.slice(start, end), offset: start };
  if (rules.loopForever) page.nextCursor = encodeCursor(list, start);
  else if (end < items.length) page.nextCursor = encodeCursor(list, end);
  return page;
}

function encodeCursor(list: string, offset: number): string {
  return Buffer.from(`${list}:${offset}`, 'utf8').toString('base64url');
}

function decodeCursor(list: string, cursor: unknown, length: number): number | undefined {
  if (typeof cursor !== 'string' || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const match = /^(.+):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[1] !== list) return undefined;
  const offset = Number(match[2]);
  return offset < length || offset === 0 ? offset : undefined;
}
