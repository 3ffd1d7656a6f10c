/**
 * The verdicts of layer 0 on every server the tests hold it to, normalised so that two builds can be
 * compared with `diff`: the reference server and each of its broken variants over both transports
 * (the OAuth variants with the test issuer, as test/e2e/conformance/broken-twins-oauth.test.ts runs
 * them), and the SDK shapes of test/fixtures/sdk-shapes.ts, the many-tools one at 10, 1,000 and 5,000
 * tools. Each line is one check of one run: the run, the check id, its status and its message, with
 * what changes from run to run (ports, timings, random names) masked. A change that should only make
 * `check` faster or leaner must leave this output unchanged.
 *
 * The servers always come from this build; `--dist DIR` takes mcpgate itself (its runner and checks)
 * from another build's dist directory, for example a copy made before a change:
 *
 *   cp -r dist /tmp/before && ln -s "$PWD/node_modules" /tmp/node_modules      (before the change)
 *   node dist/bench/check-verdicts.js --dist /tmp/before > before.txt
 *   node dist/bench/check-verdicts.js > after.txt && diff before.txt after.txt
 *
 * `--only TEXT` runs the cases whose name contains TEXT; `--jobs N` runs N at a time (default 2).
 * It is a tool, not a test: test/e2e/conformance/broken-twins.test.ts is the contract on statuses.
 */

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchHttpServer, type LaunchedServer } from '../examples/launch.js';
import { BREAK_VARIANTS } from '../examples/reference-server/breaks.js';
import type { CheckDefinition } from '../src/conformance/check.js';
import type { RunOptions } from '../src/conformance/runner.js';
import type { Report } from '../src/report/model.js';
import type { Target } from '../src/wire/target.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const dist = resolve(flag('--dist') ?? root);
const only = flag('--only');
const jobs = Number(flag('--jobs') ?? 2);

const REFERENCE = join(root, 'examples/reference-server/main.js');
const SDK_SHAPES = join(root, 'test/fixtures/sdk-shapes.js');
const TEST_CLIENT = { clientId: 'mcpgate-ci', clientSecret: 'ci-secret-7f3a9b2c4d5e6f708192a3b4c5d6e7f8' };

const load = <T>(path: string): Promise<T> => import(pathToFileURL(join(dist, path)).href) as Promise<T>;
const { ALL_CHECKS } = await load<{ ALL_CHECKS: readonly CheckDefinition[] }>('src/conformance/checks/index.js');
const { runConformance } = await load<{ runConformance: (options: RunOptions) => Promise<Report> }>('src/conformance/runner.js');

interface Case {
  name: string;
  run: () => Promise<Report>;
}

function options(target: Target, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    target,
    checks: [...ALL_CHECKS],
    strict: false,
    allowTools: [],
    connect: { timeoutMs: 30_000, maxResponseBytes: 1 << 22 },
    concurrency: 8,
    eofGraceMs: 5_000,
    ...extra,
  };
}

async function overHttp(args: string[], run: (url: string) => Promise<Report>): Promise<Report> {
  const server: LaunchedServer = await launchHttpServer(process.execPath, args, { timeoutMs: 60_000 });
  try {
    return await run(server.url);
  } finally {
    await server.stop();
  }
}

const stdioCommand = (file: string, args: string[]): string => [`"${process.execPath}"`, `"${file}"`, ...args].join(' ');

function referenceCases(): Case[] {
  const cases: Case[] = [];
  for (const transport of ['http', 'stdio'] as const) {
    const variants = [undefined, ...BREAK_VARIANTS.filter((v) => !v.oauth && (v.transports as readonly string[]).includes(transport))];
    for (const variant of variants) {
      const extra = variant ? ['--break', variant.id] : [];
      cases.push({
        name: `reference${variant ? ` --break ${variant.id}` : ''} over ${transport}`,
        run: () =>
          transport === 'http'
            ? overHttp([REFERENCE, ...extra], (url) => runConformance(options({ kind: 'http', url })))
            : runConformance(options({ kind: 'stdio', command: stdioCommand(REFERENCE, ['--stdio', ...extra]) })),
      });
    }
  }
  return cases;
}

function shapeCases(): Case[] {
  const shapes: Array<{ name: string; args: string[] }> = [
    ...['resources', 'prompts', 'tools-plain'].map((shape) => ({ name: shape, args: ['--shape', shape] })),
    ...[10, 1000, 5000].map((tools) => ({ name: `many-tools ${tools}`, args: ['--shape', 'many-tools', '--tools', String(tools)] })),
  ];
  return shapes.flatMap(({ name, args }) => [
    {
      name: `sdk-shapes ${name} over http`,
      run: () => overHttp([SDK_SHAPES, ...args, '--http'], (url) => runConformance(options({ kind: 'http', url }))),
    },
    {
      name: `sdk-shapes ${name} over stdio`,
      run: () => runConformance(options({ kind: 'stdio', command: stdioCommand(SDK_SHAPES, [...args, '--stdio']) })),
    },
  ]);
}

interface Issuer {
  issuer: string;
  close(): Promise<void>;
}
interface TokenProvider {
  prepare(challenge: string | undefined): Promise<void>;
  headers(): Promise<Record<string, string>>;
}

