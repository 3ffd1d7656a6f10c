/** The generated golden set the eval benchmarks run against the reference server. */

const CITIES = ['Paris', 'Tokyo', 'Berlin', 'Lagos', 'Sydney'];

/** N cases for the reference server's get_weather; every tenth names a city it does not know, so it fails. */
export function weatherGolden(cases: number): string {
  const lines = ['cases:'];
  for (let i = 0; i < cases; i++) {
    const city = i % 10 === 9 ? 'Atlantis' : CITIES[i % CITIES.length]!;
    const expected = i % 10 === 9 ? 'Paris' : city;
    lines.push(
      `  - id: weather-${i}`,
      `    prompt: What is the weather in ${city} right now? (case ${i})`,
      `    expect_tool: get_weather`,
      `    expect_args:`,
      `      city: { match: normalized, value: ${expected} }`,
    );
  }
  return lines.join('\n') + '\n';
}
