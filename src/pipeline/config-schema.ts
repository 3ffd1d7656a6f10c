/**
 * The shape of mcpgate.yaml as a zod schema: every section, its keys, what each key takes and what it
 * is for. Objects are strict, so an unknown or misspelt key is an error; every section and key is
 * documented (shared/user-files/key-docs.ts), so a problem can say what was expected and why the key
 * exists, and the reference and the published JSON Schema say the same.
 */

import { z } from 'zod';
import { CACHE_MODES } from '../models/cache.js';
import { FORMAT_NAMES } from '../report/formats.js';
import { documented, oneOf } from '../shared/user-files/key-docs.js';
import { readsKeys, report, whenSound } from '../shared/user-files/rules.js';
import { ROOT_URI_PATTERN } from '../spec/roots.js';

/** Every key may be left out; the run falls back on the defaults in defaults.ts. */
function key<T extends z.ZodType>(schema: T, expected: string, doc: string): z.ZodOptional<T> {
  return documented(schema.optional(), expected, doc);
}

function section<T extends z.core.$ZodLooseShape>(doc: string, shape: T) {
  return documented(z.strictObject(shape).optional(), `a mapping of ${Object.keys(shape).join(', ')}`, doc);
}

const text = (doc: string) => key(z.string().min(1), 'a non-empty string', doc);
const flag = (doc: string) => key(z.boolean(), 'true or false', doc);
const positiveInteger = (doc: string) => key(z.number().int().positive(), 'a positive integer', doc);
const fraction = (doc: string) => key(z.number().gt(0).lte(1), 'a number above 0 and at most 1', doc);
/**
 * A key that names a file or folder. A relative path is taken from the folder of mcpgate.yaml, not from
 * where mcpgate runs (config-paths.ts). `reads`: the run reads the file, so it must exist; `word`: a
 * value that is not a path (gate.baseline: auto).
 */
export interface PathUse {
  reads: boolean;
  word?: string;
}

export const CONFIG_PATHS = z.registry<PathUse>();

function pathKey(doc: string, use: PathUse) {
  const schema = key(z.string().min(1), use.word ? `a path, or ${use.word}` : 'a path', doc);
  CONFIG_PATHS.add(schema, use);
  return schema;
}

const fileRead = (doc: string) => pathKey(doc, { reads: true });
const pathWritten = (doc: string) => pathKey(doc, { reads: false });
const textList = (doc: string) => key(z.array(z.string().min(1)), 'a list of strings', doc);
/** The name of an environment variable: credentials are read from there, never written in the file. */
const variableName = (doc: string) => key(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), 'the name of an environment variable', doc);

