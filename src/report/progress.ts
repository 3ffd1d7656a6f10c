/** A one-line progress display on stderr, shown only on an interactive terminal (never in CI logs). */

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
      const line = `${verb} ${done}/${total} ${label}`.slice(0, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
