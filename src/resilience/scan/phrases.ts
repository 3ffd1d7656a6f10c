/**
 * Phrases that address the model instead of describing a tool. A curated list, each rule with word
 * boundaries and a reason; it is documented in docs/chaos.md, and the clean reference server's text
 * (which does tell a model which sibling tool to prefer, and when not to call a tool) matches none.
 * Descriptions are prose for a model, so "use X for Y" and "only call this when..." are normal;
 * what these rules look for is concealment, overriding, secrets and fake authority.
 */

import type { ScanCategory, Severity } from '../../report/model.js';
import { matchesOf, type Detection } from './detection.js';
import { escapeInvisible } from './display.js';

interface PhraseRule {
  id: string;
  category: ScanCategory;
  severity: Severity;
  pattern: RegExp;
  why: string;
}

/** Up to a few words, within one sentence. */
const WORDS = (max: number): string => `(?:[^.!?\\n]{0,${max}}?)`;

const RULES: readonly PhraseRule[] = [
  {
    id: 'ignore-instructions',
    category: 'prompt-injection',
    severity: 'high',
    pattern:
      /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:(?:the|your|my|previous|prior|above|earlier|preceding|other|system|original)\s+){1,3}(?:instructions?|prompts?|rules|directions|guidelines|messages)\b/i,
    why: 'tells the model to drop the instructions it was given',
  },
  {
    id: 'conceal-from-user',
    category: 'prompt-injection',
    severity: 'high',
    pattern: new RegExp(
      [
        `\\b(?:do\\s+not|don't|never)\\s+(?:tell|inform|mention|reveal|show|disclose|notify|alert)\\b${WORDS(40)}\\buser\\b`,
        `\\bwithout\\s+(?:telling|informing|notifying|alerting)\\s+(?:the\\s+)?user\\b`,
        `\\b(?:hide|conceal|keep)\\s+(?:this|it)\\b${WORDS(20)}\\bfrom\\s+the\\s+user\\b`,
        `\\bthe\\s+user\\s+(?:must|should)\\s+(?:not|never)\\s+(?:know|see|notice|be\\s+told)\\b`,
      ].join('|'),
      'i',
    ),
    why: 'asks the model to keep something from the user',
  },
  {
    id: 'fake-authority-tag',
    category: 'prompt-injection',
    severity: 'high',
    pattern:
      /<\/?\s*(?:important|system|instructions?|secret|admin|hidden|critical)\s*>|\[\/?(?:system|inst)\]|<\|(?:im_start|im_end|system)\|>/i,
    why: 'dresses text up as system or priority instructions',
  },
  {
    id: 'before-using-tool',
    category: 'prompt-injection',
    severity: 'high',
    pattern: new RegExp(
      `\\bbefore\\s+(?:using|calling|invoking|running)\\s+(?:this|any|the)\\s+(?:tool|function)\\b${WORDS(30)}\\b(?:read|open|cat|fetch|call|send|pass|include|run|execute|access|upload)\\b`,
      'i',
    ),
    why: 'makes the model do something else first, the classic tool-poisoning opener',
  },
  {
    id: 'role-override',
    category: 'prompt-injection',
    severity: 'medium',
    pattern:
      /\byou\s+are\s+now\b|\bnew\s+instructions\s*:|\b(?:reveal|print|repeat|output)\s+(?:your|the)\s+system\s+prompt\b|\bact\s+as\s+(?:an?\s+)?(?:admin|administrator|root|developer\s+mode)\b/i,
    why: 'tries to change who the model is or what it obeys',
  },
  {
    id: 'always-call',
    category: 'prompt-injection',
    severity: 'medium',
    pattern:
      /\balways\s+(?:call|use|invoke|run)\s+this\s+(?:tool|function)\b|\byou\s+must\s+always\s+(?:call|use|invoke|run)\b|\bmust\s+(?:always\s+)?be\s+(?:called|used|invoked)\s+(?:first|before\s+(?:any|every|all))\b/i,
    why: 'demands the model call a tool regardless of the task',
  },
  {
    id: 'skip-confirmation',
    category: 'prompt-injection',
    severity: 'medium',
    pattern:
      /\b(?:do\s+not|don't|never|without)\s+(?:ask(?:ing)?|confirm(?:ing)?|verify(?:ing)?)\s+(?:for\s+)?(?:permission|confirmation|consent|with\s+the\s+user|the\s+user)\b/i,
    why: "tells the model to act without the user's consent",
  },
  {
    id: 'sensitive-file',
    category: 'data-exfiltration',
    severity: 'high',
    pattern:
      /(?:~|\$HOME|%USERPROFILE%)[/\\]\.(?:ssh|aws|gnupg|kube|docker|netrc|npmrc|pypirc|git-credentials|config\/gcloud|cursor)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\/etc\/(?:passwd|shadow)\b|\b(?:mcp|claude_desktop_config)\.json\b/i,
    why: 'points at a file that holds keys or credentials',
  },
  {
    id: 'secret-request',
    category: 'data-exfiltration',
    // medium: some tools do take a key as an argument (a smell, not yet an attack).
    severity: 'medium',
    pattern: new RegExp(
      `\\b(?:pass|include|send|provide|attach|append|forward|upload|share|put|insert)\\b${WORDS(60)}\\b(?:api[\\s_-]?keys?|passwords?(?!\\s+reset)|secrets?|access\\s+tokens?|credentials|private\\s+keys?|ssh\\s+keys?|conversation\\s+history|chat\\s+history|previous\\s+messages|system\\s+prompt|contents?\\s+of)\\b`,
      'i',
    ),
    why: 'asks the model to hand over secrets or the conversation',
  },
];

export function detectPhrases(text: string): Detection[] {
  const detections: Detection[] = [];
  for (const rule of RULES) {
    const first = matchesOf(rule.pattern, text)[0];
    if (first)
      detections.push({
        rule: rule.id,
        category: rule.category,
        severity: rule.severity,
        start: first.start,
        end: first.end,
        message: `"${escapeInvisible(first.text.slice(0, 80))}": ${rule.why}`,
      });
  }
  return detections;
}
