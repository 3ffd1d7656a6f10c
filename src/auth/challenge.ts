/**
 * The Bearer challenge of a 401 or 403 (RFC 6750 §3, RFC 9728 §5.1): where the protected-resource
 * metadata is, which scope the request needs, and the error. Parsed by oauth4webapi, which reads a
 * `WWW-Authenticate` header only off a Response: the header is handed to it on a synthetic one.
 */

import { processRevocationResponse, WWWAuthenticateChallengeError } from 'oauth4webapi';

export interface BearerChallenge {
  resourceMetadata?: string;
  /** Space-separated, as sent. */
  scope?: string;
  error?: string;
  errorDescription?: string;
}

/** Node caps a response header at 16 KiB; a longer value is not a challenge mcpgate reads. */
const MAX_CHALLENGE_CHARS = 16 * 1024;

/** The Bearer challenge among the header's challenges, or undefined when there is none (or it does not parse). */
export async function parseBearerChallenge(header: string | undefined): Promise<BearerChallenge | undefined> {
  if (!header || header.length > MAX_CHALLENGE_CHARS) return undefined;
  let challenges;
  try {
    await processRevocationResponse(new Response(null, { status: 401, headers: { 'www-authenticate': header } }));
    return undefined;
  } catch (error) {
    if (!(error instanceof WWWAuthenticateChallengeError)) return undefined;
    challenges = error.cause;
  }
  const bearer = challenges.find((challenge) => challenge.scheme === 'bearer');
  if (!bearer) return undefined;
  const { resource_metadata, scope, error, error_description } = bearer.parameters;
  return {
    ...(resource_metadata ? { resourceMetadata: resource_metadata } : {}),
    ...(scope !== undefined ? { scope } : {}),
    ...(error ? { error } : {}),
    ...(error_description ? { errorDescription: error_description } : {}),
  };
}

export function scopesOf(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter((s) => s !== '');
}
