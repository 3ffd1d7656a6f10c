/**
 * CLI of the reference server:
 *   node dist/examples/reference-server/main.js [--stdio] [--host 127.0.0.1] [--port 0] [--break VARIANT]
 *     [--oauth-issuer URL [--oauth-scope SCOPE]]
 * HTTP mode prints exactly one stdout line, `listening <url>`, once the port is bound, so that a
 * test can start it on port 0 and read the address back. Usage errors exit 2.
 */

import { appendFileSync } from 'node:fs';
import { BREAK_VARIANTS, findBreak, type BreakId, type Transport } from './breaks.js';
import type { ServerConfig } from './config.js';
import { startHttpServer } from './http.js';
import { loadOAuthMode } from './oauth.js';
import { createReferenceServer } from './server.js';
import { runStdio } from './stdio.js';

interface CliOptions {
  transport: Transport;
  host: string;
  port: number;
  breakId: BreakId | null;
  /** OAuth mode: the issuer whose tokens the server accepts, and the scope every request needs. */
  oauthIssuer?: string;
  oauthScope: string;
}

const USAGE = 'usage: main.js [--stdio] [--host 127.0.0.1] [--port 0] [--break VARIANT] [--oauth-issuer URL [--oauth-scope SCOPE]]';

function parseArguments(argv: readonly string[]): CliOptions {
  const options: CliOptions = { transport: 'http', host: '127.0.0.1', port: 0, breakId: null, oauthScope: 'mcp:tools' };
  for (let index = 0; index < argv.length; index += 1) {
    const [flag = '', inlineValue] = (argv[index] ?? '').split(/=(.*)/s, 2);
    const value = (): string => {
      const next = inlineValue ?? argv[(index += 1)];
      if (next === undefined) usageError(`${flag} needs a value`);
      return next;
    };
    if (flag === '--stdio') options.transport = 'stdio';
    else if (flag === '--host') options.host = value();
    else if (flag === '--port') options.port = parsePort(value());
    else if (flag === '--break') options.breakId = parseBreak(value());
    else if (flag === '--oauth-issuer') options.oauthIssuer = value();
    else if (flag === '--oauth-scope') options.oauthScope = value();
    else if (flag === '--help') {
      console.log(`${USAGE}\nvariants:\n${BREAK_VARIANTS.map((variant) => `  ${variant.id}  ${variant.description}`).join('\n')}`);
      process.exit(0);
    } else usageError(`unknown argument ${flag}`);
  }
  const variant = options.breakId === null ? undefined : findBreak(options.breakId);
  if (variant && !variant.transports.includes(options.transport)) {
    usageError(`--break ${variant.id} applies to ${variant.transports.join(' and ')} only, not ${options.transport}`);
  }
  if (variant?.oauth && options.oauthIssuer === undefined)
    usageError(`--break ${variant.id} breaks the OAuth mode: give --oauth-issuer URL too`);
  if (options.oauthIssuer !== undefined && options.transport === 'stdio')
    usageError('--oauth-issuer applies to HTTP only (stdio servers take credentials from the environment)');
  return options;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usageError(`--port must be an integer from 0 to 65535, got ${text}`);
  return port;
}

function parseBreak(id: string): BreakId {
  const variant = findBreak(id);
  if (!variant) usageError(`unknown --break variant "${id}" (known: ${BREAK_VARIANTS.map((known) => known.id).join(', ')})`);
  return variant.id;
}

function usageError(message: string): never {
  process.stderr.write(`reference server: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const callLog = process.env.REFERENCE_SERVER_CALL_LOG;
  // Tests of "the server died mid-run": the process exits on the tool call after this many.
  const crashAfter = Number(process.env.REFERENCE_SERVER_CRASH_AFTER_CALLS ?? Number.POSITIVE_INFINITY);
  let toolCalls = 0;
  const config: ServerConfig = {
    breakId: options.breakId,
    ...(process.env.REFERENCE_SERVER_TOKEN ? { bearerToken: process.env.REFERENCE_SERVER_TOKEN } : {}),
    ...(options.oauthIssuer !== undefined ? { oauth: await loadOAuthMode(options.oauthIssuer, options.oauthScope) } : {}),
    onToolCall: (name: string) => {
      if (callLog) appendFileSync(callLog, `${name}\n`);
      if (++toolCalls > crashAfter) {
        process.stderr.write(
          `reference server: simulated crash on tool call ${toolCalls} (REFERENCE_SERVER_CRASH_AFTER_CALLS=${crashAfter})\n`,
        );
        process.exit(70);
      }
    },
  };
  // OpenTelemetry costs each server start ~0.1 s of CPU, and a stdio check starts several servers:
  // it is loaded only when spans are exported.
  const untraced = createReferenceServer(config);
  const { core, flush } = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./tracing.js')).withTracing(untraced, config)
    : { core: untraced, flush: async (): Promise<void> => undefined };

  if (options.transport === 'stdio') {
    process.on('SIGTERM', () => process.exit(0));
    process.on('SIGINT', () => process.exit(0));
    runStdio(core, config, flush);
    return;
  }

  const running = await startHttpServer(core, config, options.host, options.port);
  const shutDown = (): void =>
    void running
      .close()
      .then(flush)
      .then(() => process.exit(0));
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
  process.stdout.write(`listening ${running.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`reference server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
