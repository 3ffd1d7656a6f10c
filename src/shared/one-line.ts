/**
 * Messages are one line: a server's error text is often a pretty-printed dump (the SDK's zod issues
 * span dozens of lines), and quoted inside a verdict it would break every line-based output. The
 * whole text stays in the evidence; a message carries the flattened start of it.
 */

export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
