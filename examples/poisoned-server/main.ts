/**
 * A poisoned MCP server for the static scan: the reference server with poisoned descriptions.
 *   node dist/examples/poisoned-server/main.js [--stdio] [--host 127.0.0.1] [--port 0] [--poison ID]...
 * Without --poison every poisoning in poisons.ts is applied; each --poison applies only those named.
 * The protocol behaviour is the reference server's, untouched: only the published text differs, so
 * the robustness probes and layer 0 pass, and the scan alone has something to say.
 */

import { startHttpServer } from '../reference-server/http.js';
import type { ServerConfig } from '../reference-server/config.js';
import { createReferenceServer, type ReferenceServer } from '../reference-server/server.js';
import { runStdio } from '../reference-server/stdio.js';
import { POISONS, findPoison, type Poison } from './poisons.js';

interface Options {
  stdio: boolean;
  host: string;
  port: number;
  poisons: Poison[];
}

function usageError(message: string): never {
  process.stderr.write(`poisoned server: ${message}\n`);
  process.exit(2);
}

function parseArguments(argv: readonly string[]): Options {
  const options: Options = { stdio: false, host: '127.0.0.1', port: 0, poisons: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = (): string => argv[(index += 1)] ?? usageError(`${flag} needs a value`);
    if (flag === '--stdio') options.stdio = true;
    else if (flag === '--host') options.host = value();
    else if (flag === '--port') options.port = Number(value());
    else if (flag === '--poison') {
      const id = value();
      options.poisons.push(findPoison(id) ?? usageError(`unknown --poison "${id}" (known: ${POISONS.map((p) => p.id).join(', ')})`));
    } else usageError(`unknown argument ${flag}`);
  }
  if (options.poisons.length === 0) options.poisons = [...POISONS];
  return options;
}

/** Applies the poisons to the results of the methods they name, on a copy, leaving the core as it is. */
function poisoned(core: ReferenceServer, poisons: readonly Poison[]): ReferenceServer {
  return {
    handle(message, context) {
      const outcome = core.handle(message, context);
      const method = (message as { method?: unknown } | null)?.method;
      const relevant = poisons.filter((poison) => poison.method === method);
      if (outcome.kind !== 'reply' || !('result' in outcome.response) || relevant.length === 0) return outcome;
      const result = structuredClone(outcome.response.result);
      for (const poison of relevant) poison.apply(result);
      return { ...outcome, response: { ...outcome.response, result } };
    },
  };
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const config: ServerConfig = { breakId: null };
  const core = poisoned(createReferenceServer(config), options.poisons);
  if (options.stdio) return runStdio(core, config);
  const running = await startHttpServer(core, config, options.host, options.port);
  const shutDown = (): void => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
  process.stdout.write(`listening ${running.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`poisoned server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
