/**
 * The load loop. Closed loop: N workers, each sends its next request when the last one is
 * answered. Open loop: requests are due on a fixed schedule (request i at t0 + i/rate) and each
 * one's latency is measured from when it was due, not from when it went out: a server that
 * stalls delays the requests queued behind the stall, and that delay is what users of a
 * fixed-rate client would feel (coordinated-omission correction, as in wrk2 and HdrHistogram).
 *
 * Every run is bounded by a request count, a duration, or both; each request by its timeout.
 */

import type { LoadMode } from '../../report/model.js';
import { LatencyHistogram } from '../histogram.js';
import type { Sender } from './outcome.js';

export interface LoadPlan {
  mode: LoadMode;
  durationMs?: number;
  requests?: number;
  /** Called with every valid result, for the statelessness probe. */
  onResult?: (instance: number, result: Record<string, unknown>) => void;
}

export interface LoadCounters {
  sent: number;
  completed: number;
  ok: number;
  errors: Map<string, number>;
  perInstance: { requests: number; ok: number }[];
  startedAt: number;
}

export interface LoadOutcome {
  counters: LoadCounters;
  latency: LatencyHistogram;
  durationMs: number;
}

/** Ids keep growing across warm-up and runs, so no two requests of one process share an id. */
let nextId = 1;

/** Runs one bounded phase. `live` is updated as it goes so a progress line can read it. */
export function runLoad(senders: readonly Sender[], plan: LoadPlan, live?: (counters: LoadCounters) => void): Promise<LoadOutcome> {
  if (plan.durationMs === undefined && plan.requests === undefined) throw new Error('a load phase needs a duration or a request count');
  const counters: LoadCounters = {
    sent: 0,
    completed: 0,
    ok: 0,
    errors: new Map(),
    perInstance: senders.map(() => ({ requests: 0, ok: 0 })),
    startedAt: performance.now(),
  };
  live?.(counters);
  const latency = new LatencyHistogram();
  const deadline = plan.durationMs === undefined ? Number.POSITIVE_INFINITY : counters.startedAt + plan.durationMs;
  // A stdio server whose process is gone will never answer again: once every instance is, stop early
  // instead of failing requests at full speed until the duration ends.
  const gone = new Set<number>();
  const countLeft = (): boolean => gone.size < senders.length && (plan.requests === undefined || counters.sent < plan.requests);
  let inFlight = 0;
  let lastCompletion = counters.startedAt;

  return new Promise((resolve) => {
    const finishIfIdle = (): void => {
      if (inFlight === 0) resolve({ counters, latency, durationMs: lastCompletion - counters.startedAt });
    };

    /** Sends one request; `due` is when the schedule wanted it sent (now, in a closed loop). */
    const launch = (due: number, next: () => void): void => {
      const instance = counters.sent % senders.length;
      counters.sent++;
      counters.perInstance[instance]!.requests++;
      inFlight++;
      senders[instance]!.send(nextId++, (error, result) => {
        const now = performance.now();
        lastCompletion = now;
        inFlight--;
        counters.completed++;
        if (error === undefined) {
          counters.ok++;
          counters.perInstance[instance]!.ok++;
          latency.record((now - due) * 1000);
          if (plan.onResult) plan.onResult(instance, result!);
          next();
        } else {
          counters.errors.set(error, (counters.errors.get(error) ?? 0) + 1);
          if (error === 'exited') gone.add(instance);
          // A dead server fails instantly; yielding keeps timers and signals alive while it does.
          setImmediate(next);
        }
      });
    };

    if (plan.mode.kind === 'concurrency') {
      const worker = (): void => {
        if (countLeft() && performance.now() < deadline) launch(performance.now(), worker);
        else finishIfIdle();
      };
      for (let i = 0; i < plan.mode.concurrency && countLeft(); i++) worker();
      finishIfIdle();
      return;
    }

    const { rate, maxInFlight } = plan.mode;
    const intervalMs = 1000 / rate;
    const t0 = counters.startedAt;
    const dueAt = (index: number): number => t0 + index * intervalMs;
    const scheduled = (index: number): boolean =>
      gone.size < senders.length && (plan.requests === undefined || index < plan.requests) && dueAt(index) < deadline;
    let waitingForSlot = false;
    let timer: NodeJS.Timeout | undefined;
    const onCompletion = (): void => {
      if (waitingForSlot) {
        waitingForSlot = false;
        tick();
      } else if (timer === undefined && !scheduled(counters.sent)) finishIfIdle();
    };
    const tick = (): void => {
      timer = undefined;
      const now = performance.now();
      // Catch up on everything already due: at high rates one timer wake-up sends a batch.
      while (scheduled(counters.sent) && inFlight < maxInFlight && dueAt(counters.sent) <= now) launch(dueAt(counters.sent), onCompletion);
      if (!scheduled(counters.sent)) return finishIfIdle();
      if (inFlight >= maxInFlight) waitingForSlot = true;
      else timer = setTimeout(tick, Math.max(0, dueAt(counters.sent) - performance.now()));
    };
    tick();
  });
}
