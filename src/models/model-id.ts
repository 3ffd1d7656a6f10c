/** Model specs as users write them: `provider:model`, or `baseline` for the bundled lexical selector. */

import { ModelError } from './types.js';

export const KNOWN_PROVIDERS = ['openai', 'openai-chat', 'anthropic', 'google', 'openai-compatible', 'ollama', 'baseline'] as const;
export type ProviderName = (typeof KNOWN_PROVIDERS)[number];

export interface ModelId {
  provider: string;
  model: string;
}

const PROVIDER_SHAPE = /^[a-z][a-z0-9-]*$/;

/**
 * Splits at the first colon only: model names contain colons of their own (`ollama:llama3.1:8b`,
 * OpenRouter's `meta-llama/llama-3.1-8b-instruct:free`). The provider is checked for shape here and
 * for membership in `isKnownProvider`, so a typo and a malformed spec get different messages.
 */
export function parseModelId(spec: string): ModelId {
  const trimmed = spec.trim();
  if (trimmed === 'baseline') return { provider: 'baseline', model: '' };
  const colon = trimmed.indexOf(':');
  const provider = colon < 0 ? '' : trimmed.slice(0, colon);
  const model = colon < 0 ? '' : trimmed.slice(colon + 1);
  if (!PROVIDER_SHAPE.test(provider) || model.trim() === '' || model !== model.trim()) {
    throw new ModelError(
      'bad-model-id',
      `model "${spec}" is not of the form provider:model (for example openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, ollama:llama3.1) or "baseline"`,
    );
  }
  if (provider === 'baseline') {
    throw new ModelError('bad-model-id', `model "${spec}": the lexical baseline is named just "baseline"`);
  }
  return { provider, model };
}

export function isKnownProvider(provider: string): provider is ProviderName {
  return (KNOWN_PROVIDERS as readonly string[]).includes(provider);
}

export function unknownProviderError(spec: string, provider: string): ModelError {
  return new ModelError(
    'unknown-provider',
    `model "${spec}": unknown provider "${provider}"; known providers: ${KNOWN_PROVIDERS.join(', ')}`,
  );
}
