/** The generated golden set the eval benchmarks run against a server with a get_weather(city) tool. */

const CITIES = ['Paris', 'Tokyo', 'Berlin', 'Lagos', 'Sydney'];

export interface WeatherCase {
  id: string;
  prompt: string;
  /** The city the case expects get_weather to be called with (normalized match). */
  expected: string;
}

/** N cases for get_weather; every tenth names a city the reference server does not know and expects another, so it fails. */
export function weatherCases(cases: number): WeatherCase[] {
  return Array.from({ length: cases }, (_, i) => {
    const city = i % 10 === 9 ? 'Atlantis' : CITIES[i % CITIES.length]!;
    return { id: `weather-${i}`, prompt: `What is the weather in ${city} right now? (case ${i})`, expected: i % 10 === 9 ? 'Paris' : city };
  });
}

/** The same cases as a golden file. */
export function weatherGolden(cases: number): string {
  const lines = ['cases:'];
  for (const { id, prompt, expected } of weatherCases(cases)) {
    lines.push(
      `  - id: ${id}`,
      `    prompt: ${prompt}`,
      `    expect_tool: get_weather`,
      `    expect_args:`,
      `      city: { match: normalized, value: ${expected} }`,
    );
  }
  return lines.join('\n') + '\n';
}
