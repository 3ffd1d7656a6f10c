/** `mcpgate golden draft`'s flags; the work (and the AI SDK behind a model) is loaded only when it runs. */

import { Option, type Command } from 'commander';
import { CACHE_MODES } from '../models/cache.js';
import { EVAL_DEFAULTS } from '../pipeline/defaults.js';
import type { DraftFlags } from './golden/draft.js';
import { addOptions, targetOptions } from './options.js';
import { positiveInteger } from './parse.js';

export function configure(command: Command): void {
  command.description("golden set tools: `golden draft` writes a first golden set from the server's tools, every case marked draft");
  const draft = command
    .command('draft')
    .description('draft positive, negative and confusion-pair cases from tools/list (prompts by --model, or placeholders offline)');
  addOptions(draft, targetOptions({}), [
    new Option('--model <provider:model>', 'model that writes the prompts and expected arguments; without it the prompts are placeholders'),
    new Option('--base-url <url>', 'base URL for openai-compatible (ending in /v1) or ollama models'),
    new Option('--out <file>', 'golden file to write').default('golden/draft.yaml'),
    new Option('--force', 'overwrite the file'),
    new Option('--cache <mode>', 'model response cache, as for eval').choices(CACHE_MODES).default(EVAL_DEFAULTS.cache),
    new Option('--cache-dir <dir>', 'where cached model responses live').default(EVAL_DEFAULTS.cacheDir),
    new Option('--model-timeout <ms>', 'per model call timeout in milliseconds')
      .default(EVAL_DEFAULTS.modelTimeoutMs)
      .argParser(positiveInteger('--model-timeout')),
  ]);
  draft.action(async (flags: DraftFlags) => {
    const { draftGolden } = await import('./golden/draft.js');
    process.exitCode = await draftGolden(flags);
  });
}
