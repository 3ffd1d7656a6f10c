/**
 * What each tool does, over the fixed data in fake-data.ts. Handlers receive arguments that already
 * passed the input schema; failures of the tool itself (unknown city, unknown invoice) come back as
 * results with isError, as the tools page asks, never as JSON-RPC errors.
 */

import { CITIES, CUSTOMERS, FORECAST_CONDITIONS, INVOICES, USD_RATES, findInvoice, type CityWeather } from './fake-data.js';
import type { JsonObject } from './jsonrpc.js';

export interface ToolOutcome {
  content: JsonObject[];
  structuredContent?: JsonObject;
  isError?: true;
}

export type ToolHandler = (args: JsonObject) => ToolOutcome;

export const TOOL_HANDLERS: Readonly<Record<string, ToolHandler>> = {
  get_weather(args) {
    const city = findCity(args.city);
    if (!city) return unknownCity(args.city);
    const units = unitsOf(args);
    return structured({ city: city.city, temperature: convertTemperature(city.celsius, units), units, conditions: city.conditions });
  },

  get_forecast(args) {
    const city = findCity(args.city);
    if (!city) return unknownCity(args.city);
    const units = unitsOf(args);
    const count = typeof args.days === 'number' ? args.days : 3;
    const seed = city.city.length;
    const days = Array.from({ length: count }, (_, index) => {
      const swing = ((seed + index * 3) % 5) - 2;
      return {
        day: index + 1,
        high: convertTemperature(city.celsius + swing + 3, units),
        low: convertTemperature(city.celsius + swing - 4, units),
        conditions: FORECAST_CONDITIONS[(seed + index) % FORECAST_CONDITIONS.length] ?? 'clear',
      };
    });
    return structured({ city: city.city, units, days });
  },

  convert_currency(args) {
    const amount = Number(args.amount);
    const from = String(args.from);
    const to = String(args.to);
    const fromRate = USD_RATES[from];
    const toRate = USD_RATES[to];
    if (fromRate === undefined || toRate === undefined) {
      return failure(`No reference rate for ${fromRate === undefined ? from : to}. Supported: ${Object.keys(USD_RATES).join(', ')}.`);
    }
    const rate = round(toRate / fromRate, 6);
    return structured({ amount, from, to, rate, converted: round(amount * rate, 2) });
  },

  lookup_customer(args) {
    const customer = CUSTOMERS.find(
      (candidate) => candidate.id === args.customer_id || candidate.email.toLowerCase() === String(args.email ?? '').toLowerCase(),
    );
    if (!customer) return failure('No customer matches that email or id.');
    return structured({ customer: { ...customer } });
  },

  search_invoices(args) {
    const range = (args.date_range ?? {}) as JsonObject;
    const limit = typeof args.limit === 'number' ? args.limit : 10;
    const invoices = INVOICES.filter(
      (invoice) =>
        (args.customer_id === undefined || invoice.customer_id === args.customer_id) &&
        (args.status === undefined || invoice.status === args.status) &&
        (typeof range.from !== 'string' || invoice.issued_on >= range.from) &&
        (typeof range.to !== 'string' || invoice.issued_on <= range.to),
    )
      .sort((a, b) => b.issued_on.localeCompare(a.issued_on))
      .slice(0, limit)
      .map((invoice) => ({ ...invoice }));
    return structured({ invoices });
  },

  create_invoice(args) {
    const customer = CUSTOMERS.find((candidate) => candidate.id === args.customer_id);
    if (!customer) return failure(`Unknown customer ${String(args.customer_id)}.`);
    const id = `INV-${2000 + (checksum(JSON.stringify(args)) % 1000)}`;
    // Stateless by design: nothing is stored, so the same arguments always name the same draft.
    return text(`Created draft invoice ${id} for ${customer.name}: ${String(args.amount)} ${String(args.currency)}.`);
  },

  delete_invoice(args) {
    const invoice = findInvoice(String(args.invoice_id));
    if (!invoice) return failure(`Invoice ${String(args.invoice_id)} does not exist.`);
    return text(`Deleted invoice ${invoice.id}. (Demo server: nothing is stored, so it still appears in searches.)`);
  },

  send_email(args) {
    return text(`Email "${String(args.subject)}" queued for ${String(args.to)}. (Demo server: nothing is sent.)`);
  },

  get_usage_report() {
    return text('This demo server keeps no usage statistics.');
  },
};

function findCity(name: unknown): CityWeather | undefined {
  const wanted = String(name).trim().toLowerCase();
  return CITIES.find((entry) => entry.city.toLowerCase() === wanted);
}

function unknownCity(name: unknown): ToolOutcome {
  return failure(`No weather data for "${String(name)}". Known cities: ${CITIES.map((entry) => entry.city).join(', ')}.`);
}

function unitsOf(args: JsonObject): 'celsius' | 'fahrenheit' {
  return args.units === 'fahrenheit' ? 'fahrenheit' : 'celsius';
}

function convertTemperature(celsius: number, units: 'celsius' | 'fahrenheit'): number {
  return units === 'fahrenheit' ? round(celsius * 1.8 + 32, 1) : celsius;
}

/** Structured results repeat their JSON in a text block for clients that ignore structuredContent. */
function structured(value: JsonObject): ToolOutcome {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

function text(message: string): ToolOutcome {
  return { content: [{ type: 'text', text: message }] };
}

function failure(message: string): ToolOutcome {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function checksum(value: string): number {
  let sum = 0;
  for (const char of value) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return sum;
}
