/** The files `mcpgate init` writes, as text. Comments in them explain each setting to a newcomer. */

import { checkCallsLines, type ToolSketch } from './call-suggestions.js';
import { commentText, quoted } from './yaml-text.js';

export type { ToolSketch } from './call-suggestions.js';

export interface ServerSketch {
  url?: string;
  stdio?: string;
  /** The command that starts the HTTP server at `url` (init --start). */
  start?: string;
}

function serverLines(server: ServerSketch): string {
  if (!server.url) return `  stdio: ${JSON.stringify(server.stdio ?? 'node build/server.js')}`;
  const start = server.start
    ? `  start:                   # mcpgate run starts the server, waits for the url, and ends it after the run
    command: ${JSON.stringify(server.start)}
    wait_ms: 30000`
    : `  # start:                 # mcpgate run starts the server, waits for the url, and ends it after the run
  #   command: "node build/server.js --port 3000"
  #   wait_ms: 30000`;
  return `  url: ${server.url}\n${start}`;
}

/** `tools`: what the server listed, for the commented-out `check.calls` suggestions (call-suggestions.ts). */
export function configTemplate(server: ServerSketch, tools: readonly ToolSketch[] = []): string {
  return `# mcpgate configuration: \`mcpgate run\` reads this file.
# Every key is optional except server.url or server.stdio. Values like \${VAR} come from the environment.

server:
${serverLines(server)}
  # headers:
  #   Authorization: "Bearer \${MCP_TOKEN}"
  # env:                     # a stdio server gets only PATH, HOME, the locale and these
  #   API_TOKEN: "\${API_TOKEN}"

check:                       # layer 0: protocol conformance, free, always runs
  strict: false              # true: SHOULD violations fail the run too
  # expected_failures: .mcpgate/expected-failures.txt
${checkCallsLines(tools).join('\n')}

eval:                        # layer 1: runs when models are listed
  golden: golden/tasks.yaml
  models: [baseline]         # e.g. [openai:gpt-4.1-mini, anthropic:claude-haiku-4-5]; baseline needs no key
  # judge: openai:gpt-4.1    # pinned judge for rubrics; without one, task completion is not measured
  runs: 5
  soft_floor: 0.8
  cache: write               # off | read | write | refresh
  # max_rounds: 4            # MRTR input rounds answered per tool call before it counts as failed
  # roots: [file:///path/to/project]   # roots declared to MRTR roots requests; none: not declared

# chaos:                     # layer 2
#   enabled: true
#   pins: tools.lock

gate:
  baseline: auto             # the last green run in the history
  max_drop: 0.02

report:
  dir: .mcpgate/reports
  formats: [json, junit, markdown, sarif, html]

history:
  dir: .mcpgate/history
  record: true
`;
}

function firstSentence(text: string | undefined): string {
  const sentence = (text ?? '').split(/(?<=[.!?])\s/)[0]?.trim() ?? '';
  return commentText(sentence).slice(0, 120);
}

export function goldenTemplate(tools: ToolSketch[]): string {
  const positives = tools.slice(0, 8).map(
    (tool) => `  # ${commentText(tool.name)}: ${firstSentence(tool.description) || 'no description'}
  - id: ${tool.name.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100)}-basic
    prompt: ${quoted(`REPLACE ME: a request a user would type that needs ${tool.name}`)}
    expect_tool: ${quoted(tool.name)}
    draft: true
`,
  );
  const example =
    tools.length === 0
      ? `  - id: example-tool-case
    prompt: "What's the weather in Paris?"
    expect_tool: get_weather
    expect_args:
      city: { match: normalized, value: paris }
    rubric: rubric.md#weather
    draft: true
`
      : '';
  return `# Golden set: natural-language tasks and the tool calls they should produce.
# Format: docs/golden-format.md of mcpgate. Every case below is a draft (draft: true): \`mcpgate run\`
# refuses drafts (exit 2) until you replace each prompt with a real user request and delete its
# "draft: true" line (or pass --allow-drafts to skip the drafts for now).
defaults:
  kind: soft                 # hard cases must pass every run; soft ones soft_floor of them
cases:
${positives.join('\n')}${example}
  # Negative cases: no tool fits, so calling one is over-activation.
  - id: negative-small-talk
    prompt: "Thanks, that's all for today!"
    expect_tool: null
    draft: true
  - id: negative-general-knowledge
    prompt: "What is the capital of Australia?"
    expect_tool: null
    draft: true
  - id: negative-out-of-scope
    prompt: "Book me a flight to Tokyo next Friday."
    expect_tool: null
    draft: true
`;
}

