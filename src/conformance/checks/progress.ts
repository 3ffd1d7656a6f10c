/**
 * Progress and cancellation (basic/patterns/progress, basic/patterns/cancellation). Every safe call
 * is made once with a progressToken; the calls that answer with progress are judged on token,
 * order and timing, and one of them is cancelled mid-way (stdio). Timing is judged by message
 * order on the wire, never by a clock: "after the response" means after it in the stream, and
 * "after the cancellation" means after the answer to a request sent behind the cancellation.
 */

import type { Evidence } from '../../report/model.js';
import { forEachInLanes } from '../../shared/lanes.js';
import type { Exchange } from '../../wire/exchange.js';
import { isRecord } from '../../shared/guards.js';
import type { ModernClient } from '../../wire/modern-client.js';
import { defineChecks, pass, skip, violated } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { safeCalls, type ToolCall } from '../calls.js';
import { probeClient } from './mrtr-flow.js';
import { oncePerRun } from '../per-run.js';

/** Calls the cancellation probe makes before it leaves a server unjudged because each ended before the cancellation was read. */
const CANCEL_ATTEMPTS = 3;

interface ProgressObservation extends ToolCall {
  token: string;
  exchange: Exchange;
  /** Progress with this token before the response, and after it, in arrival order. */
  before: Array<Record<string, unknown>>;
  after: Array<Record<string, unknown>>;
  /** stdio: further responses with the id of this already answered request. */
  lateAnswers?: number;
}

interface ProgressRun {
  client: ModernClient;
  observed: ProgressObservation[];
  tried: number;
}

interface ProgressProbe {
  run: Promise<ProgressRun>;
  /**
   * The first call in listing order that sent two or more progress notifications before its
   * response: known as soon as it and every call before it are done, so the cancellation probe need
   * not wait for the whole run.
   */
  cancellable: Promise<ProgressObservation | undefined>;
}

const PROGRESS_LANES = 6;

const progressProbe = oncePerRun((ctx): ProgressProbe => {
  let found: (observation: ProgressObservation | undefined) => void = () => {};
  const cancellable = new Promise<ProgressObservation | undefined>((resolve) => (found = resolve));
  const run = observeProgress(ctx, found).finally(() => found(undefined));
  return { run, cancellable };
});

/** How many calls sent progress, if the progress probe ran in this run. */
export async function progressSubjectCount(ctx: CheckContext): Promise<number | undefined> {
  const probe = progressProbe.ifStarted(ctx);
  return probe ? (await probe.run).observed.length : undefined;
}

function progressRun(ctx: CheckContext): Promise<ProgressRun> {
  return progressProbe(ctx).run;
}

const isCancellable = (observation: ProgressObservation): boolean => observation.before.length >= 2;

async function observeProgress(ctx: CheckContext, found: (observation: ProgressObservation) => void): Promise<ProgressRun> {
  const calls = await safeCalls(ctx);
  const client = await probeClient(ctx);
  // A few at a time: each call has a token of its own and is judged on its own, and the whole run
  // still keeps no more requests in flight than a server may be expected to take.
  const observations: ProgressObservation[] = [];
  let settled = 0;
  const settle = (): void => {
    for (; settled < calls.length && observations[settled]; settled++) {
      if (isCancellable(observations[settled]!)) return found(observations[settled]!);
    }
  };
  await forEachInLanes(calls.length, PROGRESS_LANES, async (index) => {
    const call = calls[index]!;
    const token = `mcpgate-progress-${index + 1}`;
    const exchange = await ctx.callTool(call.tool, call.args, client, { options: { metaPatch: { progressToken: token } } });
    observations[index] = { ...call, token, exchange, ...(await progressAround(client, exchange, token)) };
    settle();
  });
  if (client.transport === 'stdio' && observations.length > 0) await listenAfterResponses(client, observations);
  const observed = observations.filter((o) => o.before.length + o.after.length > 0 || (o.lateAnswers ?? 0) > 0);
  return { client, observed, tried: calls.length };
}

/** How long stdio is watched after the last response: long enough for work a server left running, bounded. */
const AFTER_WINDOW = { minMs: 50, maxMs: 500, perCall: 1.5 };

