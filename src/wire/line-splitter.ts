/**
 * Splits decoded text into newline-terminated lines, linear in the text received: each chunk is
 * scanned once and an unfinished line is kept as pieces, joined only when its newline arrives. A
 * line longer than the cap is reported once by its head and the rest of it, up to its newline,
 * is dropped unread, so a server writing without newlines cannot grow memory past the cap.
 */

const OVERLONG_HEAD_CHARS = 200;

export interface LineSplitterHandlers {
  onLine: (line: string) => void;
  /** A line went over the cap: its first characters, for evidence. */
  onOverlong: (head: string) => void;
}

export class LineSplitter {
  private pieces: string[] = [];
  private pieceChars = 0;
  private skippingOverlong = false;

  constructor(
    private readonly maxLineChars: number,
    private readonly handlers: LineSplitterHandlers,
  ) {}

  push(chunk: string): void {
    let from = 0;
    for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', from)) {
      this.take(chunk.slice(from, newline));
      from = newline + 1;
      if (this.skippingOverlong) {
        this.skippingOverlong = false;
        continue;
      }
      const line = this.pieces.join('');
      this.pieces = [];
      this.pieceChars = 0;
      this.handlers.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    this.take(chunk.slice(from));
  }

  private take(piece: string): void {
    if (this.skippingOverlong || piece === '') return;
    this.pieces.push(piece);
    this.pieceChars += piece.length;
    if (this.pieceChars <= this.maxLineChars) return;
    const head = this.pieces[0]!.slice(0, OVERLONG_HEAD_CHARS);
    this.pieces = [];
    this.pieceChars = 0;
    this.skippingOverlong = true;
    this.handlers.onOverlong(head);
  }
}
