/** The files `mcpgate init` writes, as text. Comments in them explain each setting to a newcomer. */

import { CONFIG_FILE } from '../../pipeline/config.js';
import { schemaComment } from '../../shared/user-files/json-schema.js';
import { checkCallsLines, type ToolSketch } from './call-suggestions.js';
import { CI_OAUTH, type OAuthSketch } from './oauth.js';

export type { ToolSketch } from './call-suggestions.js';

export interface ServerSketch {
  url?: string;
  stdio?: string;
  /** The command that starts the HTTP server at `url` (init --start). */
  start?: string;
  /** server.oauth (init --oauth, or the OAuth flags init was given). */
  oauth?: OAuthSketch;
}

function serverLines(server: ServerSketch): string {
  if (!server.url) return `  stdio: ${JSON.stringify(server.stdio ?? 'node build/server.js')}`;
  const start = server.start
    ? `  start:                   # mcpgate run starts the server, waits for the url, and ends it after the run
    command: ${JSON.stringify(server.start)}
    wait_ms: 30000`
    : `  # start:                 # mcpgate run starts the server, waits for the url, and ends it after the run
  #   command: "node build/server.js --port 3000"
  #   wait_ms: 30000`;
  return `  url: ${server.url}\n${start}${server.oauth ? `\n${oauthLines(server.oauth)}` : ''}`;
}

function oauthLines(oauth: OAuthSketch): string {
  const ci = oauth.testIssuer !== undefined;
  const lines = [
    `  oauth:                   # the server asks for OAuth tokens: mcpgate gets one here and renews it (mcpgate's docs/auth.md)`,
    `    client_id: ${JSON.stringify(oauth.clientId)}`,
    ...(oauth.clientSecretEnv
      ? [
          `    client_secret_env: ${oauth.clientSecretEnv}${ci ? '   # the workflow makes the secret up for each job' : '   # the variable holding the secret, never the secret'}`,
        ]
      : []),
    ...(oauth.refreshTokenEnv ? [`    refresh_token_env: ${oauth.refreshTokenEnv}`] : []),
    ...(oauth.scope ? [`    scope: ${JSON.stringify(oauth.scope)}`] : []),
    oauth.issuer
      ? `    issuer: ${oauth.issuer}${ci ? `   # the only issuer the secret goes to: the workflow's mcpgate auth-server` : '   # the only issuer the secret goes to'}`
      : `    # issuer: https://auth.example.com   # recommended: the only issuer the secret may go to`,
  ];
  return lines.join('\n');
}

/** check.test_issuer with --oauth, on a line of its own: the auth checks also send the tokens only the test issuer can forge. */
function testIssuerLines(server: ServerSketch): string {
  if (server.oauth?.testIssuer === undefined) return '';
  return `\n  test_issuer: ${server.oauth.testIssuer}   # mcpgate auth-server (${CI_OAUTH.issuerVariable} in the workflow): the auth checks send the tokens it forges`;
}

/** Layer 1 is on when init drafted a golden set; otherwise its keys are written commented out, saying why. */
function evalLines(golden: boolean): string {
  if (golden)
    return `eval:                        # layer 1: runs when models are listed
  golden: golden/tasks.yaml
  models: [baseline]         # e.g. [openai:gpt-4.1-mini, anthropic:claude-haiku-4-5]; baseline needs no key`;
  return `eval:                        # layer 1: runs when models are listed; off: init drafted no golden set (no tools listed)
  # golden: golden/tasks.yaml  # write one (docs/golden-format.md of mcpgate), or: mcpgate golden draft --url ...
  # models: [baseline]       # e.g. [openai:gpt-4.1-mini, anthropic:claude-haiku-4-5]; baseline needs no key`;
}

/**
 * `tools`: what the server listed, for the commented-out `check.calls` suggestions (call-suggestions.ts);
 * `golden`: whether init wrote golden/tasks.yaml.
 */
export function configTemplate(server: ServerSketch, tools: readonly ToolSketch[] = [], golden = true): string {
  return `${schemaComment(CONFIG_FILE.name, 0)}
# mcpgate configuration: \`mcpgate run\` reads this file.
# Every key is optional except server.url or server.stdio. Values like \${VAR} come from the environment.

server:
${serverLines(server)}
${
  server.oauth
    ? ''
    : `  # headers:
  #   Authorization: "Bearer \${MCP_TOKEN}"
`
}  # env:                     # a stdio server gets only PATH, HOME, the locale and these
  #   API_TOKEN: "\${API_TOKEN}"

check:                       # layer 0: protocol conformance, free, always runs
  strict: false              # true: SHOULD violations fail the run too${testIssuerLines(server)}
  # expected_failures: expected-failures.txt   # check ids knowingly failed, one per line (.mcpgate/ is not committed)
${checkCallsLines(tools).join('\n')}

${evalLines(golden)}
  # judge: openai:gpt-4.1    # pinned judge for rubrics; without one, task completion is not measured
  runs: 5
  soft_floor: 0.8
  cache: write               # off | read | write | refresh
  # max_rounds: 4            # MRTR input rounds answered per tool call before it counts as failed
  # max_input_requests: 16   # MRTR requests answered per round; max_sampling_calls: 64 per sample, max_run_sampling_calls: 2000 per run
  # roots: [file:///path/to/project]   # roots declared to MRTR roots requests; none: not declared

# chaos:                     # layer 2
#   enabled: true
#   pins: tools.lock

gate:
  baseline: auto             # the last green run in the history
  max_drop: 0.02

report:
  dir: .mcpgate/reports
  formats: [json, junit, markdown, sarif, html]

history:
  dir: .mcpgate/history
  record: true
`;
}