/** The OAuth mode: the issuer is this build's, the token provider and the checks are mcpgate's. */
async function oauthCases(): Promise<{ cases: Case[]; close: () => Promise<void> }> {
  const { startTestIssuer } = await import('../src/auth/test-issuer/server.js');
  const issuer: Issuer = await startTestIssuer({ ...TEST_CLIENT, lifetimeSeconds: 300, scopes: ['mcp:tools'] });
  const { OAuthTokenProvider } = await load<{
    OAuthTokenProvider: new (url: string, settings: unknown, limits: unknown) => TokenProvider;
  }>('src/auth/provider.js');
  const authRun = ALL_CHECKS.filter((c) => c.area === 'auth' || c.id === 'discover.responds');
  const settings = { ...TEST_CLIENT, scope: 'mcp:tools' };
  const limits = { timeoutMs: 30_000, maxBytes: 1 << 20 };
  const run = (variant: string | undefined) => (url: string) => {
    const provider = new OAuthTokenProvider(url, settings, limits);
    return fetch(url, { method: 'POST', body: '{}' })
      .then((answer) => provider.prepare(answer.headers.get('www-authenticate') ?? undefined))
      .then(() => provider.headers())
      .catch(() => undefined)
      .then((headers) =>
        runConformance(
          options(
            { kind: 'http', url },
            {
              checks: [...(variant ? authRun : ALL_CHECKS)],
              connect: { timeoutMs: 30_000, maxResponseBytes: 1 << 22, ...(headers ? { headers } : {}) },
              auth: { provider, settings, testIssuer: issuer.issuer, limits } as RunOptions['auth'],
            },
          ),
        ),
      );
  };
  const cases = [undefined, ...BREAK_VARIANTS.filter((v) => v.oauth).map((v) => v.id)].map((variant) => ({
    name: `reference oauth${variant ? ` --break ${variant}` : ''} over http`,
    run: () => overHttp([REFERENCE, '--oauth-issuer', issuer.issuer, ...(variant ? ['--break', variant] : [])], run(variant)),
  }));
  return { cases, close: () => issuer.close() };
}

/** What differs between two runs of the same build: ports, durations, generated names and tokens. */
function normalise(text: string): string {
  return text
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/localhost:\d+/g, 'localhost:PORT')
    .replace(/\b\d+(\.\d+)? ?ms\b/g, 'N ms')
    .replace(
      /(__no_such_[a-z]+_x|:missing:r|not-a-real-cursor-c|no-such-method|\b(?:sub|mcpgate|trace|listen-[ab]|request-c|concurrent-\d|never-sent))-[a-z0-9]{1,8}\b/g,
      '$1-X',
    )
    .replace(/\bid 9\d{5}\b/g, 'id NNNNNN')
    .replace(/mcpgate-(?:missing|unknown|absent)[-\w]*-[a-z0-9]{6,}/g, (m) => m.replace(/-[a-z0-9]{6,}$/, '-X'))
    .replace(/\/tmp\/[\w./-]+/g, '/tmp/X');
}

/**
 * What differs between two runs of the same build inside one check's message: how many error
 * responses and stdout lines a stdio run sees (the side processes take turns in arrival order), the
 * order in which cacheable methods were first answered, a shuffled tool order, an echoed random id.
 */
const VOLATILE: Record<string, (message: string) => string> = {
  'errors.renumbered-codes': (m) => m.replace(/^\d+ error responses/, 'N error responses'),
  'stdio.stdout-only-jsonrpc': (m) => m.replace(/^\d+ stdout line/, 'N stdout line'),
  'caching.ttl-scope': (m) => m.replace(/\(([^)]*)\) carry/, (_, list: string) => `(${list.split(', ').sort().join(', ')}) carry`),
  'tools.list-order-stable': (m) => m.replace(/between two calls: .*/, 'between two calls: [...]'),
  'jsonrpc.id-echo': (m) => m.replace(/came back as "\d+"/, 'came back as "N"'),
};

function lines(name: string, report: Report): string[] {
  const message = (id: string, text: string): string => (VOLATILE[id] ?? ((m) => m))(normalise(text));
  return [
    `${name}\t(exit ${report.verdict.exitCode})`,
    ...report.checks.map((c) => `${name}\t${c.id}\t${c.status}${c.expectedFailure ? ' (expected)' : ''}\t${message(c.id, c.message)}`),
  ];
}

async function main(): Promise<void> {
  const oauth = await oauthCases();
  const all = [...referenceCases(), ...oauth.cases, ...shapeCases()].filter((c) => only === undefined || c.name.includes(only));
  const out: string[][] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, jobs) }, async () => {
      while (next < all.length) {
        const index = next++;
        const one = all[index]!;
        out[index] = await one.run().then(
          (report) => lines(one.name, report),
          (error: Error) => [`${one.name}\tharness error: ${normalise(error.message)}`],
        );
        process.stderr.write(`${index + 1}/${all.length} ${one.name}\n`);
      }
    }),
  );
  await oauth.close();
  process.stdout.write(out.flat().join('\n') + '\n');
}

await main();
