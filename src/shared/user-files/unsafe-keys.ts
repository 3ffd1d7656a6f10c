/**
 * Keys that would reach an object's prototype if any code copied the data into a plain object (a
 * zod record does): refused in every file a user writes, wherever they appear, before anything reads it.
 */

import type { YamlFile } from '../yaml/load.js';
import type { PathSegment } from '../yaml/locate.js';
import type { FileProblem } from '../yaml/problems.js';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function unsafeKeys(yaml: YamlFile): FileProblem[] {
  const problems: FileProblem[] = [];
  const visit = (value: unknown, path: PathSegment[]): void => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (UNSAFE_KEYS.has(key))
          problems.push({
            file: yaml.file,
            ...yaml.keyAt([...path, key]),
            message: `"${key}" is not allowed as a key`,
            fix: 'rename or remove it',
          });
        else visit(inner, [...path, key]);
      }
    }
  };
  visit(yaml.data, []);
  return problems;
}
