/** The small pieces of reading an HTTP response: its headers, its body under the cap, closing it early. */

import type http from 'node:http';

/** The response body's bytes up to the cap, and its text, decoded once per change. */
export class BodyBytes {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private decoded: string | undefined = '';

  constructor(private readonly maxBytes: number) {}

  /** Keeps the chunk; false, keeping nothing more, once the body is over the cap. */
  add(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return false;
    this.chunks.push(chunk);
    this.decoded = undefined;
    return true;
  }

  /** Bytes received so far. */
  get length(): number {
    return this.size;
  }

  text(): string {
    this.decoded ??= Buffer.concat(this.chunks).toString('utf8');
    return this.decoded;
  }
}

/** Closes a response stream mcpgate no longer reads, and settles a turn after its socket has closed. */
export function closeStream(res: http.IncomingMessage): Promise<void> {
  const closed = closedStream(res);
  res.destroy();
  return closed;
}

/**
 * Settles a turn after the response stream has closed, by either side; at once when it already
 * has ('close' is emitted once: a listener added later would wait for ever).
 */
export function closedStream(res: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (res.closed) setImmediate(resolve);
    else res.once('close', () => setImmediate(resolve));
  });
}

export function mediaType(value: string | undefined): string | undefined {
  return value?.split(';')[0]?.trim().toLowerCase() || undefined;
}

export function lowerHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