export const RUBRIC_TEMPLATE = `# Rubrics for task completion

A rubric tells the judge model (\`eval.judge\`) what a complete answer contains. Put it inline in a case
(\`rubric: ...\`) or keep the longer ones here and copy them into the cases that need them.

## weather
The answer states the current conditions and temperature for the requested city exactly as the
tool returned them, in the requested units, and invents nothing the tool did not return.
`;

/**
 * The workflow installs mcpgate from the tarball `npm pack` makes (README, "CI"), into a directory of
 * its own so the project's own dependencies stay as they are; the server is the one mcpgate.yaml names,
 * which `mcpgate run` starts and ends itself.
 */
export function workflowTemplate(version: string): string {
  const install = `      - name: Install the project's dependencies
        run: if [ -f package-lock.json ]; then npm ci; fi
      - name: Install mcpgate
        run: |
          pkg="$MCPGATE_PACKAGE"; if [ -f "$pkg" ]; then pkg="$PWD/$pkg"; fi
          npm install --prefix "$RUNNER_TEMP/mcpgate" --no-audit --no-fund --prefer-offline "$pkg"
          echo "$RUNNER_TEMP/mcpgate/node_modules/.bin" >> "$GITHUB_PATH"`;
  const setup = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
${install}`;
  return `# mcpgate in CI: conformance on every push; behaviour, resilience and telemetry nightly or on the
# "run-evals" label; the cross-model matrix weekly. \`mcpgate run\` starts the server mcpgate.yaml names
# (server.start for an HTTP server, server.stdio otherwise) and ends it after the run.
name: mcpgate
on:
  push:
  pull_request:
    types: [opened, synchronize, labeled]
  schedule:
    - cron: "17 3 * * *"     # nightly: layers 1 to 3
    - cron: "41 4 * * 1"     # weekly: cross-model matrix
  workflow_dispatch:

env:
  # The tarball \`npm pack\` makes in a clone of mcpgate, committed here (or a URL the runner can fetch).
  MCPGATE_PACKAGE: vendor/mcpgate-${version}.tgz

jobs:
  conformance:
    runs-on: ubuntu-latest
    steps:
${setup}
      - name: Layer 0 conformance
        run: mcpgate run --config mcpgate.yaml --check-only
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: mcpgate-conformance, path: .mcpgate/reports }

  evals:
    if: github.event_name == 'schedule' || github.event_name == 'workflow_dispatch' || contains(github.event.pull_request.labels.*.name, 'run-evals')
    runs-on: ubuntu-latest
    env:
      OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
      ANTHROPIC_API_KEY: \${{ secrets.ANTHROPIC_API_KEY }}
    steps:
${setup}
      # Model answers are cached by content; the key follows the golden set, so an unchanged suite costs nothing.
      - uses: actions/cache@v4
        with:
          path: .mcpgate/cache
          key: mcpgate-models-\${{ hashFiles('golden/**') }}
          restore-keys: mcpgate-models-
      # The history keeps every run's report inside it: this cache alone is the baseline of the next run.
      - uses: actions/cache@v4
        with:
          path: .mcpgate/history
          key: mcpgate-history-\${{ github.run_id }}
          restore-keys: mcpgate-history-
      - name: Every configured layer, gated against the last green run
        run: mcpgate run --config mcpgate.yaml
      - if: always()
        run: if [ -f .mcpgate/reports/summary.md ]; then cat .mcpgate/reports/summary.md >> "$GITHUB_STEP_SUMMARY"; fi
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: mcpgate-reports, path: .mcpgate/reports }

  matrix:
    if: github.event.schedule == '41 4 * * 1'
    runs-on: ubuntu-latest
    strategy:
      matrix:
        model: [openai:gpt-4.1-mini, anthropic:claude-haiku-4-5, google:gemini-2.5-flash]
    env:
      OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
      ANTHROPIC_API_KEY: \${{ secrets.ANTHROPIC_API_KEY }}
      GOOGLE_GENERATIVE_AI_API_KEY: \${{ secrets.GOOGLE_GENERATIVE_AI_API_KEY }}
    steps:
${setup}
      - name: Layers 0 to 3 with one model
        run: mcpgate run --config mcpgate.yaml --model "\${{ matrix.model }}"
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: "mcpgate-eval-\${{ strategy.job-index }}", path: .mcpgate/reports }
`;
}
