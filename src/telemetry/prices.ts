/**
 * Token prices per model, for cost per call, per case and per model. Defaults cover common models
 * and carry the date they were read; a price file overrides or extends them. A model without a
 * price is reported with an unknown cost, never a cost of zero.
 */

import { readNamedFile } from '../shared/files.js';
import { parse } from 'yaml';

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

export class PriceTableError extends Error {}

/** The chat-completions flavour of an OpenAI model costs the same as the responses one. */
function canonicalModel(model: string): string {
  return model.startsWith('openai-chat:') ? `openai:${model.slice('openai-chat:'.length)}` : model;
}

export function defaultPriceTable(): PriceTable {
  return { source: `defaults (as of ${DEFAULT_PRICES_AS_OF})`, prices: { ...DEFAULT_PRICES } };
}

/**
 * A price file is YAML or JSON: `prices: { "provider:model": { input: 0.4, output: 1.6 } }`, in US
 * dollars per million tokens. It extends the defaults; an entry replaces the default for its model.
 */
export function loadPriceTable(file: string): PriceTable {
  let data: unknown;
  const text = readNamedFile(file, 'price file');
  try {
    data = parse(text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PriceTableError(
      code === 'ENOENT' ? `price file not found: ${file}` : `${file}: not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const prices = (data as { prices?: unknown } | null)?.prices;
  if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) {
    throw new PriceTableError(
      `${file}: expected a "prices" mapping of "provider:model" to { input, output } (US dollars per million tokens)`,
    );
  }
  const table = defaultPriceTable();
  for (const [model, entry] of Object.entries(prices)) {
    const e = entry as Record<string, unknown> | null;
    const keys = e && typeof e === 'object' ? Object.keys(e) : [];
    const unknown = keys.filter((k) => k !== 'input' && k !== 'output');
    if (unknown.length > 0)
      throw new PriceTableError(`${file}: prices."${model}" has unknown key "${unknown[0]}" (expected input and output)`);
    if (!e || typeof e.input !== 'number' || typeof e.output !== 'number' || e.input < 0 || e.output < 0) {
      throw new PriceTableError(`${file}: prices."${model}" needs numbers input and output >= 0 (US dollars per million tokens)`);
    }
    if (model !== 'baseline' && !/^[a-z][a-z0-9-]*:.+$/.test(model))
      throw new PriceTableError(`${file}: "${model}" is not a provider:model id`);
    table.prices[canonicalModel(model)] = { inputPerMTok: e.input, outputPerMTok: e.output };
  }
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
