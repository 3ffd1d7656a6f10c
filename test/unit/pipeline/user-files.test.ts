/**
 * The JSON Schemas published under docs/schemas/, one per file a user writes: generated from the
 * file's zod schema, valid 2020-12, accepting what mcpgate ships and writes, refusing a bad file, and
 * never stale. Editors validate with them, so a schema that drifted from the loader would mislead.
 */

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configTemplate } from '../../../src/cli/init/templates.js';
import { draftYaml } from '../../../src/behavior/golden-draft/draft-yaml.js';
import { USER_FILES, publishedSchemas } from '../../../src/pipeline/user-files.js';
import { fingerprint } from '../../../src/resilience/pins/fingerprint.js';
import { formatPinFile } from '../../../src/resilience/pins/pin-file.js';
import { userFileJsonSchema } from '../../../src/shared/user-files/json-schema.js';
import { ROOT } from '../../helpers/cli.js';

const ajv = new Ajv2020.default({ strict: false, allErrors: true });
const schemaOf = (name: string) => {
  const spec = USER_FILES.find((file) => file.name === name)!;
  return ajv.compile(userFileJsonSchema(spec.schema, spec.name, spec.title));
};
const read = (path: string): unknown => parse(readFileSync(join(ROOT, path), 'utf8'));

/** What each file accepts (what mcpgate ships or writes) and one file it must refuse. */
const SAMPLES: Record<string, { good: unknown[]; bad: unknown }> = {
  mcpgate: {
    good: [
      parse(configTemplate({ url: 'http://127.0.0.1:3000/mcp', start: 'node server.js' })),
      parse(configTemplate({ stdio: 'node s.js' }, [], false)),
    ],
    bad: { server: { url: 'http://127.0.0.1:3000/mcp' }, repot: { dir: 'out' } },
  },
  golden: {
    good: [read('examples/golden/tasks.yaml'), read('test/fixtures/golden-mrtr.yaml')],
    bad: [{ id: 'a', prompt: 'hi', expect_tol: 'get_weather' }],
  },
  faults: { good: [read('examples/faults.yaml')], bad: { scenarios: [{ id: 'a', prompt: 'hi', tool: 't', fault: 'http-501' }] } },
  descriptions: {
    good: [
      { get_forecast: { description: 'Forecast for the coming days.', parameters: { days: 'How many days ahead.' } }, get_weather: 'Now.' },
    ],
    bad: { get_forecast: { description: 'x', colour: 'red' } },
  },
  prices: {
    good: [{ prices: { 'openai:gpt-4.1-mini': { input: 0.4, output: 1.6 }, baseline: { input: 0, output: 0 } } }],
    bad: { prices: { GPT: { input: 1, output: 2 } } },
  },
  pins: {
    good: [
      JSON.parse(
        formatPinFile({ get_weather: fingerprint({ name: 'get_weather', description: 'Weather.', inputSchema: { type: 'object' } }) }),
      ),
    ],
    bad: { version: 1, tools: { get_weather: { hash: 'md5:0', bodyHash: 'md5:0', fields: {} } } },
  },
};

describe('the published JSON Schemas of the files users write', () => {
  it('cover every user file, and each is a valid 2020-12 schema', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(USER_FILES.map((file) => file.name).sort());
    for (const { path, text } of publishedSchemas()) {
      const schema = JSON.parse(text);
      expect(schema.$schema, path).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(ajv.validateSchema(schema), `${path}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
  });

  for (const [name, { good, bad }] of Object.entries(SAMPLES)) {
    it(`${name}: accepts what mcpgate ships and writes, refuses a bad file`, () => {
      const validate = schemaOf(name);
      for (const sample of good) expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
      expect(validate(bad)).toBe(false);
    });
  }

  it('are committed as generated (npm run docs rewrites them)', () => {
    for (const { path, text } of publishedSchemas())
      expect(readFileSync(join(ROOT, path), 'utf8') === text, `${path} is stale: run npm run docs`).toBe(true);
  });
});

describe('the $schema line for editors', () => {
  const schemaLine = (text: string): string => /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1] ?? '';

  it('in the examples, points at the schema in this repository', () => {
    for (const [file, name] of [
      ['examples/golden/tasks.yaml', 'golden'],
      ['examples/faults.yaml', 'faults'],
      ['test/fixtures/golden-mrtr.yaml', 'golden'],
    ]) {
      const line = schemaLine(readFileSync(join(ROOT, file!), 'utf8'));
      expect(resolve(dirname(join(ROOT, file!)), line), file).toBe(join(ROOT, `docs/schemas/${name}.schema.json`));
    }
  });

  it('in what init writes, points from where it writes each file at the schema the installed package ships', () => {
    const project = '/project';
    const installed = (name: string) => join(project, `node_modules/mcpgate/docs/schemas/${name}.schema.json`);
    const config = configTemplate({ url: 'http://127.0.0.1:3000/mcp' });
    expect(config.split('\n')[0]).toBe(`# yaml-language-server: $schema=${schemaLine(config)}`);
    expect(resolve(project, schemaLine(config))).toBe(installed('mcpgate'));
    const golden = draftYaml({ cases: [], drafted: 0, listed: 0 }, 'node s.js');
    expect(golden.split('\n')[0]).toBe(`# yaml-language-server: $schema=${schemaLine(golden)}`);
    expect(resolve(join(project, 'golden'), schemaLine(golden))).toBe(installed('golden'));
    // The package ships docs/, so the path exists once mcpgate is installed.
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files).toContain('docs');
  });
});
