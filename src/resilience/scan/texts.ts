/**
 * Flattens a Surface into the strings a model reads, each with where it came from and its role:
 * `prose` is written for a model (descriptions, titles, instructions) and gets every detector;
 * `identifier` and `value` (names, URIs, enum values, examples) get only the character detectors,
 * since phrases and addresses there are data rather than instructions.
 */

import { isRecord } from '../../shared/guards.js';
import type { ScanLocation, SurfaceKind } from '../../report/model.js';
import type { Definition, Surface } from './surface.js';

export type TextRole = 'prose' | 'identifier' | 'value';

export interface ScannedText {
  location: ScanLocation;
  text: string;
  role: TextRole;
}

/** Schemas are server-supplied: the walk is bounded so a hostile one cannot stall the scan. */
const MAX_DEPTH = 32;
const MAX_STRINGS_PER_DEFINITION = 5_000;

export function textsOf(surface: Surface): ScannedText[] {
  const texts: ScannedText[] = [];
  if (surface.instructions !== undefined)
    texts.push({ location: { kind: 'server', name: 'server', field: 'instructions' }, text: surface.instructions, role: 'prose' });
  for (const tool of surface.tools) texts.push(...definitionTexts('tool', tool, String(tool.name)));
  for (const prompt of surface.prompts) texts.push(...definitionTexts('prompt', prompt, String(prompt.name)));
  for (const resource of surface.resources) texts.push(...definitionTexts('resource', resource, String(resource.uri ?? resource.name)));
  for (const template of surface.resourceTemplates)
    texts.push(...definitionTexts('resource-template', template, String(template.uriTemplate ?? template.name)));
  return texts;
}

function definitionTexts(kind: SurfaceKind, definition: Definition, name: string): ScannedText[] {
  const texts: ScannedText[] = [];
  const visit = (value: unknown, field: string, role: TextRole, depth: number): void => {
    if (texts.length >= MAX_STRINGS_PER_DEFINITION || depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      texts.push({ location: { kind, name, field }, text: value, role });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${field}[${index}]`, role === 'prose' ? 'value' : role, depth + 1));
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, member] of Object.entries(value)) {
      // Property names are identifiers a model reads too; hidden characters there count as well.
      if (field.endsWith('.properties'))
        texts.push({ location: { kind, name, field: `${field}.${key} (name)` }, text: key, role: 'identifier' });
      visit(member, field === '' ? key : `${field}.${key}`, roleOf(key, field), depth + 1);
    }
  };
  visit(definition, '', 'value', 0);
  return texts;
}

function roleOf(key: string, parent: string): TextRole {
  if (key === 'description' || key === 'title' || key === 'instructions') return 'prose';
  if (parent === '' && (key === 'name' || key === 'uri' || key === 'uriTemplate')) return 'identifier';
  return 'value';
}
