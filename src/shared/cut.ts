/**
 * Text cut short for a message, a table cell or a chart label, the cut shown by an ellipsis. Two
 * budgets are in use, and each caller keeps the one its output was written with: `cutAfter` keeps
 * the first `keep` characters and adds the ellipsis; `cutToFit` keeps the result, ellipsis included,
 * within `max` characters (a column or a line of fixed width).
 */

export function cutAfter(text: string, keep: number): string {
  return text.length > keep ? `${text.slice(0, keep)}…` : text;
}

export function cutToFit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
