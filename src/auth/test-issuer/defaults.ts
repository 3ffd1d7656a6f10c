/**
 * Where `mcpgate auth-server` listens unless told otherwise: a fixed port, so that a team's server
 * and mcpgate.yaml can name the issuer before it starts (the workflow `init --oauth` writes does).
 */

export const DEFAULT_TEST_ISSUER_PORT = 9417;
