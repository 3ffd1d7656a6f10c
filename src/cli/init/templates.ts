/** The files `mcpgate init` writes, as text. Comments in them explain each setting to a newcomer. */

import { checkCallsLines, type ToolSketch } from './call-suggestions.js';

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

/** Layer 1 is on when init drafted a golden set; otherwise its keys are written commented out, saying why. */
function evalLines(golden: boolean): string {
  if (golden)
    return `eval:                        # layer 1: runs when models are listed
  golden: golden/tasks.yaml
  models: [baseline]         # e.g. [openai:gpt-4.1-mini, anthropic:claude-haiku-4-5]; baseline needs no key`;
  return `eval:                        # layer 1: runs when models are listed; off: init drafted no golden set (no tools listed)
  # golden: golden/tasks.yaml  # write one (docs/golden-format.md of mcpgate), or: mcpgate golden draft --url ...
  # models: [baseline]       # e.g. [openai:gpt-4.1-mini, anthropic:claude-haiku-4-5]; baseline needs no key`;
}

/**
 * `tools`: what the server listed, for the commented-out `check.calls` suggestions (call-suggestions.ts);
 * `golden`: whether init wrote golden/tasks.yaml.
 */
export function configTemplate(server: ServerSketch, tools: readonly ToolSketch[] = [], golden = true): string {
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
  # expected_failures: expected-failures.txt   # check ids knowingly failed, one per line (.mcpgate/ is not committed)
${checkCallsLines(tools).join('\n')}

${evalLines(golden)}
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
