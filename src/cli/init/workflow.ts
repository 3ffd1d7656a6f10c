/**
 * The GitHub workflow `mcpgate init` writes. It installs mcpgate from the tarball `npm pack` makes
 * (docs/guide/ci.md), into a directory of its own so the project's dependencies stay as they are; builds
 * the project; and runs the server mcpgate.yaml names, which `mcpgate run` starts and ends itself.
 * Every job restores the run history and saves it after the run whatever its outcome: a failed or
 * inconclusive run is part of the history too, and the gate, not the cache, picks the baseline. The
 * history's pages (`mcpgate view --export`) go into the reports folder, which each job uploads.
 * With --oauth, every job that runs mcpgate first starts `mcpgate auth-server` (init/oauth.ts).
 * test/e2e/cli/package-workflow.test.ts runs the steps as written.
 */

import { CI_OAUTH } from './oauth.js';

/** Where the workflow expects the tarball until mcpgate is on a registry; init tells the user how to put it there. */
export function vendoredPackage(version: string): string {
  return `vendor/mcpgate-${version}.tgz`;
}

/** What to do about the tarball, as init prints it and the workflow's error repeats it. */
export function packageSteps(version: string): string[] {
  const path = vendoredPackage(version);
  return [
    `mcpgate is not on a registry yet: the workflow installs it from ${path}, which you make once and commit:`,
    `  in a clone of mcpgate:  npm ci && npm pack      (writes mcpgate-${version}.tgz)`,
    `  in this project:        mkdir -p vendor && cp /path/to/mcpgate/mcpgate-${version}.tgz ${path}`,
    `                          git add ${path} && git commit -m "Vendor mcpgate ${version} for CI"`,
    `  (or set MCPGATE_PACKAGE at the top of .github/workflows/mcpgate.yml to a URL the runner can fetch)`,
  ];
}

/** Runs whose pages each job uploads: a page per run and per comparison, so the artifact stays small as the history grows. */
const EXPORTED_RUNS = 50;

/** One history per job (and per model of the matrix), so parallel jobs never save over each other's runs. */
function historySteps(scope: string, run: string): string {
  const key = `mcpgate-history-${scope}-\${{ github.run_id }}-\${{ github.run_attempt }}`;
  return `      # The history keeps every run's report: the gate picks the baseline from it, whatever the cache holds.
      - name: Restore the run history
        uses: actions/cache/restore@v4
        with:
          path: .mcpgate/history
          key: ${key}
          restore-keys: mcpgate-history-${scope}-
${run}
      # The history as pages (runs, each run against its baseline, each case over time), uploaded with the reports: view/index.html.
      - name: Export the run history's pages
        if: always() && hashFiles('.mcpgate/history/**') != ''
        run: mcpgate view --export .mcpgate/reports/view --last ${EXPORTED_RUNS}
      # Saved after every run, green or not: failed and inconclusive runs belong to the history too.
      - name: Save the run history
        if: always() && hashFiles('.mcpgate/history/**') != ''
        uses: actions/cache/save@v4
        with:
          path: .mcpgate/history
          key: ${key}`;
}

