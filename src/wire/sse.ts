/**
 * Incremental parser for text/event-stream bodies: feeds arbitrary chunks, emits the `data` of each
 * complete event. Only `data` matters here (2026-07-28 streams carry no resumable event ids).
 *
 * Linear in the bytes received: each chunk is scanned once, and an unfinished line is kept as a list
 * of pieces joined only when its line end arrives. (Rescanning a growing buffer per chunk let a
 * server that drips a line without end keep the event loop busy well past every timeout.)
 */

/**
 * Longest event accepted (its data lines together, plus the line still being read). Above the
 * default response cap (4 MiB), so it only bites when --max-response-bytes is raised or a caller
 * reads a stream without a byte cap.
 */
export const MAX_SSE_EVENT_CHARS = 16 * 1024 * 1024;

export interface SseParserOptions {
  maxEventChars?: number;
  /** Called once when an event exceeds the cap; the parser then ignores the rest of the stream. */
  onOverflow?: (message: string) => void;
}

export class SseParser {
  private pieces: string[] = [];
  private pieceChars = 0;
  private dataLines: string[] = [];
  private dataChars = 0;
  /** The previous chunk ended in CR: a LF starting the next one is the rest of that CRLF. */
  private afterCr = false;
  private overflowed = false;
  private readonly maxEventChars: number;
  /** Per instance: a shared global regex would share its lastIndex. */
  private readonly lineEnd = /\r\n|\r|\n/g;

  constructor(
    private readonly onEvent: (data: string) => void,
    private readonly options: SseParserOptions = {},
  ) {
    this.maxEventChars = options.maxEventChars ?? MAX_SSE_EVENT_CHARS;
  }

  push(chunk: string): void {
    // An empty chunk (a decoder holding half a character) must not forget a pending CR.
    if (this.overflowed || chunk === '') return;
    let from = this.afterCr && chunk.startsWith('\n') ? 1 : 0;
    this.afterCr = false;
    this.lineEnd.lastIndex = from;
    for (let match = this.lineEnd.exec(chunk); match !== null; match = this.lineEnd.exec(chunk)) {
      this.take(chunk.slice(from, match.index));
      this.completeLine();
      if (this.overflowed) return;
      from = match.index + match[0].length;
      this.afterCr = match[0] === '\r' && from === chunk.length;
    }
    this.take(chunk.slice(from));
  }

  /** Flush an event left unterminated when the stream ends. */
  end(): void {
    if (this.overflowed) return;
    if (this.pieceChars > 0) this.completeLine();
    this.dispatch();
  }

  private take(piece: string): void {
    if (piece === '') return;
    this.pieces.push(piece);
    this.pieceChars += piece.length;
    if (this.pieceChars + this.dataChars > this.maxEventChars) this.stop();
  }

  private completeLine(): void {
    if (this.overflowed) return;
    const line = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.pieces = [];
    this.pieceChars = 0;
    this.handleLine(line);
  }

  private stop(): void {
    this.overflowed = true;
    this.pieces = [];
    this.dataLines = [];
    this.options.onOverflow?.(
      `an event-stream event or line exceeded ${this.maxEventChars} characters (mcpgate's cap on one SSE event); the stream was abandoned`,
    );
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
    if (field === 'data') {
      this.dataLines.push(value);
      this.dataChars += value.length + 1;
    }
  }

  private dispatch(): void {
    if (this.dataLines.length === 0) return;
    const data = this.dataLines.join('\n');
    this.dataLines = [];
    this.dataChars = 0;
    this.onEvent(data);
  }
}
