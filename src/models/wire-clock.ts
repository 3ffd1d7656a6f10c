/**
 * The provider's own time for one model call: from the moment each HTTP request goes out to the last
 * byte of its answer, summed over the SDK's retries.
 *
 * Timed on the main thread, that span also holds every wait for mcpgate's own event loop: under
 * --concurrency 16 the answer sits in the socket while the loop runs the other samples' work (parsing,
 * scoring, redaction), and a model that answers in 2 ms measured 50 ms. So the exchanges run on one
 * network thread whose loop does nothing else, and its clock is the one reported. Request building
 * before and parsing after are mcpgate's work and stay outside.
 *
 * The thread costs a message each way per call and a thread's start. It buys nothing when one sample
 * runs at a time (--concurrency 1): the loop then has nothing else to do while the model answers, so
 * such a run times its calls on the main thread (`onThread: false`) and never starts the thread.
 */

import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { NETWORK_THREAD } from './network-thread.js';

export interface WireClock {
  /** Milliseconds spent on the wire, all attempts together. */
  ms: number;
  /** HTTP exchanges made (1 plus retries). */
  exchanges: number;
}

interface ClockStore {
  clock: WireClock;
  onThread: boolean;
}

/**
 * How a clock reaches the fetch the SDK calls: a request header naming it, passed with the call's
 * options (every provider merges call headers into its request) and taken off before anything is sent.
 * An AsyncLocalStorage did the same, but it makes Node track every promise of the process, and an eval
 * makes many per model call (about 0.1 ms of CPU per sample).
 */
export const WIRE_CLOCK_HEADER = 'x-mcpgate-wire-clock';
const clocks = new Map<string, ClockStore>();
let lastClock = 0;

/** Statuses whose Response may not carry a body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

interface Answer {
  id: number;
  ok: boolean;
  ms: number;
  status?: number;
  statusText?: string;
  headers?: Array<[string, string]>;
  body?: ArrayBuffer;
  name?: string;
  message?: string;
  cause?: { message: string; code?: string };
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

let thread: Worker | undefined;
const pending = new Map<number, Pending>();
let lastId = 0;

function networkThread(): Worker {
  if (thread) return thread;
  const worker = new Worker(NETWORK_THREAD, { eval: true });
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    settle(answer.id);
    waiting?.resolve(answer);
  });
  worker.on('error', (error) => {
    thread = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  worker.unref();
  thread = worker;
  return worker;
}

/** An idle thread must not keep the process alive; a busy one must, as the request itself would. */
function settle(id: number): void {
  pending.delete(id);
  if (pending.size === 0) thread?.unref();
}

function thrownBy(answer: Answer): Error {
  const cause = answer.cause
    ? Object.assign(new Error(answer.cause.message), answer.cause.code ? { code: answer.cause.code } : {})
    : undefined;
  const options = cause ? { cause } : undefined;
  if (answer.name === 'TypeError') return new TypeError(answer.message, options);
  return Object.assign(new Error(answer.message, options), { name: answer.name ?? 'Error' });
}

function exchange(url: string, init: RequestInit, body: string | undefined): Promise<Answer> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const worker = networkThread();
  const id = ++lastId;
  return new Promise<Answer>((resolve, reject) => {
    const onAbort = (): void => {
      settle(id);
      worker.postMessage({ abort: id });
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.set(id, {
      resolve: (answer) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      },
      reject,
    });
    worker.ref();
    worker.postMessage({ id, url, method: init.method ?? 'GET', headers: [...new Headers(init.headers)], body });
  });
}

/** The exchange timed on this thread, to the last byte of the answer as on the network thread. */
async function timedHere(input: Parameters<typeof fetch>[0], init: RequestInit, clock: WireClock): Promise<Response> {
  const started = performance.now();
  try {
    const response = await fetch(input, init);
    const body = NO_BODY.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } finally {
    clock.ms += performance.now() - started;
    clock.exchanges++;
  }
}

/**
 * A fetch for the provider packages. For a request that names a clock (onWireClock) it sends through the network thread (or, for
 * a clock with `onThread: false`, on this one) and adds the exchange's time to the clock; bodies other
 * than text (none of the chat APIs uses one) and requests without a clock go through the ordinary fetch.
 */
export const clockedFetch: typeof fetch = async (input, given = {}) => {
  const { store, init } = clockOf(given);
  const body = init.body ?? undefined;
  if (store === undefined || (body !== undefined && typeof body !== 'string') || input instanceof Request) return fetch(input, init);
  const { clock } = store;
  if (!store.onThread) return timedHere(input, init, clock);
  const answer = await exchange(String(input), init, body);
  clock.ms += answer.ms;
  clock.exchanges++;
  if (!answer.ok) throw thrownBy(answer);
  const status = answer.status ?? 200;
  return new Response(NO_BODY.has(status) ? null : (answer.body ?? null), {
    status,
    statusText: answer.statusText ?? '',
    headers: answer.headers ?? [],
  });
};

/** The clock a request names, and the request without the header, which never goes on the wire. */
function clockOf(init: RequestInit): { store?: ClockStore; init: RequestInit } {
  if (init.headers === undefined) return { init };
  const headers = new Headers(init.headers);
  const id = headers.get(WIRE_CLOCK_HEADER);
  if (id === null) return { init };
  headers.delete(WIRE_CLOCK_HEADER);
  return { store: clocks.get(id), init: { ...init, headers } };
}

/**
 * Runs `call` with a fresh clock that every clockedFetch of a request carrying `headers` (the SDK's
 * retries included) adds to; on the network thread unless `onThread` is false.
 */
export async function onWireClock<T>(
  call: (headers: Record<string, string>) => Promise<T>,
  onThread = true,
): Promise<{ value: T; clock: WireClock }> {
  const clock: WireClock = { ms: 0, exchanges: 0 };
  const id = String(++lastClock);
  clocks.set(id, { clock, onThread });
  try {
    return { value: await call({ [WIRE_CLOCK_HEADER]: id }), clock };
  } finally {
    clocks.delete(id);
  }
}
