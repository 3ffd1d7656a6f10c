/**
 * Why mcpgate could not get or keep a token, in one line that names the step, the URL and what to
 * do. The message may quote what an authorization server or the server under test said, so it is
 * redacted wherever it is shown, like any other outside text.
 */

export class OAuthError extends Error {
  constructor(
    message: string,
    /** Which step failed: finding the metadata, or getting a token from the issuer. */
    readonly step: 'discovery' | 'token',
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}