/**
 * stdio: work a server left running may write progress (or a second response) for a request it has
 * already answered, after the request mcpgate sent behind it was answered too. So the pipe is watched
 * a while after the last response, and anything about a finished request counts against it. The
 * window only adds chances to see a violation: a busy machine can hide a late message, never make one.
 */
async function listenAfterResponses(client: ModernClient, observations: ProgressObservation[]): Promise<void> {
  const longest = Math.max(...observations.map((o) => o.exchange.timing.durationMs));
  const windowMs = Math.min(AFTER_WINDOW.maxMs, Math.max(AFTER_WINDOW.minMs, AFTER_WINDOW.perCall * longest));
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const received = client.connection.received.map((r) => r.message);
  for (const observation of observations) {
    const response = observation.exchange.response;
    const from = response ? received.indexOf(response) : -1;
    if (from < 0) continue;
    const id = (response as { id?: unknown }).id;
    const later = received.slice(from + 1);
    observation.after = later.map((m) => progressOf(m, observation.token)).filter((p): p is Record<string, unknown> => p !== undefined);
    observation.lateAnswers = later.filter((m) => isRecord(m) && !('method' in m) && 'id' in m && m.id === id).length;
  }
}

function progressOf(message: unknown, token: unknown): Record<string, unknown> | undefined {
  if (!isRecord(message) || message.method !== 'notifications/progress' || 'id' in message || !isRecord(message.params)) return undefined;
  return message.params.progressToken === token ? message.params : undefined;
}

/**
 * Progress with `token` on either side of the exchange's response. HTTP: the request's own stream,
 * which mcpgate reads to its end. stdio: what arrived after the response up to the answer of a
 * request sent behind it, which the server can only write after anything it had queued before.
 */
async function progressAround(client: ModernClient, exchange: Exchange, token: string) {
  const pick = (messages: unknown[]) =>
    messages.map((m) => progressOf(m, token)).filter((p): p is Record<string, unknown> => p !== undefined);
  const at = exchange.response ? exchange.messages.indexOf(exchange.response) : exchange.messages.length;
  const before = pick(exchange.messages.slice(0, Math.max(at, 0)));
  if (client.transport === 'http') return { before, after: at < 0 ? [] : pick(exchange.messages.slice(at + 1)) };
  const marker = await client.request('server/discover', {});
  const received = client.connection.received.map((r) => r.message);
  const from = exchange.response ? received.indexOf(exchange.response) : -1;
  const to = marker.response ? received.indexOf(marker.response) : received.length;
  return { before, after: from < 0 ? [] : pick(received.slice(from + 1, to < 0 ? received.length : to)) };
}

function orderProblems(observation: ProgressObservation): string[] {
  const problems: string[] = [];
  if (observation.after.length > 0) problems.push(`${observation.after.length} progress notification(s) after the response`);
  if (observation.lateAnswers) problems.push(`${observation.lateAnswers} more response(s) to the same request id after the first`);
  const values = [...observation.before, ...observation.after].map((p) => p.progress);
  if (values.some((v) => typeof v !== 'number')) problems.push('a progress value is not a number');
  for (let i = 1; i < values.length; i++) {
    if (typeof values[i] === 'number' && typeof values[i - 1] === 'number' && (values[i] as number) <= (values[i - 1] as number)) {
      problems.push(`progress went from ${String(values[i - 1])} to ${String(values[i])}`);
      break;
    }
  }
  return problems;
}

function noProgressReason(run: ProgressRun): string {
  return `no tool sent progress when given a progressToken (${run.tried} safe call(s) tried); name a call in config (check.calls) to exercise progress`;
}

