/**
 * Build step (run by `npm run build` after tsc): compiles the meta-schema of each dialect a server's
 * tool schemas may use into one ES module of plain validation functions (ajv's standalone code), so
 * that a `check` does not compile the 2020-12 meta-schema, a dozen vocabulary schemas with dynamic
 * references, before it can check the first tool schema (about 40 ms of a run). The engines are
 * configured as at run time (./tool-schemas.ts, createEngine); the meta-schemas' own patterns are
 * mcpgate's, so they run on JavaScript's engine.
 *
 *   node dist/src/conformance/meta-schemas-build.js
 */

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { GENERATED_HEADER } from '../shared/generated-module.js';
import { createEngine, DIALECTS, META_EXPORTS, META_PRECOMPILED_FILE } from './tool-schemas.js';

let module = GENERATED_HEADER;
for (const [dialect, Engine] of Object.entries(DIALECTS)) {
  const name = META_EXPORTS[dialect]!;
  const ajv = createEngine(Engine, { validateSchema: false, code: { source: true, esm: true } });
  const code = standaloneCode.default(ajv, { [name]: dialect }).replace(/^"use strict";/, '');
  // Each dialect's code in a scope of its own (the three use the same names), returning its validator.
  const exported = new RegExp(`export const ${name} = (\\w+);`);
  const validator = exported.exec(code)?.[1];
  if (validator === undefined) throw new Error(`ajv's standalone code for ${dialect} has no export ${name}`);
  module += `// ${dialect}\nexport const ${name} = (() => {\n${code.replace(exported, '')}\nreturn ${validator};\n})();\n`;
}
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), META_PRECOMPILED_FILE), module);
