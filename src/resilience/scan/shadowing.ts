/**
 * Tool shadowing: text that steers the model away from another tool (of this server or of any
 * other) towards this one. Naming a sibling is normal in a good description ("use get_forecast for
 * later days" points the model *to* it); what counts is a name preceded by an overriding verb
 * ("ignore X", "replaces X"), followed by a smear ("X is deprecated"), or avoided ("never use X",
 * "instead of X": medium, high when the same sentence also promotes this tool). Other servers have
 * no names here, so any instruction about "another MCP server" or "other tools" is flagged too.
 */

import type { Detection } from './detection.js';
import { escapeRegExp } from '../../shared/regexp.js';

const SENTENCE = /[^.!?\n]+[.!?]?/g;
const OVERRIDE_BEFORE =
  /\b(?:ignore|disregard|bypass|override|overrides|replace|replaces|supersede|supersedes|shadow|shadows|intercept|intercepts)\s+(?:\w+\s+){0,2}[`'"]?$/i;
const SMEAR_AFTER =
  /^[`'"]?\s+(?:is|are|has\s+been)\s+(?:now\s+)?(?:deprecated|broken|disabled|unsafe|compromised|malicious|insecure|obsolete|not\s+(?:safe|trusted|reliable|available))\b/i;
const AVOID_BEFORE =
  /\b(?:avoid|never\s+(?:use|call|invoke)|do\s+not\s+(?:use|call|invoke)|don't\s+(?:use|call|invoke)|instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+)?[`'"]?$/i;
const SELF_PROMOTION = /\b(?:this|our|my)\s+(?:tool|function|server)\b|\balways\b/i;
const OTHER_SERVER = /\b(?:other|another|any|all|every|third[-\s]party|external|different)\s+(?:mcp\s+)?servers?\b|\bmcp\s+servers?\b/i;
const OTHER_TOOLS = /\b(?:other|another|any|all|every)\s+(?:other\s+)?(?:tools?|functions?|plugins?|integrations?|connectors?)\b/i;
const DIRECTIVE = /\b(?:must|always|never|instead|ignore|replace|override|do\s+not|don't|before|route|prefer|only)\b/i;

/** How one mention of another tool reads, if it reads as shadowing. */
function judgeMention(body: string, index: number, name: string): Pick<Detection, 'rule' | 'severity' | 'message'> | undefined {
  const before = body.slice(Math.max(0, index - 60), index);
  const after = body.slice(index + name.length);
  if (OVERRIDE_BEFORE.test(before) || SMEAR_AFTER.test(after))
    return { rule: 'tool-override', severity: 'high', message: `overrides or discredits the tool ${name}` };
  if (!AVOID_BEFORE.test(before)) return undefined;
  return SELF_PROMOTION.test(body)
    ? { rule: 'tool-override', severity: 'high', message: `steers the model away from ${name} and towards this tool` }
    : { rule: 'tool-preference', severity: 'medium', message: `tells the model to avoid ${name}` };
}

export function detectShadowing(text: string, toolNames: readonly string[], self: string | undefined): Detection[] {
  const detections: Detection[] = [];
  const others = toolNames.filter((name) => name !== self && name.length >= 3);
  for (const sentence of text.matchAll(SENTENCE)) {
    const body = sentence[0];
    const whole = { category: 'tool-shadowing' as const, start: sentence.index, end: sentence.index + body.length };
    for (const name of others) {
      const mentions = body.matchAll(new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`, 'g'));
      // One finding per tool named in the sentence, however often it is named.
      const judged = Array.from(mentions, (m) => judgeMention(body, m.index, name)).find((j) => j !== undefined);
      if (judged) detections.push({ ...whole, ...judged });
    }
    if (OTHER_SERVER.test(body) && DIRECTIVE.test(body)) {
      detections.push({
        ...whole,
        rule: 'cross-server',
        severity: 'high',
        message: 'gives the model instructions about other MCP servers',
      });
    } else if (OTHER_TOOLS.test(body) && DIRECTIVE.test(body)) {
      detections.push({ ...whole, rule: 'other-tools', severity: 'medium', message: 'gives the model instructions about other tools' });
    }
  }
  return detections;
}
