/** What the `auth.*` checks are given: the run's OAuth client, and mcpgate's test issuer when there is one. */

import type { FetchLimits } from '../auth/fetch.js';
import type { OAuthTokenProvider } from '../auth/provider.js';
import type { OAuthSettings } from '../auth/settings.js';

export interface AuthCheckOptions {
  /** The OAuth client of the run (--oauth-client-id and a secret or refresh token). */
  provider?: OAuthTokenProvider;
  /** The same credentials, for the tokens the checks request besides the run's own. */
  settings?: OAuthSettings;
  /** `--test-issuer URL`: an issuer of `mcpgate auth-server` that the server trusts. */
  testIssuer?: string;
  limits: FetchLimits;
}
