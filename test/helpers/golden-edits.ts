/**
 * Golden cases for the bundled reference server, as YAML lines, and the edits a team makes to a golden
 * set in a week: shared by the gate tests that run `mcpgate run` across edits. The lexical baseline
 * model passes every case here except `tokyo`, a soft case it misses (the units are not quoted).
 */

export const GOLDEN_CASES = {
  weather: [
    '  - id: weather-paris-now',
    "    prompt: What's the weather like in Paris right now?",
    '    expect_tool: get_weather',
    '    expect_args: {city: {match: normalized, value: Paris}}',
    '    kind: hard',
  ],
  tokyo: [
    '  - id: weather-tokyo-fahrenheit',
    "    prompt: how warm is it in tokyo at the moment? fahrenheit please, I'm American",
    '    expect_tool: get_weather',
    '    expect_args: {city: {match: normalized, value: Tokyo}, units: fahrenheit}',
  ],
  plan: ['  - id: customer-plan-by-id', '    prompt: Which plan is customer CUS-003 on?', '    expect_tool: lookup_customer'],
  invoices: [
    '  - id: invoices-for-customer',
    '    prompt: List all invoices for customer CUS-002.',
    '    expect_tool: search_invoices',
    '    expect_args: {customer_id: CUS-002}',
  ],
  capital: ['  - id: none-general-knowledge', "    prompt: What's the capital of Australia?", '    expect_tool: null'],
  arithmetic: ['  - id: none-arithmetic', "    prompt: What's 15% of 80?", '    expect_tool: null'],
  flight: ['  - id: none-book-flight', '    prompt: Book me a flight from London to Tokyo next Friday.', '    expect_tool: null'],
};

type CaseName = keyof typeof GOLDEN_CASES;

export function goldenFile(cases: string[][]): string {
  return ['defaults:', '  runs: 5', 'cases:', ...cases.flat(), ''].join('\n');
}

/** The set before and after an edit three ways: none-book-flight added, customer-plan-by-id reworded, none-arithmetic removed. */
export function goldenEdit(extra: CaseName[] = []): { original: string; edited: string } {
  const c = GOLDEN_CASES;
  const more = extra.map((name) => c[name]);
  return {
    original: goldenFile([c.weather, ...more, c.plan, c.invoices, c.capital, c.arithmetic]),
    edited: goldenFile([
      c.weather,
      ...more,
      c.plan.map((line) => line.replace('Which plan is', 'What plan is')),
      c.invoices,
      c.capital,
      c.flight,
    ]),
  };
}

/** Served in place of the server's own: lookup_customer now claims invoices, so the lexical model picks it. */
export const INVOICE_LURE = 'lookup_customer: List all invoices for a customer, every invoice listed for the customer id.\n';
