/**
 * Each subcommand loads only what it uses: the modules a whole `mcpgate` process loads are recorded by
 * an ESM load hook, and the heavy ones other commands need (the AI SDK and its providers,
 * OpenTelemetry, the zod report contract, the load generator, the JWT library) must not be among them.
 * The process is the bin users run, the bundle (dist/cli): each of its files it loads stands for the
 * modules the build's map (dist/bundle-map.json) says it holds.
 */

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { CLI, REFERENCE_SERVER, ROOT, referenceStdio, tempDir } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

const dir = tempDir();
const hooks = join(dir, 'hooks.mjs');
const register = join(dir, 'register.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.MODULE_LOG, url + '\\n');
  return next(url, context);
}
`,
);
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

let logs = 0;

/** Bundle file (relative to dist/cli) -> the modules it holds, relative to the repository root. */
const bundleMap = JSON.parse(readFileSync(join(ROOT, 'dist/bundle-map.json'), 'utf8')) as Record<string, string[]>;
const bundleDir = pathToFileURL(dirname(CLI)).href + '/';

/** A loaded URL as the modules it stands for: a bundle file's modules, or itself. */
function modulesOf(url: string): string[] {
  const held = url.startsWith(bundleDir) ? bundleMap[url.slice(bundleDir.length)] : undefined;
  return held ? held.map((path) => pathToFileURL(join(ROOT, path)).href) : [url];
}

/**
 * The files a whole `mcpgate ARGS` process loaded, the modules they stand for, and its exit code;
 * `env` entries set to undefined are removed.
 */
function loadedBy(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; files: string[]; modules: string[] }> {
  const log = join(dir, `modules-${++logs}.log`);
  writeFileSync(log, '');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', register, CLI, ...args], {
      env: Object.fromEntries(
        Object.entries({ ...process.env, NO_COLOR: '1', MODULE_LOG: log, ...env }).filter(([, v]) => v !== undefined),
      ),
      stdio: 'ignore',
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpgate ${args.join(' ')} did not finish`));
    }, scaledTimeout(20_000));
    child.once('exit', (code) => {
      clearTimeout(timer);
      const files = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      resolve({ code, files, modules: files.flatMap(modulesOf) });
    });
  });
}

const HEAVY = [
  /node_modules\/ai\//,
  /node_modules\/@ai-sdk\//,
  /node_modules\/ollama-ai-provider/,
  /node_modules\/@opentelemetry\//,
  /node_modules\/zod\//,
  /dist\/src\/report\/contract\//,
  /dist\/src\/telemetry\/load\//,
  // models/cache.js (node built-ins only) gives the option table its default cache directory.
  /dist\/src\/models\/(?!cache\.js)/,
  /dist\/src\/behavior\//,
  /dist\/src\/resilience\//,
  // The JWT library: only the auth.* checks of a server that asks for a token use it.
  /node_modules\/jose\//,
];

function heavyIn(modules: string[]): string[] {
  return modules.filter((url) => HEAVY.some((pattern) => pattern.test(url)));
}

describe('start-up cost', () => {
  let server: LaunchedServer;
  beforeAll(async () => {
    server = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { timeoutMs: scaledTimeout(10_000) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('mcpgate --version loads commander and the CLI core only, no command module', async () => {
    const run = await loadedBy(['--version']);
    expect(run.code).toBe(0);
    expect(run.modules.filter((url) => url.includes('/dist/src/cli/') && !/cli\/(main|console|commands)\.js$/.test(url))).toEqual([]);
    expect(heavyIn(run.modules)).toEqual([]);
  });

  it('mcpgate check over HTTP loads no AI SDK, OpenTelemetry, zod contract, load generator or other layer', async () => {
    const run = await loadedBy(['check', '--url', server.url, '--quiet']);
    expect(run.code).toBe(0);
    expect(run.modules.some((url) => url.endsWith('/dist/src/conformance/runner.js'))).toBe(true);
    expect(heavyIn(run.modules)).toEqual([]);
    // The bundle holds all of mcpgate's code: nothing is loaded from the unbundled build.
    expect(run.files.filter((url) => url.includes('/dist/src/'))).toEqual([]);
  });

  it('mcpgate check over stdio loads no heavy module either', async () => {
    const run = await loadedBy(['check', '--stdio', referenceStdio(), '--quiet']);
    expect(run.code).toBe(0);
    expect(heavyIn(run.modules)).toEqual([]);
  });

  it('mcpgate baseline accept loads its own command only, and no layer, model or telemetry module', async () => {
    const run = await loadedBy(['baseline', 'accept', '--history-dir', join(dir, 'no-history')]);
    expect(run.code).toBe(2);
    expect(run.modules.some((url) => url.endsWith('/dist/src/cli/baseline/accept.js'))).toBe(true);
    const otherCommands = run.modules.filter((url) =>
      /\/dist\/src\/cli\/(?!baseline|main|console|flags\/(?:command|table|flag)\.js|parse)[^/]+[/-]/.test(url),
    );
    expect(otherCommands).toEqual([]);
    // It reads history files against the contract (zod), and nothing else heavy: no model, telemetry or layer.
    const contract = [/node_modules\/zod\//, /dist\/src\/report\/contract\//];
    expect(heavyIn(run.modules).filter((url) => !contract.some((pattern) => pattern.test(url)))).toEqual([]);
  });

  it('mcpgate eval without an OTLP endpoint loads neither the OpenTelemetry SDK nor the conformance checks', async () => {
    const golden = join(dir, 'tasks.yaml');
    writeFileSync(golden, '- id: weather\n  prompt: "What is the weather in Paris?"\n  expect_tool: get_weather\n');
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined };
    const run = await loadedBy(['eval', '--url', server.url, '--golden', golden, '--cache', 'off', '--quiet'], env);
    expect(run.code).toBe(0);
    expect(run.modules.some((url) => url.endsWith('/dist/src/behavior/runner.js'))).toBe(true);
    // Spans are recorded only to be exported; the trace context the server gets needs only the API
    // (mcpgate writes the traceparent itself: @opentelemetry/core would bring the semantic conventions).
    const sdk = /node_modules\/@opentelemetry\/(?:sdk-trace-base|exporter-trace-otlp-http|resources|core|semantic-conventions)\//;
    expect(run.modules.filter((url) => sdk.test(url) || url.includes('/dist/src/conformance/checks/'))).toEqual([]);
    // The offline baseline makes no provider call: neither the AI SDK nor any provider package is loaded.
    expect(run.modules.filter((url) => /node_modules\/(?:ai|@ai-sdk|ollama-ai-provider[^/]*)\//.test(url))).toEqual([]);
  });

  it('a report format loads its renderer (and the contract) only when that format is written', async () => {
    const run = await loadedBy(['check', '--url', server.url, '--quiet', '--junit', join(dir, 'junit.xml')]);
    expect(run.code).toBe(0);
    expect(run.modules.some((url) => url.endsWith('/dist/src/report/junit.js'))).toBe(true);
    expect(run.modules.some((url) => url.endsWith('/dist/src/report/html/index.js'))).toBe(false);
  });
});
