/**
 * The roots a client declares (Root in the 2026-07-28 schema): each `uri` "must start with file://
 * for now", so mcpgate refuses any other before it would offer it to a server.
 */

export const ROOT_URI_PREFIX = 'file://';

/** The prefix and something after it. */
export const ROOT_URI_PATTERN = /^file:\/\/./;

export function isRootUri(uri: string): boolean {
  return ROOT_URI_PATTERN.test(uri);
}
