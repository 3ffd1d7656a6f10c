/**
 * Paths in mcpgate.yaml are relative to the file: `mcpgate run --config services/api/mcpgate.yaml` from
 * anywhere reads and writes beside that file, and starts its servers there.
 */

import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/pipeline/config.js';
import { inConfigFolder, pathKeys } from '../../../src/pipeline/config-paths.js';
import { CONFIG_SCHEMA } from '../../../src/pipeline/config-schema.js';
import { planRun } from '../../../src/pipeline/run-plan.js';
import { describeKeys } from '../../../src/shared/user-files/describe-keys.js';
import { FileProblemsError } from '../../../src/shared/yaml/problems.js';
import { REFERENCE_SERVER, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { freePort } from '../../helpers/ports.js';

/** A project in `<root>/repo/svc`: the files a config names, written with the paths relative to it. */
function project(): { root: string; svc: string } {
  const root = tempDir();
  const svc = join(root, 'repo/svc');
  mkdirSync(join(svc, 'golden'), { recursive: true });
  mkdirSync(join(root, 'elsewhere'));
  writeFileSync(join(svc, 'golden/tasks.yaml'), '- id: chit-chat\n  prompt: hi there\n  expect_tool: null\n');
  writeFileSync(join(svc, 'expected.txt'), '# none yet\n');
  writeFileSync(join(svc, 'prices.yaml'), 'prices:\n  "baseline": { input: 0, output: 0 }\n');
  writeFileSync(join(svc, 'descriptions.yaml'), 'get_weather: Current weather for a city.\n');
  writeFileSync(
    join(svc, 'faults.yaml'),
    "scenarios:\n  - id: weather-is-error\n    prompt: What's the weather in Tokyo right now?\n    tool: get_weather\n    fault: is-error\n",
  );
  return { root, svc };
}

const EVERY_PATH = `check:
  expected_failures: expected.txt
eval:
  golden: golden/tasks.yaml
  models: [baseline]
  runs: 1
  cache_dir: cache
  prices: prices.yaml
  descriptions: descriptions.yaml
chaos:
  pins: tools.lock
  faults: faults.yaml
report:
  dir: out
  formats: [json, markdown]
history:
  dir: hist
  record: true
`;

describe('which keys are paths', () => {
  it('the schema declares each key that names a file or folder, and no other', () => {
    expect(pathKeys().map(([section, key]) => `${section}.${key}`)).toEqual([
      'check.expected_failures',
      'eval.golden',
      'eval.cache_dir',
      'eval.prices',
      'eval.descriptions',
      'chaos.pins',
      'chaos.faults',
      'gate.baseline',
      'report.dir',
      'history.dir',
    ]);
    // A new key documented as a file or directory but declared as plain text would be read from the cwd.
    const documented = describeKeys(CONFIG_SCHEMA)
      .filter((key) => key.path.split('.').length === 2 && /\b(file|directory|folder)\b/.test(key.doc))
      .map((key) => key.path);
    const declared = pathKeys().map(([section, key]) => `${section}.${key}`);
    expect(documented.length).toBeGreaterThan(5);
    expect(documented.filter((key) => !declared.includes(key))).toEqual([]);
  });

  it('a relative path is joined to the folder of the config as given; an absolute one is kept', () => {
    expect(inConfigFolder('mcpgate.yaml', 'golden/tasks.yaml')).toBe('golden/tasks.yaml');
    expect(inConfigFolder('services/api/mcpgate.yaml', 'golden/tasks.yaml')).toBe('services/api/golden/tasks.yaml');
    expect(inConfigFolder('services/api/mcpgate.yaml', '../shared/prices.yaml')).toBe('services/shared/prices.yaml');
    expect(inConfigFolder('services/api/mcpgate.yaml', '/etc/mcpgate/prices.yaml')).toBe('/etc/mcpgate/prices.yaml');
    // An absolute config path inside the folder mcpgate runs in reads from there; outside it, whole.
    expect(inConfigFolder(join(process.cwd(), 'services/api/mcpgate.yaml'), 'golden/tasks.yaml')).toBe('services/api/golden/tasks.yaml');
    expect(inConfigFolder(join(process.cwd(), 'mcpgate.yaml'), '.')).toBe('.');
    expect(inConfigFolder('/elsewhere/api/mcpgate.yaml', 'golden/tasks.yaml')).toBe('/elsewhere/api/golden/tasks.yaml');
  });
});

describe('planRun takes every path from the folder of the config', () => {
  it('the files it reads, the folders it writes, their defaults, and where the servers run', () => {
    const { svc } = project();
    const file = join(svc, 'mcpgate.yaml');
    const plan = planRun(
      parseConfig(
        `server:\n  url: http://127.0.0.1:1/mcp\n  start:\n    command: node serve.js\n${EVERY_PATH}gate:\n  baseline: base.json\n`,
        file,
        {},
      ),
      file,
    );
    expect(plan.check.expectedFailures?.file).toBe(join(svc, 'expected.txt'));
    expect(plan.eval?.options).toMatchObject({
      golden: join(svc, 'golden/tasks.yaml'),
      cacheDir: join(svc, 'cache'),
      prices: join(svc, 'prices.yaml'),
      descriptions: join(svc, 'descriptions.yaml'),
    });
    expect(plan.chaos?.pins?.file).toBe(join(svc, 'tools.lock'));
    expect(plan.chaos?.agent.options.faults).toBe(join(svc, 'faults.yaml'));
    expect(plan.gate?.baseline).toBe(join(svc, 'base.json'));
    expect(plan.outputs).toEqual({ json: join(svc, 'out/report.json'), markdown: join(svc, 'out/summary.md') });
    expect(plan.history.dir).toBe(join(svc, 'hist'));
    expect(plan.start?.cwd).toBe(svc);

    const defaults = planRun(
      parseConfig(
        `server:\n  stdio: node serve.js\neval:\n  golden: golden/tasks.yaml\n  models: [baseline]\ngate:\n  baseline: auto\n`,
        file,
        {},
      ),
      file,
    );
    expect(defaults.target).toMatchObject({ kind: 'stdio', command: 'node serve.js', cwd: svc });
    expect(defaults.gate?.baseline).toBe('auto');
    expect(defaults.outputs.json).toBe(join(svc, '.mcpgate/reports/report.json'));
    expect(defaults.history.dir).toBe(join(svc, '.mcpgate/history'));
    expect(defaults.eval?.options.cacheDir).toBe(join(svc, '.mcpgate/cache/models'));
  });

  it('every missing file it would read, at once: the key, the path as written and where it was looked for', () => {
    const dir = tempDir();
    const file = join(dir, 'mcpgate.yaml');
    const config = parseConfig(
      `server:\n  url: http://127.0.0.1:1/mcp\neval:\n  golden: golden/tasks.yaml\n  models: [baseline]\nchaos:\n  pins: tools.lock\n  faults: /nonexistent/faults.yaml\n`,
      file,
      {},
    );
    let error: unknown;
    try {
      planRun(config, file);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(FileProblemsError);
    // A pin file that does not exist yet is written by the run: not a problem.
    expect((error as Error).message.split('\n')).toEqual([
      `${file}: eval.golden: no such file golden/tasks.yaml (looked for ${join(dir, 'golden/tasks.yaml')}) (a relative path is taken from the folder of ${file}, not from where mcpgate runs)`,
      `${file}: chaos.faults: no such file /nonexistent/faults.yaml`,
    ]);
  });
});

describe('mcpgate run --config from another folder', () => {
  it('reads, writes and starts the server beside the config', async () => {
    const { root, svc } = project();
    const port = await freePort();
    // A relative command: it is found only when server.start runs in the config's folder.
    writeFileSync(join(svc, 'serve.mjs'), `await import(${JSON.stringify(REFERENCE_SERVER)});\n`);
    writeFileSync(
      join(svc, 'mcpgate.yaml'),
      `server:\n  url: http://127.0.0.1:${port}/mcp\n  start:\n    command: node serve.mjs --port ${port}\n${EVERY_PATH}gate:\n  baseline: auto\n`,
    );
    const cwd = join(root, 'elsewhere');
    const run = await runCli(['run', '--config', '../repo/svc/mcpgate.yaml'], { cwd, timeoutMs: 90_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The paths the report names are where they were read, from the folder mcpgate ran in.
    const from = (path: string): string => relative(cwd, join(svc, path));
    const report = readPossibleReport(join(svc, 'out/report.json'));
    expect(report.eval?.golden.file).toBe(from('golden/tasks.yaml'));
    expect(report.target.fingerprint?.descriptions?.file).toBe(from('descriptions.yaml'));
    expect(report.chaos?.pins?.file).toBe(from('tools.lock'));
    expect(JSON.stringify(report)).toContain(JSON.stringify(from('expected.txt')));
    expect(JSON.stringify(report)).toContain(JSON.stringify(from('faults.yaml')));
    expect(JSON.stringify(report)).toContain(JSON.stringify(from('prices.yaml')));
    expect(readdirSync(svc).sort()).toEqual(
      [
        'descriptions.yaml',
        'expected.txt',
        'faults.yaml',
        'golden',
        'hist',
        'mcpgate.yaml',
        'out',
        'prices.yaml',
        'serve.mjs',
        'tools.lock',
      ].sort(),
    );
    expect(readdirSync(join(svc, 'out')).sort()).toEqual(['report.json', 'summary.md']);
    expect(readdirSync(join(svc, 'hist')).filter((name) => name.endsWith('.json'))).toHaveLength(1);
    expect(readdirSync(cwd)).toEqual([]);
  }, 120_000);

  it('a missing file is exit 2 naming the key, the path as written and where it was looked for', async () => {
    const { root, svc } = project();
    writeFileSync(
      join(svc, 'mcpgate.yaml'),
      `server:\n  url: http://127.0.0.1:1/mcp\neval:\n  golden: golden/nope.yaml\n  models: [baseline]\n`,
    );
    const run = await runCli(['run', '--config', 'repo/svc/mcpgate.yaml'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'mcpgate: repo/svc/mcpgate.yaml: eval.golden: no such file golden/nope.yaml (looked for repo/svc/golden/nope.yaml) (a relative path is taken from the folder of repo/svc/mcpgate.yaml, not from where mcpgate runs)\n',
    );
  });
});
