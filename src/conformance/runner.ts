/**
 * Runs layer 0: detects the server's era, runs the probes concurrently, closes the connections,
 * runs the audits over everything the server sent, and folds the outcomes into a Report.
 */

import { performance } from 'node:perf_hooks';
import { reportHeader, startRunClock } from '../report/header.js';
import type { CheckResult, Coverage, Report, TargetInfo } from '../report/model.js';
import { CAPABILITY_METHODS, META, PROTOCOL_VERSION } from '../spec/protocol.js';
import { fingerprintOf, toolSurfaceOf } from '../spec/fingerprint.js';
import type { OtlpReceiver } from '../telemetry/otlp-receiver.js';
import { detectEra, type EraVerdict } from '../wire/era.js';
import { isWireError } from '../wire/errors.js';
import type { Connection } from '../wire/exchange.js';
import { isRecord } from '../shared/guards.js';
import { ModernClient } from '../wire/modern-client.js';
import { StdioConnection } from '../wire/stdio.js';
import { connect, describeTarget, type ConnectOptions, type Target } from '../wire/target.js';
import type { AuthCheckOptions } from './auth-options.js';
import { skip, type CheckDefinition, type CheckOutcome } from './check.js';
import { toCheckResult } from './check-result.js';
import { CheckContext, type NamedCall } from './context.js';
import { coverageOf } from './coverage.js';
import { evidenceOf, keepWhatEvidenceShows } from './evidence.js';
import { withinLimits } from './limits.js';
import { verdictFor } from './verdict.js';
import { forEachInLanes } from '../shared/lanes.js';
import { summarizeChecks } from './summary.js';

export interface RunOptions {
  target: Target;
  checks: CheckDefinition[];
  strict: boolean;
  allowTools: string[];
  /** Calls named in config (`check.calls`), made exactly as written. */
  calls?: NamedCall[];
  expectedFailures?: { file: string; ids: ReadonlySet<string> };
  connect: ConnectOptions;
  /** The run's connection, already being opened (the CLI starts a stdio server while it loads the checks). */
  opened?: Promise<Connection>;
  /** How many probes run at once. */
  concurrency: number;
  /** Items read of one list at most (--max-list-items). */
  maxListItems?: number;
  /** Bytes of pages read of one list at most (--max-list-bytes). */
  maxListBytes?: number;
  /** Tool calls one check makes at most (--max-calls). */
  maxCalls?: number;
  /** How long a stdio server gets to exit after its stdin closes. */
  eofGraceMs: number;
  onProgress?: (done: number, total: number, result: CheckResult) => void;
  /** Enables telemetry.trace-context: the collector the server exports its spans to. */
  otlpReceiver?: OtlpReceiver;
  /** OAuth credentials and the test issuer, for the `auth.*` checks. */
  auth?: AuthCheckOptions;
}

