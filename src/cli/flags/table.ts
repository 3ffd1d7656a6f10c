/**
 * A command's flags as one table (flag name -> Flag) and what is derived from it: commander's options
 * and the type of the parsed values. Commander names a parsed value by camel-casing the flag
 * (`--max-calls` -> `maxCalls`, `--no-color` -> `color`); `AttributeName` does the same in the type
 * system, so the two cannot drift apart (test/unit/cli/flags.test.ts checks it against commander).
 */

import { Option } from 'commander';
import type { AnyFlag, Flag } from './flag.js';

export type FlagTable = Readonly<Record<string, AnyFlag>>;

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** The property commander stores a flag's value under. */
export type AttributeName<Name extends string> = Name extends `no-${infer Rest}` ? CamelCase<Rest> : CamelCase<Name>;

type Always<T extends FlagTable> = { [Name in keyof T & string]: T[Name] extends Flag<infer _V, true> ? Name : never }[keyof T & string];
type Value<F> = F extends Flag<infer V, boolean> ? V : never;

/**
 * The parsed flags of a table, as the command's action receives them: a flag with a value whatever
 * the command line says (a default, a mandatory flag) is a required property, any other an optional one.
 */
export type FlagValues<T extends FlagTable> = {
  -readonly [Name in Always<T> as AttributeName<Name>]: Value<T[Name]>;
} & {
  -readonly [Name in Exclude<keyof T & string, Always<T>> as AttributeName<Name>]?: Value<T[Name]>;
};

export function attributeName(name: string): string {
  const words = (name.startsWith('no-') ? name.slice(3) : name).split('-');
  return words.map((word, i) => (i === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');
}

export function optionOf(name: string, flag: AnyFlag): Option {
  const { argument, help, parse, choices, mandatory, conflicts } = flag.fields;
  const long = `--${name}`;
  const option = new Option(argument ? `${long} ${argument}` : long, help);
  if (parse) {
    const parseValue = parse(long);
    option.argParser((raw: string, previous: unknown) => parseValue(raw, previous));
  }
  if (choices) option.choices(choices);
  // A negated switch's default (true) is commander's own; declaring it again would print "(default: true)".
  if (flag.fields.default && !name.startsWith('no-')) option.default(flag.fields.default.value, flag.fields.default.label);
  if (mandatory) option.makeOptionMandatory();
  if (conflicts) option.conflicts(attributeName(conflicts));
  return option;
}

export function optionsOf(table: FlagTable): Option[] {
  return Object.entries(table).map(([name, flag]) => optionOf(name, flag));
}
