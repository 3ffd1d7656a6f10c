/** The faults file, as loaded: its schema's output and where each entry is written. The report of a run is in the report contract (ScenarioReport). */

import type { z } from 'zod';
import type { FAULTS_SCHEMA } from './faults-schema.js';

interface Written {
  /** `file:line` of the entry; `toolSource` is `file:line:col` of its `tool:` value, for unknown-tool errors. */
  source: string;
  toolSource: string;
}

type Loaded = z.output<typeof FAULTS_SCHEMA>;

export type FaultScenario = Loaded['scenarios'][number] & Written;

/** `tool`: whose results carry the payload; `expectTools`: other tools the task legitimately calls, whose calls are no attack success. */
export type InjectionCase = Loaded['injections'][number] & Written;

export interface FaultsFile {
  file: string;
  scenarios: FaultScenario[];
  injections: InjectionCase[];
}