export async function runConformance(options: RunOptions): Promise<Report> {
  const clock = startRunClock();
  const target: TargetInfo = { transport: options.target.kind, endpoint: describeTarget(options.target), era: 'unknown' };
  const applicable = options.checks.filter((c) => !c.transports || c.transports.includes(options.target.kind));

  let connection: Connection | undefined;
  let results: CheckResult[];
  let coverage: Coverage | undefined;
  let authRequired = false;
  try {
    connection = await (options.opened ?? connect(options.target, options.connect));
    const client = new ModernClient(connection);
    const era = await detectEra(client);
    describeEra(target, era);
    if (era.era === 'modern') {
      const ctx = new CheckContext(options.target, client, { exchange: era.discover, result: era.result }, contextOptions(options));
      results = await runChecks(ctx, applicable, options);
      coverage = await coverageOf(ctx);
      if (ctx.hasCapability('tools')) {
        const tools = await ctx.list('tools/list');
        if (!tools.problem && !tools.capped) {
          target.fingerprint = fingerprintOf(tools.items, target.serverInfo);
          const surface = toolSurfaceOf(tools.items);
          if (surface) target.tools = surface;
        }
      }
    } else {
      authRequired = era.era === 'unknown' && era.authRequired === true;
      results = notModernResults(applicable, era);
      if (authRequired)
        results = await withoutSessionResults(
          new CheckContext(options.target, client, { exchange: era.discover, result: {} }, contextOptions(options)),
          applicable,
          results,
          options,
        );
      await closeQuietly(connection);
    }
  } catch (error) {
    if (!isWireError(error)) throw error;
    target.era = 'unknown';
    results = unreachableResults(applicable, error.message);
  } finally {
    if (connection instanceof StdioConnection) target.stderrTail = connection.stderrTail.slice(-2000) || undefined;
  }

  applyExpectedFailures(results, options.expectedFailures?.ids);
  const summary = summarizeChecks(results, options.expectedFailures?.ids);
  return {
    ...reportHeader(clock, target, {
      strict: options.strict,
      allowTools: options.allowTools,
      expectedFailuresFile: options.expectedFailures?.file,
    }),
    checks: results,
    summary,
    ...(coverage ? { coverage } : {}),
    verdict: verdictFor(target, results, summary, { authRequired, credentialsGiven: options.auth?.provider !== undefined }),
  };
}

function contextOptions(options: RunOptions): CheckContext['options'] {
  return {
    allowTools: new Set(options.allowTools),
    calls: options.calls,
    connect: options.connect,
    otlpReceiver: options.otlpReceiver,
    maxInFlight: Math.max(1, options.concurrency),
    maxListItems: options.maxListItems,
    maxListBytes: options.maxListBytes,
    maxCalls: options.maxCalls,
    auth: options.auth,
  };
}

/**
 * The server refused the session for want of credentials: the checks that judge that refusal (and
 * get their own tokens) still run; every other check keeps its blocked result.
 */
async function withoutSessionResults(
  ctx: CheckContext,
  checks: CheckDefinition[],
  blocked: CheckResult[],
  options: RunOptions,
): Promise<CheckResult[]> {
  const runnable = checks.filter((check) => check.withoutSession);
  const ran = new Map((await Promise.all(runnable.map((check) => runOne(ctx, check, options)))).map((result) => [result.id, result]));
  return blocked.map((result) => ran.get(result.id) ?? result);
}

/** Fills what era detection learned into the report's target (era, serverInfo, versions). */
export function describeEra(target: TargetInfo, era: EraVerdict): void {
  if (era.era === 'modern') {
    target.era = 'modern';
    const meta = isRecord(era.result._meta) ? era.result._meta : {};
    const info = meta[META.serverInfo];
    if (isRecord(info) && typeof info.name === 'string') target.serverInfo = info as TargetInfo['serverInfo'];
    if (Array.isArray(era.result.supportedVersions))
      target.supportedVersions = era.result.supportedVersions.filter((v): v is string => typeof v === 'string');
  } else if (era.era === 'legacy') {
    target.era = 'legacy';
    target.supportedVersions = [era.handshake.protocolVersion];
    if (era.handshake.serverInfo) target.serverInfo = era.handshake.serverInfo;
  } else if (era.era === 'modern-unsupported') {
    target.era = 'modern';
    target.supportedVersions = era.supported;
  }
}

