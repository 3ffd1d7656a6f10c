/** The model group: which models a command calls, and how. */

import { CACHE_MODES } from '../../../models/cache.js';
import { EVAL_DEFAULTS } from '../../../pipeline/defaults.js';
import { positiveInteger } from '../../parse.js';
import { Flag } from '../flag.js';

/**
 * `--model`, repeatable (a cross-model matrix). Its help and what an empty list means differ per
 * command, so each command passes them; mcpgate.yaml's equivalent is eval.models.
 */
export function modelListFlag(help: string, whenNone: string) {
  return Flag.list('<provider:model>', help, undefined, whenNone).mirrors('eval.models');
}

/** How models are called, whichever command calls them. */
export function modelCallFlags() {
  return {
    'base-url': Flag.value('<url>', 'base URL for openai-compatible (ending in /v1) or ollama models').mirrors('eval.base_url'),
    cache: Flag.value<string>('<mode>', 'model response cache').oneOf(CACHE_MODES).default(EVAL_DEFAULTS.cache).mirrors('eval.cache'),
    'cache-dir': Flag.value('<dir>', 'where cached model responses live').default(EVAL_DEFAULTS.cacheDir).mirrors('eval.cache_dir'),
    'model-timeout': Flag.value('<ms>', 'per model call timeout in milliseconds', positiveInteger).default(EVAL_DEFAULTS.modelTimeoutMs),
  } as const;
}

/** The models a command evaluates, and how they are called. */
export function modelFlags(model: { help: string; whenNone: string }) {
  return { model: modelListFlag(model.help, model.whenNone), ...modelCallFlags() } as const;
}
