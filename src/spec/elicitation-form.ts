/**
 * Deterministic answers to a form-mode elicitation: every field gets a value from its own default,
 * enum or format, so layer 0 checks and layer 1 evaluations send the same form on every run.
 */

import { isRecord } from '../shared/guards.js';

/** A value for every field of an elicitation form, from its own defaults, enums and formats. */
export function fillForm(schema: unknown): Record<string, unknown> {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, fieldValue(isRecord(field) ? field : {})]));
}

const FORMAT_VALUES: Record<string, string> = {
  email: 'user@example.com',
  uri: 'https://example.com/',
  date: '2026-01-15',
  'date-time': '2026-01-15T10:00:00Z',
};

function fieldValue(field: Record<string, unknown>): unknown {
  if ('default' in field) return field.default;
  if (Array.isArray(field.enum) && field.enum.length > 0) return field.enum[0];
  const titled = Array.isArray(field.oneOf) ? field.oneOf.find(isRecord) : undefined;
  if (titled && 'const' in titled) return titled.const;
  switch (field.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof field.minimum === 'number' ? field.minimum : 1;
    case 'array': {
      const items = isRecord(field.items) ? field.items : {};
      const options = Array.isArray(items.enum)
        ? items.enum
        : Array.isArray(items.anyOf)
          ? items.anyOf.filter(isRecord).map((o) => o.const)
          : [];
      return options.slice(0, 1);
    }
    default: {
      const text = (typeof field.format === 'string' ? FORMAT_VALUES[field.format] : undefined) ?? 'mcpgate';
      const min = typeof field.minLength === 'number' ? field.minLength : 0;
      return text.length >= min ? text : text.padEnd(Math.min(min, 1_000), 'x');
    }
  }
}
