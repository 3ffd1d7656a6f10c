/** A one-line progress display on stderr, shown only on an interactive terminal. */

import type { CheckResult } from '../report/model.js';

export function progressReporter(stream: NodeJS.WriteStream = process.stderr): { update: (done: number, total: number, result: CheckResult) => void; clear: () => void } {
  const active = stream.isTTY === true && process.env.CI === undefined;
  let shown = false;
  return {
    update(done, total, result) {
      if (!active) return;
      const line = `checking ${done}/${total} ${result.id}`.slice(0, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