const SECTIONS = {
  server: section('the server under test: exactly one of url or stdio', {
    url: text('Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp'),
    stdio: text('command line that starts the server on stdio'),
    env: key(
      z.record(z.string(), z.string()),
      'a mapping of variable names to strings',
      'variables for the stdio server beyond PATH, HOME and the locale; ${VAR} is read from the environment',
    ),
    headers: key(
      z.record(z.string(), z.string()),
      'a mapping of header names to strings',
      'extra HTTP headers; ${VAR} is read from the environment',
    ),
    timeout_ms: positiveInteger('per-request timeout'),
    start: section('how `mcpgate run` starts an HTTP server before the run and ends it after', {
      command: text('command line that starts the server, e.g. node build/server.js --port 3000'),
      wait_ms: positiveInteger('how long the server url gets to accept connections (default 30000)'),
    }),
    oauth: section(
      'OAuth client credentials for a protected HTTP server: mcpgate finds its authorization server, gets a token and renews it (docs/auth.md)',
      {
        client_id: text('the client id registered with the authorization server'),
        client_secret_env: variableName('the variable holding the client secret (client-credentials grant); never the secret itself'),
        refresh_token_env: variableName('the variable holding a refresh token a person obtained once'),
        scope: text("space-separated scopes to request; by default the challenge's, else the metadata's scopes_supported"),
        issuer: text('the only authorization server the credentials go to (recommended: otherwise any issuer the server names gets them)'),
      },
    ),
  }),
  check: section('layer 0 conformance (always runs)', {
    strict: flag('SHOULD violations fail'),
    expected_failures: fileRead('file of check ids knowingly failed'),
    allow_tools: textList('non-read-only tools checks may call'),
    calls: key(
      z.array(
        z.strictObject({
          tool: documented(z.string().min(1), 'a tool name', 'the tool to call'),
          arguments: key(z.record(z.string(), z.unknown()), 'a mapping of argument names to values', 'the arguments, sent as written'),
        }),
      ),
      'a list of {tool, arguments} mappings',
      'tool calls the MRTR and progress checks make exactly as written, whatever the tool annotations say',
    ),
    max_calls: positiveInteger('tool calls one check makes on its own at most (default 20)'),
    max_list_items: positiveInteger('items read of one paginated list at most (default 10000)'),
    max_list_bytes: positiveInteger('bytes of pages read of one paginated list at most (default 16777216, 16 MiB)'),
    test_issuer: text(
      'the URL of an `mcpgate auth-server` the server trusts: the auth checks also send the tokens only an issuer can mint (expired, another audience or issuer, no scope)',
    ),
  }),
  eval: section('layer 1 behaviour (runs when models are listed)', {
    golden: fileRead('golden set file'),
    models: textList('provider:model ids; baseline for the lexical baseline'),
    judge: text('pinned judge model'),
    base_url: text('base URL for openai-compatible or ollama'),
    runs: positiveInteger('samples per case'),
    max_steps: positiveInteger('model calls per user turn'),
    max_rounds: positiveInteger('MRTR input rounds answered per tool call before it counts as failed; default 4'),
    max_input_requests: positiveInteger(
      'MRTR input requests answered in one round; a round asking more is not answered and the call counts as failed; default 16',
    ),
    max_sampling_calls: positiveInteger('MRTR sampling requests answered per sample before the call counts as failed; default 64'),
    max_run_sampling_calls: positiveInteger(
      'MRTR sampling requests answered over the whole run of a layer; past it a sample is not measured; default 2000',
    ),
    roots: key(
      z.array(z.string().regex(ROOT_URI_PATTERN)),
      'a list of file:// URIs',
      'roots the client declares to MRTR roots requests; without any, the roots capability is not declared',
    ),
    soft_floor: fraction('share of runs a soft case must pass'),
    cache: key(z.enum(CACHE_MODES), oneOf(CACHE_MODES), 'model response cache'),
    cache_dir: pathWritten('response cache directory'),
    concurrency: positiveInteger('samples run at once'),
    prices: fileRead('price table file'),
    allow_tools: textList('destructive tools the agent may really call'),
    allow_drafts: flag('skip golden cases marked draft: true with a warning instead of refusing them'),
    descriptions: fileRead("tool descriptions served to the models in place of the server's (eval and chaos scenarios)"),
  }),
  chaos: section('layer 2 resilience and security', {
    enabled: flag('run the robustness probes and the static scan'),
    pins: pathWritten('tool pin file (tools.lock); written on the first run'),
    faults: fileRead('fault and injection scenarios (needs eval.models)'),
    probe_timeout_ms: positiveInteger('how long a probe waits for the answer to a malformed message (capped at server.timeout_ms)'),
  }),
  gate: section('compare with the last green run', {
    baseline: pathKey('a report file, or auto for the last green run in the history', { reads: false, word: 'auto' }),
    max_drop: fraction('largest tolerated drop of a soft score'),
    min_samples: positiveInteger('fewer runs per case is inconclusive'),
  }),
  report: section('where and how results are written', {
    dir: pathWritten('report directory'),
    formats: key(z.array(z.enum(FORMAT_NAMES)), `a list of ${FORMAT_NAMES.join(', ')}`, 'report formats written besides JSON'),
  }),
  history: section('run history used by gate.baseline: auto', {
    dir: pathWritten('history directory'),
    record: flag('append this run to the history'),
  }),
};

