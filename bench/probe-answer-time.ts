/**
 * How long correct servers take to answer the malformed messages of the robustness probes, to set
 * the default of `mcpgate chaos --probe-timeout` far above it. Sends each malformed message many
 * times to the reference server (HTTP and stdio) and to the SDK v2 server over HTTP, each answer a
 * parse or request error, and prints the slowest. Run it while the machine is busy for a fair figure.
 *
 *   npm run build && node dist/bench/probe-answer-time.js [--rounds 200]
 */

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer, type LaunchedServer } from '../examples/launch.js';
import { openLink, type ProbeLink } from '../src/resilience/probes/link.js';
import { isResponse } from '../src/wire/jsonrpc.js';
import type { Target } from '../src/wire/target.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reference = join(root, 'examples/reference-server/main.js');
const sdk = join(root, 'test/fixtures/sdk-server.js');
const roundsFlag = process.argv.indexOf('--rounds');
const rounds = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 200;

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const valid = (id: string): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } });
const MALFORMED: Record<string, (i: number) => string> = {
  'truncated JSON': (i) => valid(`t-${i}`).slice(0, 40),
  batch: (i) => `[${valid(`b-${i}`)},${valid(`c-${i}`)}]`,
  'params 5': (i) => JSON.stringify({ jsonrpc: '2.0', id: `p-${i}`, method: 'tools/list', params: 5 }),
};

async function measure(label: string, link: ProbeLink): Promise<void> {
  for (const [kind, body] of Object.entries(MALFORMED)) {
    const times: number[] = [];
    let unanswered = 0;
    for (let i = 0; i < rounds; i++) {
      const exchange = await link.send({
        body: body(i),
        method: 'tools/list',
        endWhen: (m) => isResponse(m) || Array.isArray(m),
        timeoutMs: 10_000,
      });
      if (exchange.messages.length === 0 && exchange.status === undefined) unanswered++;
      else times.push(exchange.timing.durationMs);
    }
    times.sort((a, b) => a - b);
    const at = (p: number): string => (times.length ? times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1) : '-');
    console.log(
      `${label.padEnd(26)} ${kind.padEnd(15)} answered ${times.length}/${rounds}  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms${unanswered ? `  (${unanswered} unanswered)` : ''}`,
    );
  }
  await link.close();
}

const servers: LaunchedServer[] = [];
try {
  const targets: Array<[string, Target]> = [];
  const ref = await launchHttpServer(process.execPath, [reference]);
  servers.push(ref);
  targets.push(['reference server, HTTP', { kind: 'http', url: ref.url }]);
  targets.push(['reference server, stdio', { kind: 'stdio', command: `"${process.execPath}" "${reference}" --stdio` }]);
  const sdkServer = await launchHttpServer(process.execPath, [sdk, '--http']);
  servers.push(sdkServer);
  targets.push(['SDK v2 server, HTTP', { kind: 'http', url: sdkServer.url }]);
  for (const [label, target] of targets) await measure(label, await openLink(target, { timeoutMs: 10_000, maxResponseBytes: 1 << 22 }));
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
