/** `mcpgate chaos`'s flags; the work (probes, proxy, models) is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import { CACHE_MODES } from '../models/cache.js';
import { CHAOS_DEFAULTS, EVAL_DEFAULTS } from '../pipeline/defaults.js';
import type { ChaosFlags } from './chaos/chaos.js';
import { addOptions, displayOptions, targetOptions } from './options.js';
import { maxRoundsOption, mrtrBudgetOptions, rootOption } from './mrtr-options.js';
import { outputOptions } from './outputs.js';
import { collect, port, positiveInteger } from './parse.js';

export function configure(command: Command): void {
  command.description(
    'layer 2: robustness probes, a static security scan of the tool surface, tool pins, and fault scenarios with a model',
  );
  addOptions(
    command,
    targetOptions({
      timeout: 'per-request timeout in milliseconds; a probe that gets no answer within it fails',
      allowTool: 'a tool the probes and the agent may call although it is not annotated read-only',
    }),
    [
      new Option('--pins <file>', 'pin file of per-tool hashes (e.g. tools.lock): written when missing, compared when present'),
      new Option('--update-pins', "rewrite the pin file from the server's current tools (needs --pins)"),
      new Option('--model <provider:model>', 'model for the fault and injection scenarios (repeatable)')
        .argParser(collect)
        .default([], 'none'),
      new Option(
        '--faults <file>',
        'fault and injection scenarios (YAML, see docs/faults.md); with --model but no file, built-in scenarios on the read-only tools run',
      ),
      new Option('--judge <provider:model>', 'pinned model that judges reactions the deterministic rules cannot'),
      new Option('--descriptions <file>', "YAML of tool -> descriptions served to the scenario models in place of the server's"),
      new Option('--base-url <url>', 'base URL for openai-compatible or ollama models'),
      new Option('--cache <mode>', 'model response cache, as for eval').choices(CACHE_MODES).default(EVAL_DEFAULTS.cache),
      new Option('--cache-dir <dir>', 'where cached model responses live').default(EVAL_DEFAULTS.cacheDir),
      maxRoundsOption(),
      ...mrtrBudgetOptions(),
      rootOption(),
      new Option('--runs <n>', 'runs per scenario').default(CHAOS_DEFAULTS.runs).argParser(positiveInteger('--runs')),
      new Option('--proxy-port <port>', 'port of the fault proxy on 127.0.0.1 (0 picks a free one)')
        .default(CHAOS_DEFAULTS.proxyPort)
        .argParser(port('--proxy-port')),
      new Option('--client <command>', 'test an MCP client command against a server that cuts a response stream (it gets MCP_SERVER_URL)'),
      new Option(
        '--probe-timeout <ms>',
        'how long a robustness probe waits for an answer to a malformed message before judging the server silent (capped at --timeout)',
      )
        .default(CHAOS_DEFAULTS.probeTimeoutMs)
        .argParser(positiveInteger('--probe-timeout')),
      new Option('--client-timeout <ms>', 'how long the client command may run')
        .default(CHAOS_DEFAULTS.clientTimeoutMs)
        .argParser(positiveInteger('--client-timeout')),
    ],
    displayOptions({ verbose: 'also list low-severity findings, timings and the server stderr' }),
    outputOptions(),
  );
  command.action(async (flags: ChaosFlags) => {
    const { chaos } = await import('./chaos/chaos.js');
    process.exitCode = await chaos(flags);
  });
}
