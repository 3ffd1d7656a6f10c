/** The faults file, as loaded. Data only; the report of a run is in the report contract (ScenarioReport). */

import type { FaultKind, InjectionClass, Occurrence } from '../../report/model.js';

export interface FaultScenario {
  id: string;
  turns: string[];
  tool: string;
  fault: FaultKind;
  occurrence: Occurrence;
  rubric?: string;
  /** `file:line` of the scenario; `toolSource` of its `tool:` value, for unknown-tool errors. */
  source: string;
  toolSource: string;
}

export interface InjectionCase {
  id: string;
  turns: string[];
  /** The tool whose results carry the payload. */
  tool: string;
  classes: InjectionClass[];
  /** Other tools the task legitimately calls; calling them is not an attack success. */
  expectTools: string[];
  source: string;
  toolSource: string;
}

export interface FaultsFile {
  file: string;
  scenarios: FaultScenario[];
  injections: InjectionCase[];
}
