/**
 * Before any load: reach every instance, learn its era, check that the chosen tool exists and may
 * be called, and build one Sender per instance. Failures here are the only ones that end a bench
 * with a non-zero exit; once the load runs, failures are measurements.
 */

import { toolSafety } from '../../spec/tool-safety.js';
import { detectEra } from '../../wire/era.js';
import { isWireError } from '../../wire/errors.js';
import type { TokenProvider } from '../../wire/credentials.js';
import type { Connection } from '../../wire/exchange.js';
import { ModernClient } from '../../wire/modern-client.js';
import { readAllPages, type PageRequester, unreadable } from '../../wire/pagination.js';
import { serverInfoOf } from '../../wire/session.js';
import { connect, describeTarget, type Target } from '../../wire/target.js';
import { ExchangeSender } from './exchange-sender.js';
import { HttpSender } from './http-sender.js';
import type { Sender } from './outcome.js';
import { buildRequestTemplate, type LoadCall, type RequestTemplate } from './request-template.js';

export class BenchStartError extends Error {
  constructor(
    readonly kind: 'usage' | 'unreachable' | 'unauthorized',
    message: string,
  ) {
    super(message);
    this.name = 'BenchStartError';
  }
}

export interface OpenOptions {
  call: LoadCall;
  allowTools: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
  headers?: Record<string, string>;
  /** Each instance's OAuth client (see ConnectOptions.credentials). */
  credentialsFor?: (target: Target) => TokenProvider | undefined;
  maxInFlight: number;
  /** The statelessness probe will compare every instance's answers. */
  compareAnswers: boolean;
}

export interface OpenedTargets {
  transport: 'http' | 'stdio';
  era: 'modern' | 'legacy';
  serverInfo?: { name: string; version: string };
  senders: Sender[];
  close(): Promise<void>;
}

export async function openTargets(targets: Target[], options: OpenOptions): Promise<OpenedTargets> {
  const template = await buildRequestTemplate(options.call);
  const opened = await Promise.allSettled(targets.map((target) => openOne(target, template, options)));
  const senders = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value.sender] : []));
  const close = async (): Promise<void> => void (await Promise.all(senders.map((s) => s.close())));
  const failure = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) {
    await close();
    throw failure.reason;
  }
  const first = (opened[0] as PromiseFulfilledResult<Opened>).value;
  const eras = new Set(opened.map((o) => (o as PromiseFulfilledResult<Opened>).value.era));
  if (eras.size > 1) {
    await close();
    throw new BenchStartError(
      'usage',
      'the instances speak different protocol eras (2026-07-28 and 2025-era); bench instances of one server',
    );
  }
  return { transport: targets[0]!.kind, era: first.era, serverInfo: first.serverInfo, senders, close };
}

interface Opened {
  era: 'modern' | 'legacy';
  serverInfo?: { name: string; version: string };
  sender: Sender;
}

async function openOne(target: Target, template: RequestTemplate, options: OpenOptions): Promise<Opened> {
  const credentials = options.credentialsFor?.(target);
  let connection: Connection;
  try {
    connection = await connect(target, {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      headers: options.headers,
      ...(credentials ? { credentials } : {}),
    });
  } catch (error) {
    if (isWireError(error)) throw new BenchStartError('unreachable', `${describeTarget(target)}: ${error.message}`);
    throw error;
  }
  try {
    const modern = new ModernClient(connection);
    const era = await detectEra(modern);
    if (era.era === 'modern-unsupported')
      throw new BenchStartError('unreachable', `${connection.endpoint} does not serve 2026-07-28 (it offers ${era.supported.join(', ')})`);
    if (era.era === 'unknown')
      throw new BenchStartError(era.authRequired ? 'unauthorized' : 'unreachable', `${connection.endpoint}: ${era.reason}`);
    const client: PageRequester = era.era === 'modern' ? modern : era.legacy;
    if (options.call.method === 'tools/call') await assertCallable(client, options);
    if (era.era === 'legacy') {
      const { method, params } = options.call;
      const sender = new ExchangeSender(connection, () => era.legacy.request(method, params, options.timeoutMs));
      return { era: 'legacy', serverInfo: era.handshake.serverInfo, sender };
    }
    const serverInfo = serverInfoOf(era.result);
    if (target.kind === 'http') {
      // The probe connection has done its job; the load gets a lean sender of its own.
      await connection.close();
      // Results are parsed only when something reads them: the probe, or a tool's isError.
      const wantResults = options.compareAnswers || options.call.method === 'tools/call';
      const sender = new HttpSender(target.url, template, {
        ...options,
        ...(credentials ? { credentials } : {}),
        maxSockets: options.maxInFlight,
        wantResults,
      });
      return { era: 'modern', serverInfo, sender };
    }
    const sender = new ExchangeSender(connection, (id) =>
      connection.exchange({ body: template.body(id), awaitId: id, timeoutMs: options.timeoutMs }),
    );
    return { era: 'modern', serverInfo, sender };
  } catch (error) {
    await connection.close({ eofGraceMs: 500 });
    throw error;
  }
}

/** Under load a tool is called thousands of times: only read-only tools, or those the user allows. */
async function assertCallable(client: PageRequester, options: OpenOptions): Promise<void> {
  const name = String(options.call.params.name);
  const listing = await readAllPages(client, 'tools/list');
  const failed = unreadable(listing);
  if (failed) throw new BenchStartError('unreachable', `tools/list failed: ${failed}`);
  const tool = listing.items.find((t) => t.name === name);
  if (!tool) {
    const known = listing.items.map((t) => String(t.name)).join(', ');
    throw new BenchStartError('usage', `the server has no tool "${name}" (it offers: ${known || 'none'})`);
  }
  const verdict = toolSafety({ name, annotations: tool.annotations }, new Set(options.allowTools));
  if (!verdict.callable) {
    throw new BenchStartError(
      'usage',
      `refusing to call "${name}" under load: it is ${verdict.reason}; add --allow-tool ${name} if calling it repeatedly is safe`,
    );
  }
}
