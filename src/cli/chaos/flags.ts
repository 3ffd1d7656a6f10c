/** `mcpgate chaos`'s flag table, and the type of its parsed values. */

import { CHAOS_DEFAULTS } from '../../pipeline/defaults.js';
import { Flag } from '../flags/flag.js';
import { displayFlags } from '../flags/groups/display.js';
import { modelFlags } from '../flags/groups/model.js';
import { mrtrFlags } from '../flags/groups/mrtr.js';
import { outputFlags } from '../flags/groups/output.js';
import { allowToolFlags, targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';
import { port, positiveInteger } from '../parse.js';

export const FLAGS = {
  ...targetFlags({ timeout: 'per-request timeout in milliseconds; a probe that gets no answer within it fails' }),
  ...allowToolFlags('a tool the probes and the agent may call although it is not annotated read-only'),
  pins: Flag.value('<file>', 'pin file of per-tool hashes (e.g. tools.lock): written when missing, compared when present').mirrors(
    'chaos.pins',
  ),
  'update-pins': Flag.switch("rewrite the pin file from the server's current tools (needs --pins)"),
  ...modelFlags({ help: 'model for the fault and injection scenarios (repeatable)', whenNone: 'none' }),
  faults: Flag.value(
    '<file>',
    'fault and injection scenarios (YAML, see docs/faults.md); with --model but no file, built-in scenarios on the read-only tools run',
  ).mirrors('chaos.faults'),
  judge: Flag.value('<provider:model>', 'pinned model that judges reactions the deterministic rules cannot').mirrors('eval.judge'),
  descriptions: Flag.value('<file>', "YAML of tool -> descriptions served to the scenario models in place of the server's").mirrors(
    'eval.descriptions',
  ),
  ...mrtrFlags(),
  runs: Flag.value('<n>', 'runs per scenario', positiveInteger).default(CHAOS_DEFAULTS.runs),
  'proxy-port': Flag.value('<port>', 'port of the fault proxy on 127.0.0.1 (0 picks a free one)', port).default(CHAOS_DEFAULTS.proxyPort),
  client: Flag.value('<command>', 'test an MCP client command against a server that cuts a response stream (it gets MCP_SERVER_URL)'),
  'probe-timeout': Flag.value(
    '<ms>',
    'how long a robustness probe waits for an answer to a malformed message before judging the server silent (capped at --timeout)',
    positiveInteger,
  )
    .default(CHAOS_DEFAULTS.probeTimeoutMs)
    .mirrors('chaos.probe_timeout_ms'),
  'client-timeout': Flag.value('<ms>', 'how long the client command may run', positiveInteger).default(CHAOS_DEFAULTS.clientTimeoutMs),
  ...displayFlags({ verbose: 'also list low-severity findings, timings and the server stderr' }),
  ...outputFlags(),
} as const;

export type ChaosFlags = FlagValues<typeof FLAGS>;
