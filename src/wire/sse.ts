/**
 * Incremental parser for text/event-stream bodies: feeds arbitrary chunks, emits the `data` of each
 * complete event. Only `data` matters here (2026-07-28 streams carry no resumable event ids).
 */

export class SseParser {
  private buffer = '';
  private dataLines: string[] = [];

  constructor(private readonly onEvent: (data: string) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.nextLineEnd()) >= 0) {
      let line = this.buffer.slice(0, newline);
      const skip = this.buffer[newline] === '\r' && this.buffer[newline + 1] === '\n' ? 2 : 1;
      this.buffer = this.buffer.slice(newline + skip);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      this.handleLine(line);
    }
  }

  /** Flush an event left unterminated when the stream ends. */
  end(): void {
    if (this.buffer.length > 0) {
      this.handleLine(this.buffer);
      this.buffer = '';
    }
    this.dispatch();
  }

  private nextLineEnd(): number {
    const n = this.buffer.indexOf('\n');
    const r = this.buffer.indexOf('\r');
    if (r >= 0 && (n < 0 || r < n)) {
      // A lone CR at the end of a chunk may be the first half of CRLF: wait for more.
      if (r === this.buffer.length - 1) return -1;
      return r;
    }
    return n;
  }

  private handleLine(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
  }

  private dispatch(): void {
    if (this.dataLines.length === 0) return;
    const data = this.dataLines.join('\n');
    this.dataLines = [];
    this.onEvent(data);
  }
}