export const progressChecks = defineChecks('progress', [
  {
    id: 'progress.notifications',
    title: 'progress carries the request token, strictly increases and stops at the response',
    level: 'MUST',
    spec: 'basic/patterns/progress',
    prepare: progressRun,
    async run(ctx) {
      const run = await progressRun(ctx);
      if (run.observed.length === 0) return skip(noProgressReason(run));
      const problems: string[] = [];
      const evidence: Evidence[] = [];
      for (const observation of run.observed) {
        const found = orderProblems(observation);
        if (found.length === 0) continue;
        problems.push(`${observation.tool.name}: ${found.join(', ')}`);
        evidence.push(
          valueEvidence(
            `progress of ${observation.tool.name} (token ${observation.token})`,
            { beforeResponse: observation.before.map((p) => p.progress), afterResponse: observation.after.map((p) => p.progress) },
            'strictly increasing values, all before the response',
          ),
        );
      }
      if (problems.length > 0)
        return violated(
          `progress notifications break the rules: ${problems.join(' | ')}`,
          evidence.slice(0, 3),
          'send progress only before the final response, with the request token and a strictly increasing progress value',
        );
      const count = run.observed.reduce((sum, o) => sum + o.before.length, 0);
      return pass(
        `${run.observed.length} call(s) sent ${count} progress notification(s), each with its token, rising, before the response`,
      );
    },
  },
  {
    id: 'cancellation.stops',
    title: 'after notifications/cancelled the server sends nothing more for that request (stdio)',
    level: 'MUST',
    spec: 'basic/patterns/cancellation',
    transports: ['stdio'],
    async run(ctx) {
      const subject = await progressProbe(ctx).cancellable;
      if (!subject) {
        const run = await progressRun(ctx);
        return skip(
          run.observed.length === 0
            ? noProgressReason(run)
            : 'no call sent two or more progress notifications, so none could be cancelled mid-way',
        );
      }
      // A connection no other check's traffic reaches, left out of the audits: a late answer is this
      // check's finding alone.
      return ctx.isolated(
        async (client) => {
          // A call that ends before the server reads the cancellation (a busy machine sends it late)
          // shows nothing about stopping: it is tried again, and then left unjudged, never judged on it.
          for (let attempt = 1; ; attempt++) {
            const token = attempt === 1 ? `${subject.token}-cancelled` : `${subject.token}-cancelled-${attempt}`;
            const id = `mcpgate-cancel-${attempt}`;
            const started = await ctx.callTool(subject.tool, subject.args, client, {
              options: {
                id,
                metaPatch: { progressToken: token },
                endWhen: (m) => progressOf(m, token) !== undefined || (isRecord(m) && m.id === id),
              },
            });
            if (started.response)
              return skip(`${subject.tool.name} answered before its first progress notification, so it could not be cancelled mid-way`);
            await client.notify('notifications/cancelled', { requestId: id, reason: 'mcpgate cancellation probe' });
            // The server reads its input in order: once it answers this, it has seen the cancellation.
            const marker = await client.request('server/discover', {});
            const messages = client.connection.received.map((r) => r.message);
            const from = marker.response ? messages.indexOf(marker.response) : messages.length;
            const isAnswer = (m: unknown): boolean => isRecord(m) && m.id === id && !('method' in m);
            if (messages.slice(0, from).some(isAnswer)) {
              if (attempt < CANCEL_ATTEMPTS) continue;
              return skip(
                `${subject.tool.name} answered before it read notifications/cancelled in each of ${CANCEL_ATTEMPTS} tries (sent after its first progress, the cancellation came too late on this machine), so whether it stops could not be seen`,
              );
            }
            // Work that ignored the cancellation ends within one run of the uncancelled call (it was
            // cancelled after its first progress), measured on this machine in this run, so a busy
            // machine widens the window by itself; half a run again, and at least 50 ms, is the margin.
            const window = Math.max(50, 1.5 * subject.exchange.timing.durationMs);
            await new Promise((resolve) => setTimeout(resolve, window));
            const late = client.connection.received
              .map((r) => r.message)
              .slice(from + 1)
              .filter((m) => progressOf(m, token) !== undefined || isAnswer(m));
            const evidence = [
              evidenceOf(
                started,
                'nothing more for this request once notifications/cancelled has been read',
                `${subject.tool.name}, cancelled after its first progress`,
              ),
            ];
            if (late.length > 0)
              return violated(
                `${late.length} message(s) for request ${id} arrived after the server had read notifications/cancelled for it (waited ${Math.round(window)} ms)`,
                [...evidence, ...late.slice(0, 2).map((m) => valueEvidence('message after the cancellation', m, 'nothing'))],
                'stop the work on notifications/cancelled and send neither progress nor a response for that request',
              );
            return pass(
              `${subject.tool.name} sent nothing more for request ${id} after its cancellation (watched ${Math.round(window)} ms)`,
              evidence,
            );
          }
        },
        { http: 'new-unaudited' },
      );
    },
  },
]);
