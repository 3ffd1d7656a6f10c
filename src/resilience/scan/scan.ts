/**
 * The static security scan: every string of the server's surface through the character detectors,
 * and prose through the phrase, address and shadowing detectors too. Offline: nothing leaves the
 * machine, no model is asked. One finding per rule, place and match, highest severity first.
 */

import { SEVERITIES, type ScanFinding, type ScanSection } from '../../report/model.js';
import { detectAddresses } from './addresses.js';
import { detectCharacters } from './characters.js';
import type { Detection } from './detection.js';
import { escapeInvisible, excerptAround } from './display.js';
import { detectPhrases } from './phrases.js';
import { detectShadowing } from './shadowing.js';
import type { Surface } from './surface.js';
import { textsOf, type ScannedText } from './texts.js';

function detect(text: ScannedText, toolNames: readonly string[]): Detection[] {
  const found = detectCharacters(text.text);
  if (text.role !== 'prose') return found;
  const self = text.location.kind === 'tool' ? text.location.name : undefined;
  return [...found, ...detectPhrases(text.text), ...detectAddresses(text.text), ...detectShadowing(text.text, toolNames, self)];
}

export function scanSurface(surface: Surface): ScanSection {
  const toolNames = surface.tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
  const findings: ScanFinding[] = [];
  const seen = new Set<string>();
  for (const text of textsOf(surface)) {
    for (const detection of detect(text, toolNames)) {
      const match = excerptAround(text.text, detection.start, detection.end);
      const key = `${detection.rule}\u0000${text.location.kind}\u0000${text.location.name}\u0000${text.location.field}\u0000${match}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        rule: detection.rule,
        category: detection.category,
        severity: detection.severity,
        // Names and keys come from the server too: shown escaped like the match.
        location: { kind: text.location.kind, name: escapeInvisible(text.location.name), field: escapeInvisible(text.location.field) },
        match,
        ...(detection.decoded !== undefined ? { decoded: detection.decoded } : {}),
        message: detection.message,
      });
    }
  }
  // Stable: equal severities keep the order of the surface (instructions, tools, prompts, ...).
  findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  return {
    scanned: {
      tools: surface.tools.length,
      prompts: surface.prompts.length,
      resources: surface.resources.length,
      resourceTemplates: surface.resourceTemplates.length,
      instructions: surface.instructions !== undefined,
    },
    ...(surface.problems.length > 0 ? { incomplete: surface.problems } : {}),
    findings,
  };
}
