/**
 * The key order of the JSON report is the order of the contract's object shapes (contract/), so two
 * reports of the same run diff cleanly whatever order the layers built them in. Keys the contract
 * does not know (a later layer's, a newer minor version's) follow the known ones, in the order set.
 */

import { z } from 'zod';
import { isRecord } from '../shared/guards.js';

export function inContractOrder(schema: z.core.$ZodType, value: unknown): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return inContractOrder(schema.unwrap(), value);
  if (schema instanceof z.ZodArray) return Array.isArray(value) ? value.map((item) => inContractOrder(schema.element, item)) : value;
  if (!isRecord(value)) return value;
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.core.$ZodType> = schema.shape;
    return ordered(value, Object.keys(shape), (key) => shape[key]);
  }
  if (schema instanceof z.ZodRecord) {
    // Records keyed by a closed set (statuses, injection classes) follow the set's order.
    const known = schema.keyType instanceof z.ZodEnum ? schema.keyType.options : [];
    return ordered(value, known, () => schema.valueType);
  }
  if (schema instanceof z.ZodUnion) {
    const option = schema.options.find((candidate) => z.safeParse(candidate, value).success);
    return option ? inContractOrder(option, value) : value;
  }
  return value;
}

function ordered(
  value: Record<string, unknown>,
  known: readonly PropertyKey[],
  schemaOf: (key: string) => z.core.$ZodType | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...known.map(String), ...Object.keys(value)])) {
    if (!Object.hasOwn(value, key)) continue;
    const schema = schemaOf(key);
    // defineProperty, not assignment: a `__proto__` key read from a file stays an ordinary key.
    Object.defineProperty(out, key, {
      value: schema ? inContractOrder(schema, value[key]) : value[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
