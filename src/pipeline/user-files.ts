/**
 * Every file a user writes, with the JSON Schema published for it under docs/schemas/ (editors
 * complete and validate the file with it) and the reference generated from its docs (describeKeys).
 * A file added here is published by `npm run docs`, and a test fails while it is not.
 */

import type { z } from 'zod';
import { DESCRIPTIONS_FILE } from '../behavior/descriptions/load.js';
import { GOLDEN_FILE } from '../behavior/golden/load.js';
import { PIN_FILE } from '../resilience/pins/pin-file.js';
import { FAULTS_FILE } from '../resilience/scenarios/faults-file.js';
import { schemaFileName, SCHEMA_DIR, userFileJsonSchema } from '../shared/user-files/json-schema.js';
import type { UserFileSpec } from '../shared/user-files/user-file.js';
import { PRICES_FILE } from '../telemetry/prices.js';
import { CONFIG_FILE } from './config.js';

export const USER_FILES: ReadonlyArray<UserFileSpec<z.ZodType>> = [
  CONFIG_FILE,
  GOLDEN_FILE,
  FAULTS_FILE,
  DESCRIPTIONS_FILE,
  PRICES_FILE,
  PIN_FILE,
];

/** Each file's JSON Schema as published: its path in the repository and its text. */
export function publishedSchemas(): Array<{ path: string; text: string }> {
  return USER_FILES.map((spec) => ({
    path: `${SCHEMA_DIR}/${schemaFileName(spec.name)}`,
    text: `${JSON.stringify(userFileJsonSchema(spec.schema, spec.name, spec.title), null, 2)}\n`,
  }));
}
