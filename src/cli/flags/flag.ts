/**
 * One command-line flag, declared once: its argument, help, parser, default and the mcpgate.yaml key it
 * mirrors. A flag's table key is its name on the command line (`'max-calls'` is `--max-calls`), and its
 * value type travels with it, so a command's parsed flags are a type derived from its table
 * (`FlagValues`, in table.ts) instead of an interface kept by hand beside the options. The model is
 * vitest's `CLIOptions<Config>`: the declaration is the help, the parser, the type and the reference page.
 */

import type { McpgateConfig } from '../../pipeline/config-schema.js';

/**
 * Turns one raw value into the flag's value, given the value so far (an accumulator such as --header
 * builds on it; most parsers ignore it). `flag` is the flag as typed (`--max-calls`), for messages.
 */
export type ValueParser<V> = (flag: string) => (raw: string, previous: V) => V;

/** Parses one item of a repeatable flag. */
export type ItemParser<V> = (flag: string) => (raw: string) => V;

type Sections = Required<McpgateConfig>;

/** A mapping of named keys (a section such as server.oauth), not a mapping of any names nor a list. */
type IsSection<T> = T extends readonly unknown[]
  ? false
  : T extends Record<string, unknown>
    ? string extends keyof T
      ? false
      : true
    : false;

/** Each key of `T`, and `key.inner` for each key of a section inside it. */
type KeyPaths<T> = {
  [K in keyof T & string]-?: IsSection<NonNullable<T[K]>> extends true ? K | `${K}.${KeyPaths<NonNullable<T[K]>>}` : K;
}[keyof T & string];

/** Every key of mcpgate.yaml, `section.key` or `section.sub.key`, derived from its schema: a misspelt mirror does not compile. */
export type ConfigKey = {
  [S in keyof Sections & string]: `${S}.${KeyPaths<NonNullable<Sections[S]>>}`;
}[keyof Sections & string];

type ValueAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueAt<NonNullable<T[Head]>, Rest>
    : never
  : P extends keyof T
    ? NonNullable<T[P]>
    : never;

/** The value mcpgate.yaml holds at `key`. */
export type ConfigValue<K extends ConfigKey> = ValueAt<Sections, K>;

interface FlagFields<V> {
  /** `<n>` takes a value; `[port]` may take one; absent for a switch. */
  argument?: `<${string}>` | `[${string}]`;
  help: string;
  parse?: ValueParser<V>;
  /** Present when the flag has a default (its value is then never undefined). */
  default?: { value: V; label?: string };
  choices?: readonly string[];
  mandatory?: boolean;
  /** Another flag of the same command (its table key) that may not be given with this one. */
  conflicts?: string;
  /** The mcpgate.yaml key whose meaning this flag has (`mcpgate run` reads that key instead). */
  mirrors?: ConfigKey;
  /** Repeatable: each occurrence adds a value. */
  repeatable?: boolean;
}

/**
 * `V` is the parsed value; `Always` is true when the value is never undefined (a default, a
 * mandatory flag, a negated switch). Instances are immutable: every refinement returns a new flag.
 */
export class Flag<V, Always extends boolean = false> {
  /** Type-only: carries V and Always into FlagValues. */
  declare readonly valueType: V;
  declare readonly always: Always;

  private constructor(readonly fields: Readonly<FlagFields<V>>) {}

  /** `--name`: true when given, else undefined. */
  static switch(help: string): Flag<boolean> {
    return new Flag<boolean>({ help });
  }

  /** `--no-name` (its table key starts with `no-`): true unless given. */
  static negated(help: string): Flag<boolean, true> {
    return new Flag<boolean, true>({ help, default: { value: true } });
  }

  /** `--name <arg>` or `--name [arg]`, parsed by `parse` (a parse.ts parser, which names the flag in its errors). */
  static value<V = string>(argument: `<${string}>` | `[${string}]`, help: string, parse?: ValueParser<V>): Flag<V> {
    return new Flag<V>({ argument, help, ...(parse ? { parse } : {}) });
  }

  /** `--name <arg>`, repeatable: every value in order; an empty list when not given. */
  static list<V = string>(argument: `<${string}>`, help: string, parse?: ItemParser<V>, label = 'none'): Flag<V[], true> {
    const add: ValueParser<V[]> = (flag) => {
      const item = parse?.(flag);
      return (raw, previous) => [...previous, item ? item(raw) : (raw as V)];
    };
    return new Flag<V[], true>({ argument, help, parse: add, default: { value: [], label }, repeatable: true });
  }

  default(value: V, label?: string): Flag<V, true> {
    return new Flag<V, true>({ ...this.fields, default: { value, ...(label === undefined ? {} : { label }) } });
  }

  /** The flag must be given (commander refuses the command without it). */
  required(): Flag<V, true> {
    return new Flag<V, true>({ ...this.fields, mandatory: true });
  }

  /** Only these values; the value type narrows to them. */
  oneOf<C extends V & string>(choices: readonly C[]): Flag<C, Always> {
    const { parse: _unused, default: fallback, ...rest } = this.fields;
    const narrowed: FlagFields<C> = { ...rest, choices };
    if (fallback && (choices as readonly unknown[]).includes(fallback.value))
      narrowed.default = fallback as unknown as { value: C; label?: string };
    return new Flag<C, Always>(narrowed);
  }

  /**
   * Declares the mcpgate.yaml key with the same meaning. The key must exist and hold a value of this
   * flag's type (a list flag mirrors a list key), or the declaration does not compile.
   */
  mirrors<K extends ConfigKey>(key: K & (NonNullable<V> extends ConfigValue<K> ? unknown : never)): Flag<V, Always> {
    return new Flag<V, Always>({ ...this.fields, mirrors: key });
  }

  /** The same flag with another help text, for a command where it means something narrower. */
  describe(help: string): Flag<V, Always> {
    return new Flag<V, Always>({ ...this.fields, help });
  }

  conflictsWith(key: string): Flag<V, Always> {
    return new Flag<V, Always>({ ...this.fields, conflicts: key });
  }

  /**
   * The flag as `mcpgate run` takes it: no default of its own, so the mirrored mcpgate.yaml key stands
   * unless the flag is given, and the help says which key it replaces.
   */
  overridingConfig(): Flag<V> {
    const { default: _dropped, ...rest } = this.fields;
    const help = rest.mirrors ? `${rest.help}, instead of ${rest.mirrors}` : rest.help;
    return new Flag<V>({ ...rest, help, ...(rest.repeatable ? { default: { value: [] as V, label: rest.mirrors ?? 'none' } } : {}) });
  }
}

/** Any flag, whatever its value type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFlag = Flag<any, boolean>;
