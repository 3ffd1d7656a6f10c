/**
 * Layer 2 results beside the robustness probes (which are ordinary checks, area `robustness`, in the
 * report's `checks`): what is not a check. Documented in docs/chaos.md and docs/faults.md.
 */

import { z } from 'zod';
import { ClientFixtureResultSchema } from './chaos/client-fixture.js';
import { PinsSectionSchema } from './chaos/pins.js';
import { ScanSectionSchema } from './chaos/scan.js';
import { ScenarioReportSchema } from './chaos/scenarios.js';

export const ChaosReportSchema = z.object({
  scan: ScanSectionSchema,
  /** Present when --pins was given. */
  pins: PinsSectionSchema.optional(),
  /** Fault and injection scenarios with a model in the loop (--model with --faults). */
  agent: ScenarioReportSchema.optional(),
  /** Whether a user's MCP client re-issues a request whose stream was cut (--client). */
  client: ClientFixtureResultSchema.optional(),
});
export type ChaosReport = z.output<typeof ChaosReportSchema>;
