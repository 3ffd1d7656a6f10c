/**
 * Token prices per model, for cost per call, per case and per model. Defaults cover common models
 * and carry the date they were read; a price file overrides or extends them. A model without a
 * price is reported with an unknown cost, never a cost of zero.
 */

import { z } from 'zod';
import { documented } from '../shared/user-files/key-docs.js';
import { loadUserFile, type UserFileSpec } from '../shared/user-files/user-file.js';

export interface Price {
  /** US dollars per million input tokens. */
  inputPerMTok: number;
  /** US dollars per million output tokens. */
  outputPerMTok: number;
}

export interface PriceTable {
  /** Where the prices come from: `defaults (as of DATE)` or the price file's path. */
  source: string;
  prices: Record<string, Price>;
}

/** List prices as published by the providers, for models commonly evaluated. */
export const DEFAULT_PRICES_AS_OF = '2026-11-01';
const DEFAULT_PRICES: Record<string, Price> = {
  'openai:gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'openai:gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'openai:gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'openai:gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'openai:gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'openai:o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  'openai:gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'openai:gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'anthropic:claude-sonnet-4-5': { inputPerMTok: 3, outputPerMTok: 15 },
  'anthropic:claude-haiku-4-5': { inputPerMTok: 1, outputPerMTok: 5 },
  'anthropic:claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75 },
  'google:gemini-2.5-pro': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'google:gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
  baseline: { inputPerMTok: 0, outputPerMTok: 0 },
};

/** The chat-completions flavour of an OpenAI model costs the same as the responses one. */
function canonicalModel(model: string): string {
  return model.startsWith('openai-chat:') ? `openai:${model.slice('openai-chat:'.length)}` : model;
}

export function defaultPriceTable(): PriceTable {
  return { source: `defaults (as of ${DEFAULT_PRICES_AS_OF})`, prices: { ...DEFAULT_PRICES } };
}

const perMillion = (tokens: string) => documented(z.number().min(0), 'a number of at least 0', `US dollars per million ${tokens} tokens`);

/**
 * A price file is YAML or JSON: `prices: { "provider:model": { input: 0.4, output: 1.6 } }`, in US
 * dollars per million tokens. It extends the defaults; an entry replaces the default for its model.
 */
export const PRICES_SCHEMA = documented(
  z.strictObject({
    prices: documented(
      z.record(
        documented(
          z.string().regex(/^(baseline|[a-z][a-z0-9-]*:.+)$/),
          'a provider:model id such as openai:gpt-4.1, or baseline',
          'the model the prices are for',
        ),
        z.strictObject({ input: perMillion('input'), output: perMillion('output') }),
      ),
      'a mapping of provider:model ids to {input, output}',
      'prices over the defaults; an entry replaces the default of its model',
      'model',
    ),
  }),
  'a mapping with prices',
  'token prices, for the cost per call, per case and per model',
);

export const PRICES_FILE: UserFileSpec<typeof PRICES_SCHEMA> = {
  name: 'prices',
  title: 'mcpgate price file',
  schema: PRICES_SCHEMA,
  role: { what: 'price file', namedBy: '--prices' },
  whenEmpty: 'write "prices:" with "provider:model": {input, output} entries, in US dollars per million tokens',
  entries: [{ map: ['prices'], noun: 'model' }],
};

export function loadPriceTable(file: string): PriceTable {
  const { value } = loadUserFile(PRICES_FILE, file);
  const table = defaultPriceTable();
  for (const [model, { input, output }] of Object.entries(value.prices))
    table.prices[canonicalModel(model)] = { inputPerMTok: input, outputPerMTok: output };
  return { source: file, prices: table.prices };
}

export function priceOf(table: PriceTable, model: string): Price | undefined {
  return table.prices[canonicalModel(model)];
}

/** Cost in US dollars, or null when the model has no price or a token count is unknown. */
export function costOf(price: Price | undefined, inputTokens: number | undefined, outputTokens: number | undefined): number | null {
  if (!price || inputTokens === undefined || outputTokens === undefined) return null;
  return (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1_000_000;
}