/** Rules across keys: each reads only its keys, so it runs even when other keys are wrong. */
function checkServer(
  config: {
    server?: {
      url?: string;
      stdio?: string;
      env?: unknown;
      headers?: Record<string, string>;
      start?: { command?: string };
      oauth?: { client_id?: string; client_secret_env?: string; refresh_token_env?: string };
    };
  },
  context: z.core.$RefinementCtx,
): void {
  const server = config.server;
  if (!server || (server.url === undefined) === (server.stdio === undefined))
    report(context, { path: server ? ['server'] : [], message: 'server needs exactly one of url or stdio' });
  if (server?.start !== undefined && server.url === undefined)
    report(context, {
      path: ['server', 'start'],
      message: 'server.start is for an HTTP server (server.url); a stdio server is started by mcpgate itself',
    });
  if (server?.start !== undefined && server.start.command === undefined)
    report(context, { path: ['server', 'start'], message: 'server.start needs command: the command line that starts the server' });
  if (server?.url !== undefined && server.env !== undefined)
    report(context, {
      path: ['server', 'env'],
      message: 'server.env is for a server started with stdio; an HTTP server runs with its own environment',
    });
  if (server?.oauth !== undefined) checkOAuth(server, context);
}

function checkOAuth(
  server: {
    url?: string;
    headers?: Record<string, string>;
    oauth?: { client_id?: string; client_secret_env?: string; refresh_token_env?: string };
  },
  context: z.core.$RefinementCtx,
): void {
  const oauth = server.oauth!;
  const path = ['server', 'oauth'];
  if (server.url === undefined)
    report(context, {
      path,
      message: 'server.oauth is for an HTTP server (server.url); a stdio server takes its credentials in server.env',
    });
  if (oauth.client_id === undefined)
    report(context, { path, message: 'server.oauth needs client_id: the client id the authorization server knows' });
  if (oauth.client_secret_env === undefined && oauth.refresh_token_env === undefined)
    report(context, {
      path,
      message:
        'server.oauth needs client_secret_env or refresh_token_env: the name of the variable holding the client secret, or a refresh token',
    });
  const authorization = Object.keys(server.headers ?? {}).find((name) => name.toLowerCase() === 'authorization');
  if (authorization !== undefined)
    report(context, {
      path: ['server', 'headers', authorization],
      message: `server.headers.${authorization} and server.oauth would both send the Authorization header: keep one`,
    });
}

function checkLayers(
  config: { eval?: { models?: string[]; golden?: string }; chaos?: { faults?: string } },
  context: z.core.$RefinementCtx,
): void {
  const models = config.eval?.models ?? [];
  if (models.length > 0 && config.eval?.golden === undefined)
    report(context, { path: ['eval', 'models'], message: 'eval.models is set but eval.golden is not: name the golden set file' });
  if (config.chaos?.faults !== undefined && models.length === 0)
    report(context, { path: ['chaos', 'faults'], message: 'chaos.faults needs eval.models: the scenarios run a model' });
}

const readsLayers = (path: readonly PropertyKey[]): boolean =>
  path.length === 1
    ? path[0] === 'eval' || path[0] === 'chaos'
    : ['eval.models', 'eval.golden', 'chaos.faults'].includes(path.slice(0, 2).join('.'));

export const CONFIG_SCHEMA = documented(
  z
    .strictObject(SECTIONS)
    .superRefine(checkServer, whenSound(readsKeys('server')))
    .superRefine(checkLayers, whenSound(readsLayers)),
  `a mapping of sections: ${Object.keys(SECTIONS).join(', ')}`,
  'what `mcpgate run` checks and how',
);

export type McpgateConfig = z.output<typeof CONFIG_SCHEMA>;
