/**
 * Progress of a long run on stderr. On an interactive terminal, a live line redrawn in place:
 * done/total, failures so far, elapsed time and an estimate of what is left. Anywhere else (CI logs,
 * a pipe), a plain line every MCPGATE_PROGRESS_INTERVAL seconds (default 10) and none for a run that
 * ends sooner, so a log shows a long run is alive without a line per item. Nothing with --quiet.
 */

import { redact } from '../shared/redact.js';
import { safe } from './terminal-escape.js';

export interface Progress {
  /** `failures`: how many of the `done` items did not pass, when the caller knows. */
  update: (done: number, total: number, label: string, failures?: number) => void;
  clear: () => void;
}

export const DEFAULT_PROGRESS_INTERVAL_S = 10;

interface ProgressSettings {
  quiet: boolean;
}

const settings: ProgressSettings = { quiet: false };

/** Set once by the CLI from the command's display flags, before any layer runs. */
export function configureProgress(next: Partial<ProgressSettings>): void {
  Object.assign(settings, next);
}

/** Seconds between plain progress lines; a bad value falls back to the default. */
export function progressIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.MCPGATE_PROGRESS_INTERVAL);
  return env.MCPGATE_PROGRESS_INTERVAL !== undefined && Number.isFinite(seconds) && seconds > 0
    ? seconds * 1000
    : DEFAULT_PROGRESS_INTERVAL_S * 1000;
}

export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

interface State {
  done: number;
  total: number;
  label: string;
  failures?: number;
}

/** One line of progress, without a label: `evaluating 12/40, 3 failed, 8 s elapsed, about 19 s left`. */
export function describeProgress(verb: string, state: State, elapsedMs: number): string {
  const parts = [`${verb} ${state.done}/${state.total}`];
  if (state.failures !== undefined) parts.push(`${state.failures} failed`);
  parts.push(`${formatDuration(elapsedMs)} elapsed`);
  if (state.done > 0 && state.done < state.total)
    parts.push(`about ${formatDuration((elapsedMs / state.done) * (state.total - state.done))} left`);
  return parts.join(', ');
}

export function progressReporter(
  verb = 'checking',
  stream: NodeJS.WriteStream = process.stderr,
  clock: () => number = () => performance.now(),
): Progress {
  if (settings.quiet) return { update() {}, clear() {} };
  const startedAt = clock();
  const live = stream.isTTY === true && process.env.CI === undefined;
  let state: State | undefined;
  let shown = false;
  let timer: NodeJS.Timeout | undefined;

  // The label may be a server's tool name: masked and escaped like any other outside text.
  const line = (current: State): string => `${describeProgress(verb, current, clock() - startedAt)} · ${safe(redact(current.label))}`;
  const printPlain = (): void => {
    if (state) stream.write(`mcpgate: ${line(state)}\n`);
  };

  return {
    update(done, total, label, failures) {
      state = { done, total, label, ...(failures === undefined ? {} : { failures }) };
      if (!live) {
        if (!timer) {
          timer = setInterval(printPlain, progressIntervalMs());
          timer.unref();
        }
        return;
      }
      stream.write(`\r\x1b[2K${line(state).slice(0, (stream.columns ?? 80) - 1)}`);
      shown = true;
    },
    clear() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
