/** `mcpgate eval`'s flags; the work (and the AI SDK and OpenTelemetry behind it) is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import type { EvalShard } from '../behavior/runner.js';
import { DEFAULT_TRAJECTORY_MODE, TRAJECTORY_MODES } from '../behavior/trajectories.js';
import { CACHE_MODES } from '../models/cache.js';
import { EVAL_DEFAULTS } from '../pipeline/defaults.js';
import { usageError } from '../shared/input-error.js';
import type { EvalFlags } from './eval/evaluate.js';
import { addOptions, displayOptions, targetOptions } from './options.js';
import { outputOptions } from './outputs.js';
import { maxRoundsOption, mrtrBudgetOptions, rootOption } from './mrtr-options.js';
import { collect, fraction, positiveInteger } from './parse.js';

function shardSpec(value: string): EvalShard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw usageError(`--shard needs i/n with 1 <= i <= n, e.g. 1/4, got "${value}"`);
  return { index, count };
}

export function configure(command: Command): void {
  command.description('layer 1: run a golden set of tasks through models against the server and score tool use');
  addOptions(
    command,
    targetOptions({ timeout: 'per MCP request timeout in milliseconds', allowTool: 'a destructive tool the agent may really call' }),
    [
      new Option('--golden <file>', 'golden set (YAML), e.g. golden/tasks.yaml').makeOptionMandatory(),
      new Option(
        '--model <provider:model>',
        'model to evaluate, repeatable for a cross-model matrix; `baseline` is the offline lexical selector',
      )
        .argParser(collect)
        .default([], 'baseline'),
      new Option('--base-url <url>', 'base URL for openai-compatible (ending in /v1) or ollama models'),
      new Option('--judge <provider:model>', 'pinned model that judges task completion against each rubric'),
      new Option('--runs <n>', 'independent samples per case').default(EVAL_DEFAULTS.runs).argParser(positiveInteger('--runs')),
      new Option('--max-steps <n>', 'model calls allowed per user turn')
        .default(EVAL_DEFAULTS.maxSteps)
        .argParser(positiveInteger('--max-steps')),
      maxRoundsOption(),
      ...mrtrBudgetOptions(),
      new Option('--sampling-model <provider:model>', 'model that answers MRTR sampling requests (default: the model under test)'),
      rootOption(),
      new Option('--soft-floor <fraction>', 'share of runs a soft case must pass (hard cases need all)')
        .default(EVAL_DEFAULTS.softFloor)
        .argParser(fraction('--soft-floor')),
      new Option('--cache <mode>', 'model response cache').choices(CACHE_MODES).default(EVAL_DEFAULTS.cache),
      new Option('--cache-dir <dir>', 'where cached model responses live').default(EVAL_DEFAULTS.cacheDir),
      new Option('--concurrency <n>', 'samples run at once').default(EVAL_DEFAULTS.concurrency).argParser(positiveInteger('--concurrency')),
      new Option('--model-timeout <ms>', 'per model call timeout in milliseconds')
        .default(EVAL_DEFAULTS.modelTimeoutMs)
        .argParser(positiveInteger('--model-timeout')),
      new Option(
        '--prices <file>',
        'price table (YAML/JSON: prices: {"provider:model": {input, output}} in USD per million tokens) over the defaults',
      ),
      new Option(
        '--shard <i/n>',
        'run only shard i of n (cases split by a stable hash of their id; combine the reports with `mcpgate merge`)',
      ).argParser(shardSpec),
      new Option('--allow-drafts', 'skip golden cases marked `draft: true` with a warning, instead of refusing them (exit 2)'),
      new Option(
        '--descriptions <file>',
        "YAML of tool -> description and parameter descriptions served to the models in place of the server's",
      ),
      new Option('--trajectories <which>', 'samples whose tool results and answer the report keeps: all, failing or none')
        .choices(TRAJECTORY_MODES)
        .default(DEFAULT_TRAJECTORY_MODE),
    ],
    displayOptions({ verbose: 'list every case, not only those below their floor or flaky' }),
    outputOptions(),
  );
  command.action(async (flags: EvalFlags) => {
    const { evaluate } = await import('./eval/evaluate.js');
    process.exitCode = await evaluate(flags);
  });
}
