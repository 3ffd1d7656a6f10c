/** `mcpgate improve`'s flags; the work (and the AI SDK behind it) is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import { CACHE_MODES } from '../models/cache.js';
import { EVAL_DEFAULTS } from '../pipeline/defaults.js';
import type { ImproveFlags } from './improve/improve.js';
import { addOptions, displayOptions, targetOptions } from './options.js';
import { collect, fraction, nonNegativeInteger, positiveInteger } from './parse.js';

export function configure(command: Command): void {
  command.description('propose tool description rewrites for the worst confusions and keep only those an A/B re-run proves');
  addOptions(
    command,
    targetOptions({ timeout: 'per MCP request timeout in milliseconds', allowTool: 'a destructive tool the agent may really call' }),
    [
      new Option('--golden <file>', 'golden set (YAML)').makeOptionMandatory(),
      new Option('--model <provider:model>', 'model the rewrites must help, repeatable; `baseline` is the offline lexical selector')
        .argParser(collect)
        .default([], 'baseline'),
      new Option('--proposer <lexical|provider:model>', 'who writes the rewrites: `lexical` (offline heuristic) or a model').default(
        'lexical',
      ),
      new Option('--descriptions <file>', 'start from these overrides (the format --descriptions takes in eval)'),
      new Option('--runs <n>', 'samples per case in every measurement').default(EVAL_DEFAULTS.runs).argParser(positiveInteger('--runs')),
      new Option('--max-rounds <n>', 'rounds of propose and test').default(3).argParser(positiveInteger('--max-rounds')),
      new Option(
        '--budget <calls>',
        'provider calls allowed in all (models and proposer); a measurement that could pass it is not started',
      ).argParser(positiveInteger('--budget')),
      new Option('--top <n>', 'confusions tried per round').default(3).argParser(positiveInteger('--top')),
      new Option('--guard <n>', 'other cases re-run with each proposal to catch a regression')
        .default(6)
        .argParser(nonNegativeInteger('--guard')),
      new Option('--confidence <fraction>', 'significance level of the gain and regression tests')
        .default(0.95)
        .argParser(fraction('--confidence')),
      new Option('--out <dir>', 'where the overrides, the diff and the report are written').default('.mcpgate/improve'),
      new Option('--base-url <url>', 'base URL for openai-compatible (ending in /v1) or ollama models'),
      new Option('--max-steps <n>', 'model calls allowed per user turn')
        .default(EVAL_DEFAULTS.maxSteps)
        .argParser(positiveInteger('--max-steps')),
      new Option('--soft-floor <fraction>', 'share of runs a soft case must pass')
        .default(EVAL_DEFAULTS.softFloor)
        .argParser(fraction('--soft-floor')),
      new Option('--cache <mode>', 'model response cache, as for eval').choices(CACHE_MODES).default(EVAL_DEFAULTS.cache),
      new Option('--cache-dir <dir>', 'where cached model responses live').default(EVAL_DEFAULTS.cacheDir),
      new Option('--concurrency <n>', 'samples run at once').default(EVAL_DEFAULTS.concurrency).argParser(positiveInteger('--concurrency')),
      new Option('--model-timeout <ms>', 'per model call timeout in milliseconds')
        .default(EVAL_DEFAULTS.modelTimeoutMs)
        .argParser(positiveInteger('--model-timeout')),
    ],
    displayOptions({ verbose: 'list every trial and every case, not only the accepted rewrites and the changed cases' }),
  );
  command.action(async (flags: ImproveFlags) => {
    const { improveCommand } = await import('./improve/improve.js');
    process.exitCode = await improveCommand(flags);
  });
}
