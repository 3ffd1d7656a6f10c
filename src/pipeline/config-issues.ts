/**
 * zod's issues with mcpgate.yaml as problems a person can act on: where in the file (the key for an
 * unknown key, the value for a bad one), which `section.key`, what it takes and what it is for.
 */

import { z } from 'zod';
import type { YamlFile } from '../shared/yaml/load.js';
import type { PathSegment } from '../shared/yaml/locate.js';
import type { FileProblem } from '../shared/yaml/problems.js';
import { closest, didYouMean } from '../shared/yaml/suggest.js';
import { CONFIG_DOCS, CONFIG_SCHEMA, SECTION_NAMES } from './config-schema.js';

function unwrap(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  return schema instanceof z.ZodOptional ? schema.unwrap() : schema;
}

/** The schema of the section or key at `path`, looking through the optional wrapper of each. */
function schemaAt(path: readonly PathSegment[]): z.core.$ZodType | undefined {
  let schema: z.core.$ZodType | undefined = CONFIG_SCHEMA;
  for (const segment of path) {
    const inner = unwrap(schema);
    schema =
      inner instanceof z.ZodObject && typeof segment === 'string' && Object.hasOwn(inner.shape, segment) ? inner.shape[segment] : undefined;
  }
  return schema;
}

function keysAt(path: readonly PathSegment[]): string[] {
  const inner = unwrap(schemaAt(path));
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

function unknownKey(yaml: YamlFile, path: readonly PathSegment[], name: string): FileProblem {
  const where = { file: yaml.file, ...yaml.keyAt([...path, name]) };
  if (path.length === 0) return { ...where, message: `"${name}" is not a section`, fix: didYouMean(name, SECTION_NAMES) };
  return { ...where, message: `${path.join('.')}.${name} is not a key`, fix: didYouMean(name, keysAt(path)) };
}

/** A value of the wrong type or out of range; deeper segments (a list item, a header) point at the value itself. */
function badValue(yaml: YamlFile, issue: z.core.$ZodIssue, path: readonly PathSegment[]): FileProblem {
  const named = path.slice(0, 2);
  const schema = schemaAt(named);
  const doc = schema && CONFIG_DOCS.get(schema);
  const message = doc ? `${named.join('.')} must be ${doc.expected} (${doc.doc})` : `${named.join('.')}: ${issue.message}`;
  const suggestion =
    issue.code === 'invalid_value' && typeof issue.input === 'string'
      ? closest(
          issue.input,
          issue.values.filter((value) => typeof value === 'string'),
        )
      : undefined;
  return { file: yaml.file, ...yaml.valueAt(path), message, ...(suggestion ? { fix: `did you mean "${suggestion}"?` } : {}) };
}

export function configProblems(yaml: YamlFile, issue: z.core.$ZodIssue): FileProblem[] {
  const path = issue.path.filter((segment) => typeof segment !== 'symbol');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((name) => unknownKey(yaml, path, name));
  // Rules across keys name the key to change.
  if (issue.code === 'custom') return [{ file: yaml.file, ...yaml.keyAt(path), message: issue.message }];
  return [badValue(yaml, issue, path)];
}
