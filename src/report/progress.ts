/** A one-line progress display on stderr, shown only on an interactive terminal (never in CI logs). */

import { redact } from '../shared/redact.js';
import { safe } from './terminal-escape.js';

export interface Progress {
  update: (done: number, total: number, label: string) => void;
  clear: () => void;
}

export function progressReporter(verb = 'checking', stream: NodeJS.WriteStream = process.stderr): Progress {
  const active = stream.isTTY === true && process.env.CI === undefined;
  let shown = false;
  return {
    update(done, total, label) {
      if (!active) return;
      // The label may be a server's tool name: masked and escaped like any other outside text.
      const line = `${verb} ${done}/${total} ${safe(redact(label))}`.slice(0, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
