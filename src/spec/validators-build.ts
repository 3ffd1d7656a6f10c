/**
 * Build step (run by `npm run build` after tsc): compiles every definition of mcpgate's schema bundle
 * into one ES module of plain validation functions (ajv's standalone code), so that a `check` loads
 * about 0.4 MB of ready code instead of running ajv's compiler on each definition it meets (about
 * 80 ms of a run). The module records a digest of the bundle it was made from; src/spec/validate.ts
 * uses it only when that digest matches the bundle it is running with, and compiles otherwise.
 *
 *   node dist/src/spec/validators-build.js
 */

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { GENERATED_HEADER } from '../shared/generated-module.js';
import { DEFINITIONS, SCHEMA_ID } from './schemas.js';
import { bundleDigest, createSpecAjv, PRECOMPILED_FILE } from './validate.js';

const ajv = createSpecAjv({ source: true, esm: true });
const refs = Object.fromEntries(Object.keys(DEFINITIONS).map((name) => [name, `${SCHEMA_ID}#/$defs/${name}`]));
const code = standaloneCode.default(ajv, refs);
const header = `${GENERATED_HEADER}export const BUNDLE_DIGEST = ${JSON.stringify(bundleDigest())};\n`;
const out = join(dirname(fileURLToPath(import.meta.url)), PRECOMPILED_FILE);
writeFileSync(out, header + code.replace(/^"use strict";/, ''));
