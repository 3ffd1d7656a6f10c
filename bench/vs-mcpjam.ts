/**
 * CPU per eval sample, mcpgate against @mcpjam/sdk (issue 29's target: mcpgate <= 0.7x), on the same
 * cases in the same run: the generated get_weather golden set (bench/weather-golden.ts), `--runs`
 * samples a case, against one SDK v2 server over HTTP (bench/sdk-weather-server.ts, which serves both
 * protocol eras: @mcpjam/sdk 1.14.0's MCP client only speaks the 2025 `initialize` handshake) and the
 * instant fake model of bench/fake-model.ts. mcpgate runs `mcpgate eval` as a user does (report
 * written); @mcpjam/sdk runs bench/mcpjam-loop.ts, its README's EvalTest pattern. Both are whole
 * processes, alternated round by round so that both see the same load; the figures are medians.
 *
 * Two figures per tool: CPU per sample of the whole process, and the marginal CPU per sample between
 * the two golden-set sizes (start-up taken out). The ratio of the marginal figures is the one the
 * target is about. Beside them, the floor loop of bench/eval-floor.ts with its model calls through the
 * AI SDK (--sdk): the provider layer mcpgate keeps, with nothing of mcpgate around it, which shows how
 * much of a sample is the AI SDK's in either harness.
 *
 * @mcpjam/sdk is not a dependency of mcpgate. The first run installs @mcpjam/sdk 1.14.0 (with the MCP
 * client 2.0.0-alpha.2 it was built on) from the npm registry into --mcpjam-dir, by default
 * node_modules/.cache/mcpgate-bench-mcpjam; later runs reuse it. Its telemetry is switched off
 * (DO_NOT_TRACK, MCPJAM_TELEMETRY_DISABLED) and no MCPJam key is passed, so both tools only talk to
 * 127.0.0.1.
 *
 *   npm run bench:mcpjam
 *   node dist/bench/vs-mcpjam.js --cases 50,250 --runs 5 --rounds 3 [--concurrency 4] [--mcpjam-dir DIR]
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';
import { startFakeModel } from './fake-model.js';
import { measure, type Figures } from './process-figures.js';
import { weatherGolden } from './weather-golden.js';

const MCPJAM_VERSION = '1.14.0';
const MCPJAM_CLIENT_VERSION = '2.0.0-alpha.2';
const TARGET = 0.7;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(root, '..');
const cli = join(root, 'cli/mcpgate.js');
const loop = join(root, 'bench/mcpjam-loop.js');
const floor = join(root, 'bench/eval-floor.js');
const server = join(root, 'bench/sdk-weather-server.js');

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
}
const sizes = flag('--cases', '50,250').split(',').map(Number);
const runs = Number(flag('--runs', '5'));
const rounds = Number(flag('--rounds', '3'));
const concurrency = Number(flag('--concurrency', '4'));
const mcpjamDir = resolve(flag('--mcpjam-dir', join(repo, 'node_modules/.cache/mcpgate-bench-mcpjam')));
if (sizes.length !== 2 || !(sizes[0]! < sizes[1]!)) {
  console.error('vs-mcpjam: --cases takes two sizes, smaller first, e.g. 50,250');
  process.exit(2);
}

/** Installs @mcpjam/sdk into `dir` once; a clear stop when the registry cannot be reached. */
function ensureMcpjam(dir: string): void {
  const installed = join(dir, 'node_modules/@mcpjam/sdk/package.json');
  if (existsSync(installed) && (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version === MCPJAM_VERSION) return;
  console.log(`installing @mcpjam/sdk ${MCPJAM_VERSION} into ${dir} (once; needs the npm registry)`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "mcpgate-bench-mcpjam", "private": true }\n');
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `@mcpjam/sdk@${MCPJAM_VERSION}`,
        `@modelcontextprotocol/client@${MCPJAM_CLIENT_VERSION}`,
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    const lines = String((error as { stderr?: Buffer }).stderr ?? '').split('\n');
    const stderr =
      lines.find((line) => /^npm error (code|errno|network|404)/.test(line)) ?? lines.find((line) => line.trim() !== '') ?? 'npm failed';
    throw new Error(
      `could not install @mcpjam/sdk into ${dir} (${stderr}); run again with the npm registry reachable, or pass --mcpjam-dir DIR of an earlier install`,
    );
  }
}

/** mcpgate's passing samples, from its JSON report. */
function mcpgatePasses(report: string): number {
  const cases = (JSON.parse(readFileSync(report, 'utf8')) as { eval: { cases: Array<{ passes: number }> } }).eval.cases;
  return cases.reduce((sum, c) => sum + c.passes, 0);
}