function setupSteps(version: string, build: boolean): string {
  const install = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - name: Install mcpgate
        run: |
          pkg="$MCPGATE_PACKAGE"
          case "$pkg" in
            http://* | https://*) ;;
            *)
              if [ ! -f "$pkg" ]; then
                echo "::error title=mcpgate is not installed::$pkg is not in the repository. mcpgate is not on a registry yet: run 'npm ci && npm pack' in a clone of mcpgate, copy the mcpgate-${version}.tgz it writes to $pkg and commit it, or set MCPGATE_PACKAGE at the top of this workflow to a URL the runner can fetch."
                exit 2
              fi
              pkg="$PWD/$pkg" ;;
          esac
          npm install --prefix "$RUNNER_TEMP/mcpgate" --no-audit --no-fund --prefer-offline "$pkg"
          echo "$RUNNER_TEMP/mcpgate/node_modules/.bin" >> "$GITHUB_PATH"`;
  if (!build) return install;
  return `${install}
      # A server built some other way (make, cargo, pip): put its build command here.
      - name: Install and build the project
        run: |
          if [ -f package-lock.json ]; then npm ci; elif [ -f package.json ]; then npm install --no-audit --no-fund; fi
          if [ -f package.json ]; then npm run build --if-present; fi`;
}

/**
 * `mcpgate auth-server` in the background for the rest of the job (the runner ends it with the job),
 * with a client secret made up here, masked in the log and handed to the later steps; the step waits
 * until the issuer prints its URL, or shows its log and fails.
 */
function testIssuerStep(): string {
  const { port, clientId, secretVariable, issuerVariable } = CI_OAUTH;
  return `      # The server under test trusts this issuer (it reads $${issuerVariable}): mcpgate run gets its tokens
      # there, and the auth checks the tokens it forges. 127.0.0.1 only, and only for this job.
      - name: Start the test OAuth issuer
        run: |
          secret="$(node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('hex'))")"
          echo "::add-mask::$secret"
          echo "${secretVariable}=$secret" >> "$GITHUB_ENV"
          mkdir -p .mcpgate
          ${secretVariable}="$secret" nohup mcpgate auth-server --port ${port} --oauth-client-id ${clientId} --oauth-client-secret-env ${secretVariable} > .mcpgate/auth-server.log 2>&1 &
          for attempt in $(seq 150); do
            if grep -qx "$${issuerVariable}" .mcpgate/auth-server.log; then exit 0; fi
            sleep 0.2
          done
          echo "::error title=mcpgate auth-server did not start::see the log below"
          cat .mcpgate/auth-server.log
          exit 1`;
}

const MODEL_KEYS = `      OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
      ANTHROPIC_API_KEY: \${{ secrets.ANTHROPIC_API_KEY }}
      GOOGLE_GENERATIVE_AI_API_KEY: \${{ secrets.GOOGLE_GENERATIVE_AI_API_KEY }}`;

/** The line above the commented sharded jobs; every line under it that starts with `#` is one of them. */
export const SHARDED_EVALS_MARKER = '  # Opt-in: the nightly evals sharded over a matrix of runners.';

/**
 * The nightly evals split over a matrix of runners (`mcpgate run --shard i/n`, n the size of the
 * matrix), then one job that merges the shard reports and gates and records the merged report as
 * the unsharded `evals` job would. A shard's own verdict is not the gate's (it judged part of the
 * cases, ungated), so only a shard that measured nothing (exit 2, 3, 4) fails its job; the merge job
 * runs whatever the shards said and finds a missing report.
 */
