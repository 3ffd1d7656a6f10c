/** Every robustness probe, in the order they run: cheapest and most common failures first. */

import { loadProbes } from './load.js';
import { messageProbes } from './messages.js';
import { paramProbes } from './params.js';
import type { ProbeDefinition } from './probe.js';

export const ALL_PROBES: readonly ProbeDefinition[] = [...messageProbes, ...paramProbes, ...loadProbes];