async function runChecks(ctx: CheckContext, checks: CheckDefinition[], options: RunOptions): Promise<CheckResult[]> {
  const probes = checks.filter((c) => (c.phase ?? 'probe') === 'probe');
  const audits = checks.filter((c) => c.phase === 'audit');
  const results = new Map<string, CheckResult>();
  let done = 0;
  const record = (result: CheckResult): void => {
    results.set(result.id, result);
    options.onProgress?.(++done, checks.length, result);
  };

  // Read the declared lists first, as a normal client would: a server that (wrongly) keeps state per
  // connection then sees a well-formed request before any probe; meta.stateless tests the cold start.
  await Promise.all(
    Object.entries(CAPABILITY_METHODS)
      .filter(([capability]) => ctx.hasCapability(capability))
      .flatMap(([, methods]) => methods.map((method) => ctx.list(method))),
  );

  // A failure of prepared work is the check's to report, when its run awaits the same promise.
  for (const check of probes) check.prepare?.(ctx).catch(() => undefined);
  await forEachInLanes(probes.length, options.concurrency, async (index) => record(await runOne(ctx, probes[index]!, options)));

  // Audits judge the whole run, including how the server behaves when its connection closes.
  const closes = await Promise.all(ctx.connections.map((c) => c.close({ eofGraceMs: options.eofGraceMs })));
  ctx.closeInfo = closes[0];
  for (const audit of audits) record(await runOne(ctx, audit, options));
  return checks.map((c) => results.get(c.id)!);
}

async function runOne(ctx: CheckContext, check: CheckDefinition, options: RunOptions): Promise<CheckResult> {
  const started = performance.now();
  const { value: outcome, exchanges } = await ctx.withinCheck(async (own): Promise<CheckOutcome> => {
    try {
      return await check.run(own);
    } catch (error) {
      return { status: 'error', message: `mcpgate could not run this check: ${(error as Error).message}`, evidence: [] };
    }
  });
  for (const exchange of exchanges) keepWhatEvidenceShows(exchange);
  return toCheckResult(check, withinLimits(outcome, exchanges), options.strict, performance.now() - started);
}

function notModernResults(checks: CheckDefinition[], era: Exclude<EraVerdict, { era: 'modern' }>): CheckResult[] {
  let message: string;
  let fix: string;
  if (era.era === 'legacy') {
    message = `not a ${PROTOCOL_VERSION} server: it does not answer server/discover, but completes the 2025-era initialize handshake offering protocol version ${era.handshake.protocolVersion}`;
    fix = `implement the ${PROTOCOL_VERSION} revision (server/discover, per-request _meta); later mcpgate layers can still talk to this server through the legacy handshake`;
  } else if (era.era === 'modern-unsupported') {
    message = `not a ${PROTOCOL_VERSION} server: server/discover answered -32022, supported versions ${JSON.stringify(era.supported)}`;
    fix = `serve protocol version ${PROTOCOL_VERSION}`;
  } else {
    message = era.reason;
    fix = 'check the URL or command, and that it starts an MCP server';
  }
  const evidence = [evidenceOf(era.discover, `a ${PROTOCOL_VERSION} DiscoverResult`, 'server/discover')];
  if (era.era === 'legacy') evidence.push(evidenceOf(era.handshake.exchange, 'a 2025-11-25 InitializeResult', 'initialize'));
  if (era.era === 'unknown' && era.initialize) evidence.push(evidenceOf(era.initialize, 'a 2025-11-25 InitializeResult', 'initialize'));
  return blockedResults(checks, { status: 'violated', message, fix, evidence }, `not checked: ${message.split(':')[0]}`);
}

function unreachableResults(checks: CheckDefinition[], reason: string): CheckResult[] {
  return blockedResults(
    checks,
    { status: 'violated', message: reason, fix: 'check the URL or command, and that the server is running', evidence: [] },
    'not checked: the server could not be reached',
  );
}

/** The discover check carries the reason; every other check is skipped, not silently passed. */
function blockedResults(checks: CheckDefinition[], first: CheckOutcome, skipReason: string): CheckResult[] {
  return checks.map((check) => toCheckResult(check, check.id === 'discover.responds' ? first : skip(skipReason), false, 0));
}

function applyExpectedFailures(results: CheckResult[], expected: ReadonlySet<string> | undefined): void {
  if (!expected) return;
  for (const result of results) if (expected.has(result.id) && result.status === 'fail') result.expectedFailure = true;
}

async function closeQuietly(connection: Connection): Promise<void> {
  await connection.close({ eofGraceMs: 500 });
}