export function shardedEvalJobs(version: string, issuer: string): string {
  return `  eval-shards:
    if: github.event.schedule == '17 3 * * *' || github.event_name == 'workflow_dispatch' || contains(github.event.pull_request.labels.*.name, 'run-evals')
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [1, 2, 3, 4]
    env:
${MODEL_KEYS}
    steps:
${setupSteps(version, true)}${issuer}
      - uses: actions/cache@v4
        with:
          path: .mcpgate/cache
          key: mcpgate-models-\${{ hashFiles('golden/**') }}-\${{ matrix.shard }}
          restore-keys: mcpgate-models-
      - name: Every configured layer on one shard of the golden set (layer 2 in shard 1)
        run: mcpgate run --config mcpgate.yaml --shard \${{ matrix.shard }}/\${{ strategy.job-total }} || { code=$?; [ "$code" -eq 1 ] || [ "$code" -eq 5 ] || exit "$code"; }
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: "mcpgate-shard-\${{ matrix.shard }}", path: .mcpgate/reports/report.json, if-no-files-found: error }

  eval-merge:
    needs: eval-shards
    if: \${{ !cancelled() }}
    runs-on: ubuntu-latest
    steps:
${setupSteps(version, false)}
      - uses: actions/download-artifact@v4
        with: { pattern: mcpgate-shard-*, path: shards }
${historySteps(
  'evals',
  `      - name: The shards merged into one report, gated against the last green run
        run: |
          mkdir -p .mcpgate/reports
          mcpgate merge shards/*/report.json --out .mcpgate/reports/report.json --markdown .mcpgate/reports/summary.md
          mcpgate gate --report .mcpgate/reports/report.json --baseline auto --record`,
)}
      - if: always()
        run: if [ -f .mcpgate/reports/summary.md ]; then cat .mcpgate/reports/summary.md >> "$GITHUB_STEP_SUMMARY"; fi
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: mcpgate-reports, path: .mcpgate/reports, if-no-files-found: ignore }`;
}

/** The sharded jobs as comments: the default workflow stays as it is until they are uncommented. */
function commentedShardedEvals(version: string, issuer: string): string {
  const jobs = shardedEvalJobs(version, issuer)
    .split('\n')
    .map((line) => `#${line}`)
    .join('\n');
  return `
${SHARDED_EVALS_MARKER}
  # A golden set and model list too big for one runner: remove the \`evals\` job above, uncomment the two
  # jobs below (remove the first \`#\` of each line) and list the shards in \`matrix.shard\`. Each case
  # runs in one shard; \`eval-merge\` merges the shard reports and gates and records the merged report
  # in the history of \`evals\`, exactly as the unsharded job does (docs/gate.md, "Sharding and merge").
${jobs}
`;
}

export function workflowTemplate(version: string, options: { oauth?: boolean } = {}): string {
  const issuer = options.oauth ? `\n${testIssuerStep()}` : '';
  const issuerEnv = options.oauth
    ? `
  # The test OAuth issuer every job starts (mcpgate auth-server): the server under test must trust it.
  ${CI_OAUTH.issuerVariable}: ${CI_OAUTH.issuer}`
    : '';
  return `# mcpgate in CI: conformance on every push; behaviour, resilience and telemetry nightly or on the
# "run-evals" label; weekly, one job per model of eval.models in mcpgate.yaml. \`mcpgate run\` starts the
# server mcpgate.yaml names (server.start for an HTTP server, server.stdio otherwise) and ends it after
# the run. Each job keeps its run history in the Actions cache.
name: mcpgate
on:
  push:
  pull_request:
    types: [opened, synchronize, labeled]
  schedule:
    - cron: "17 3 * * *"     # nightly: layers 1 to 3
    - cron: "41 4 * * 1"     # weekly: one job per model of eval.models
  workflow_dispatch:

env:
  # mcpgate is not on a registry yet: the tarball \`npm pack\` makes in a clone of mcpgate, committed at
  # this path (\`mcpgate init\` printed how), or a URL the runner can fetch.
  MCPGATE_PACKAGE: ${vendoredPackage(version)}${issuerEnv}

jobs:
  conformance:
    runs-on: ubuntu-latest
    steps:
${setupSteps(version, true)}${issuer}
${historySteps(
  'conformance',
  `      - name: Layer 0 conformance
        run: mcpgate run --config mcpgate.yaml --check-only`,
)}
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: mcpgate-conformance, path: .mcpgate/reports, if-no-files-found: ignore }

  evals:
    if: github.event.schedule == '17 3 * * *' || github.event_name == 'workflow_dispatch' || contains(github.event.pull_request.labels.*.name, 'run-evals')
    runs-on: ubuntu-latest
    env:
${MODEL_KEYS}
    steps:
${setupSteps(version, true)}${issuer}
      # Model answers are cached by content; the key follows the golden set, so an unchanged suite costs nothing.
      - uses: actions/cache@v4
        with:
          path: .mcpgate/cache
          key: mcpgate-models-\${{ hashFiles('golden/**') }}
          restore-keys: mcpgate-models-
${historySteps(
  'evals',
  `      - name: Every configured layer, gated against the last green run
        run: mcpgate run --config mcpgate.yaml`,
)}
      - if: always()
        run: if [ -f .mcpgate/reports/summary.md ]; then cat .mcpgate/reports/summary.md >> "$GITHUB_STEP_SUMMARY"; fi
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: mcpgate-reports, path: .mcpgate/reports, if-no-files-found: ignore }
${commentedShardedEvals(version, issuer)}
  # The matrix is eval.models of mcpgate.yaml as committed: one job per model, none when it lists none.
  models:
    if: github.event.schedule == '41 4 * * 1'
    runs-on: ubuntu-latest
    outputs:
      models: \${{ steps.models.outputs.models }}
    steps:
${setupSteps(version, false)}
      - id: models
        name: The models of eval.models, as a JSON list
        run: |
          models="$(mcpgate run --config mcpgate.yaml --list-models)"
          echo "models=$models" >> "$GITHUB_OUTPUT"

  matrix:
    needs: models
    if: needs.models.outputs.models != '[]'
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        model: \${{ fromJSON(needs.models.outputs.models) }}
    env:
${MODEL_KEYS}
      MCPGATE_MODEL: \${{ matrix.model }}
    steps:
${setupSteps(version, true)}${issuer}
      # No model cache: the weekly run asks each model afresh, so a model changed behind its id shows as drift.
${historySteps(
  'model-${{ matrix.model }}',
  `      - name: Layers 0 to 3 with one model
        run: mcpgate run --config mcpgate.yaml --model "$MCPGATE_MODEL"`,
)}
      - if: always()
        uses: actions/upload-artifact@v4
        with: { name: "mcpgate-eval-\${{ strategy.job-index }}", path: .mcpgate/reports, if-no-files-found: ignore }
`;
}
