/**
 * Character-level poisoning: text a model reads but a person reviewing the tool does not see, or
 * that rewrites the terminal showing it. One detection per rule per text, counting occurrences.
 */

import { decodeTags } from './display.js';
import { matchesOf, type Detection } from './detection.js';

const TAGS = /[\u{E0000}-\u{E007F}]+/gu;
/** Embedding, override and isolate controls: the "Trojan Source" characters. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
/** Zero-width space/joiners, LRM/RLM, word joiner and invisible operators, Mongolian vowel separator. */
const ZERO_WIDTH = /[\u200B-\u200F\u2060-\u2064\u180E\uFEFF]/g;
/** CSI and OSC sequences, and any other escape: colours, cursor moves, erasing, hyperlinks. */
const ANSI = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])?/g;
/** C0 and C1 controls other than tab, newline, carriage return and escape (backspace can hide text too). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001A\u001C-\u001F\u007F-\u009F]/g;

/**
 * ZWJ and ZWNJ are part of ordinary writing between non-ASCII characters (emoji sequences, Persian,
 * Indic scripts); a byte-order mark is harmless at the very start. Those are not findings.
 */
function isLegitimateZeroWidth(text: string, index: number): boolean {
  const char = text[index];
  if (char === '\uFEFF') return index === 0;
  if (char !== '\u200C' && char !== '\u200D') return false;
  const before = text.codePointAt(index - 1) ?? 0;
  const after = text.codePointAt(index + 1) ?? 0;
  return before > 0x7f && after > 0x7f;
}

export function detectCharacters(text: string): Detection[] {
  const detections: Detection[] = [];
  const tags = matchesOf(TAGS, text);
  if (tags.length > 0) {
    const hidden = tags.map((m) => decodeTags(m.text)).join(' ');
    const count = tags.reduce((n, m) => n + Array.from(m.text).length, 0);
    detections.push({
      rule: 'unicode-tags',
      category: 'hidden-unicode',
      severity: 'high',
      start: tags[0]!.start,
      end: tags[0]!.end,
      decoded: hidden,
      message: `${count} invisible Unicode tag character(s) spell out text only a model reads: "${hidden.slice(0, 120)}"`,
    });
  }
  const bidi = matchesOf(BIDI, text);
  if (bidi.length > 0) {
    detections.push({
      rule: 'bidi-control',
      category: 'invisible-characters',
      severity: 'high',
      start: bidi[0]!.start,
      end: bidi[0]!.end,
      message: `${bidi.length} bidirectional control character(s): the text displays in a different order than it reads`,
    });
  }
  const zeroWidth = matchesOf(ZERO_WIDTH, text).filter((m) => !isLegitimateZeroWidth(text, m.start));
  if (zeroWidth.length > 0) {
    detections.push({
      rule: 'zero-width',
      category: 'invisible-characters',
      severity: 'medium',
      start: zeroWidth[0]!.start,
      end: zeroWidth[0]!.end,
      message: `${zeroWidth.length} zero-width character(s): invisible text, or words split to slip past filters`,
    });
  }
  const ansi = matchesOf(ANSI, text);
  if (ansi.length > 0) {
    detections.push({
      rule: 'ansi-escape',
      category: 'terminal-escape',
      severity: 'high',
      start: ansi[0]!.start,
      end: ansi[0]!.end,
      message: `${ansi.length} ANSI escape sequence(s): a terminal showing this text can hide, recolour or overwrite it`,
    });
  }
  const control = matchesOf(CONTROL, text);
  if (control.length > 0) {
    detections.push({
      rule: 'control-character',
      category: 'terminal-escape',
      severity: 'medium',
      start: control[0]!.start,
      end: control[0]!.end,
      message: `${control.length} control character(s) that have no place in descriptive text`,
    });
  }
  return detections;
}