type Tool = 'mcpgate' | 'mcpjam' | 'floor';
const LABELS: Record<Tool, string> = { mcpgate: 'mcpgate', mcpjam: '@mcpjam/sdk', floor: 'floor+AI SDK' };
type Sample = Record<Tool, { figures: Figures; passed: number }>;

/** The passing samples a loop prints on its last line ({"samples":N,"passed":N}). */
function printedPasses(figures: Figures): number {
  return (JSON.parse(figures.output.trim().split('\n').pop() ?? '') as { passed: number }).passed;
}

async function once(dir: string, cases: number, url: string, baseUrl: string): Promise<Sample> {
  const golden = join(dir, `golden-${cases}.yaml`);
  writeFileSync(golden, weatherGolden(cases));
  const report = join(dir, `report-${cases}.json`);
  const shared = ['--runs', String(runs), '--concurrency', String(concurrency)];
  const evalArgs = ['eval', '--url', url, '--golden', golden, '--model', 'openai-compatible:bench-model', '--base-url', baseUrl];
  const mcpgate = await measure(dir, cli, [...evalArgs, ...shared, '--cache', 'off', '--report', report, '--quiet']);
  const env: NodeJS.ProcessEnv = { ...process.env, DO_NOT_TRACK: '1', MCPJAM_TELEMETRY_DISABLED: '1' };
  delete env['MCPJAM_API_KEY'];
  const loopArgs = ['--url', url, '--base-url', baseUrl, '--cases', String(cases), ...shared];
  const mcpjam = await measure(dir, loop, ['--dir', mcpjamDir, ...loopArgs], env);
  const floorFigures = await measure(dir, floor, [...loopArgs, '--sdk']);
  return {
    mcpgate: { figures: mcpgate, passed: mcpgatePasses(report) },
    mcpjam: { figures: mcpjam, passed: printedPasses(mcpjam) },
    floor: { figures: floorFigures, passed: printedPasses(floorFigures) },
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  ensureMcpjam(mcpjamDir);
} catch (error) {
  console.error(`vs-mcpjam: ${(error as Error).message}`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'mcpgate-bench-mcpjam-'));
const http = await launchHttpServer(process.execPath, [server]);
const model = await startFakeModel();
try {
  console.log(
    `eval CPU per sample, mcpgate vs @mcpjam/sdk ${MCPJAM_VERSION}; get_weather cases x ${runs} runs, --concurrency ${concurrency}, ` +
      `${rounds} rounds; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const tools: Tool[] = ['mcpgate', 'mcpjam', 'floor'];
  const cpu: Record<Tool, number[]> = { mcpgate: [], mcpjam: [], floor: [] };
  for (const cases of sizes) {
    const samples = cases * runs;
    const all: Sample[] = [];
    for (let round = 0; round < rounds; round++) all.push(await once(dir, cases, http.url, model.baseUrl));
    console.log(`${cases} cases (${samples} samples):`);
    for (const tool of tools) {
      const ms = median(all.map((s) => s[tool].figures.cpuMs));
      cpu[tool].push(ms);
      const rss = median(all.map((s) => s[tool].figures.peakMb));
      const passed = [...new Set(all.map((s) => s[tool].passed))].join('/');
      console.log(
        `  ${LABELS[tool].padEnd(13)} ${(ms / samples).toFixed(2)} ms CPU/sample, ${(ms / 1000).toFixed(2)} CPU-s, peak RSS ${rss.toFixed(0)} MB, ${passed} samples passed`,
      );
    }
  }
  const extra = (sizes[1]! - sizes[0]!) * runs;
  const marginal = (tool: Tool): number => (cpu[tool][1]! - cpu[tool][0]!) / extra;
  const ratio = marginal('mcpgate') / marginal('mcpjam');
  console.log(
    `marginal CPU per sample (${sizes[0]} -> ${sizes[1]} cases): mcpgate ${marginal('mcpgate').toFixed(2)} ms, @mcpjam/sdk ${marginal('mcpjam').toFixed(2)} ms, ` +
      `floor+AI SDK ${marginal('floor').toFixed(2)} ms`,
  );
  console.log(
    `  mcpgate/@mcpjam/sdk ${ratio.toFixed(2)}x (target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'NOT met'}); ` +
      `floor+AI SDK/@mcpjam/sdk ${(marginal('floor') / marginal('mcpjam')).toFixed(2)}x (the AI SDK calls and the tool call, nothing else); ` +
      `whole process at ${sizes[1]} cases ${(cpu.mcpgate[1]! / cpu.mcpjam[1]!).toFixed(2)}x`,
  );
} finally {
  await model.close();
  await http.stop();
  rmSync(dir, { recursive: true, force: true });
}
