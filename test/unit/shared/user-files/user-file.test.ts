/**
 * The one idiom for files users write, on a small file of its own: every kind of problem zod finds,
 * worded with the key's docs, placed at its file:line:col, told by the entry it is in, all at once
 * and in file order; rules across keys as refinements; unsafe keys refused before anything reads them.
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documented } from '../../../../src/shared/user-files/key-docs.js';
import { readsKeys, report, whenSound } from '../../../../src/shared/user-files/rules.js';
import { parseUserFile, type UserFileSpec } from '../../../../src/shared/user-files/user-file.js';
import { FileProblemsError } from '../../../../src/shared/yaml/problems.js';
import { EXIT } from '../../../../src/shared/exit-codes.js';

const ItemSchema = z
  .strictObject({
    id: documented(z.string().min(1), 'a name', 'reports key on it'),
    size: documented(z.int().min(1).optional(), 'an integer of at least 1', 'how big it is'),
    colour: documented(z.enum(['red', 'green']).optional(), 'one of red, green', 'its colour'),
    tags: documented(z.array(z.string()).optional(), 'a list of strings', 'labels'),
    shape: documented(
      z
        .union([
          z.enum(['round', 'square']),
          z.strictObject({ sides: documented(z.int().min(3), 'an integer of at least 3', 'how many sides') }),
        ])
        .optional(),
      'round, square, or a mapping with sides',
      'its outline',
    ),
  })
  .superRefine(
    (item, context) => {
      if (item.size === 13) report(context, { path: ['size'], at: 'value', message: 'size 13 is unlucky', fix: 'pick another size' });
    },
    whenSound(readsKeys('size')),
  );

const FileSchema = documented(
  z
    .strictObject({
      items: documented(z.array(ItemSchema), 'a list of items', 'what the file lists'),
      names: documented(
        z.record(documented(z.string().regex(/^[a-z]+$/), 'lower-case letters', 'a short name'), z.string()).optional(),
        'a mapping of names to texts',
        'names for things',
        'name',
      ),
    })
    .superRefine(
      (file, context) => {
        const first = new Map<string, number>();
        file.items.forEach((item, i) => {
          const seen = first.get(item.id);
          if (seen === undefined) first.set(item.id, i);
          else
            report(context, {
              path: ['items', i, 'id'],
              at: 'value',
              message: `duplicate id "${item.id}"`,
              firstAt: ['items', seen, 'id'],
            });
        });
      },
      whenSound((path) => path[0] === 'items' && (path.length < 3 || path[2] === 'id')),
    ),
  'a mapping with items',
  'a file of the test',
);

class ItemsFileError extends FileProblemsError {}

const SPEC: UserFileSpec<typeof FileSchema> = {
  name: 'items',
  title: 'items',
  schema: FileSchema,
  role: { what: 'items file', namedBy: '--items' },
  whenEmpty: 'write "items:"',
  entries: [
    { list: ['items'], noun: 'item', id: 'id' },
    { map: ['names'], noun: 'name' },
  ],
  error: ItemsFileError,
};

function problems(text: string): string[] {
  try {
    parseUserFile(SPEC, text, 'f.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ItemsFileError);
    expect((error as ItemsFileError).exitCode).toBe(EXIT.usage);
    return (error as Error).message.split('\n');
  }
  throw new Error('expected the file to be refused');
}

describe('a file with every kind of problem', () => {
  it('gets every problem at once, in file order, each where it is and what to do', () => {
    const text = [
      'items:',
      '  - id: a',
      '    size: "5"',
      '    colour: gren',
      '    tags: [x, 3]',
      '    shpe: round',
      '  - id: b',
      '    size: 0',
      '  - id: a',
      '    size: 13',
      '    shape: {sides: 2}',
      '  - id: c',
      '    shape: triangle',
    ].join('\n');
    expect(problems(text)).toEqual([
      'f.yaml:3:11: item "a": size must be an integer of at least 1 (how big it is), got the string "5"',
      'f.yaml:4:13: item "a": colour must be one of red, green (its colour), got the string "gren" (did you mean "green"?)',
      'f.yaml:5:15: item "a": tags must be a list of strings (labels); tags[1] is the number 3',
      'f.yaml:6:5: item "a": shpe is not a key (did you mean "shape"?)',
      'f.yaml:8:11: item "b": size must be an integer of at least 1 (how big it is), got the number 0',
      'f.yaml:9:9: item "a": duplicate id "a", first used on line 2',
      'f.yaml:10:11: item "a": size 13 is unlucky (pick another size)',
      'f.yaml:11:20: item "a": shape.sides must be an integer of at least 3 (how many sides), got the number 2',
      'f.yaml:13:12: item "c": shape must be round, square, or a mapping with sides (its outline), got the string "triangle"',
    ]);
  });

  it('names a missing key and what to add, a misspelt one once (as the unknown key), and a bad name of a mapping', () => {
    const lines = problems('items:\n  - size: 2\n  - idd: d\nnames:\n  Bad: x\nextra: 1\n');
    expect(lines).toEqual([
      'f.yaml:2:5: item 1 has no id (reports key on it) (add "id:" with a name)',
      'f.yaml:3:5: item 2: idd is not a key (did you mean "id"?)',
      'f.yaml:5:3: name "Bad" is not lower-case letters (a short name)',
      'f.yaml:6:1: extra is not a key (expected one of: items, names)',
    ]);
  });

  it('names the whole file when its root is wrong, and an empty file', () => {
    expect(problems('- a\n')).toEqual(['f.yaml:1:1: the items file must be a mapping with items (a file of the test), got a list']);
    expect(problems('# nothing yet\n')).toEqual(['f.yaml:1:1: the items file is empty (write "items:")']);
    expect(problems('items: [\n')[0]).toMatch(/^f\.yaml:\d+:\d+: YAML syntax error: /);
  });

  it('refuses a key that would reach a prototype, wherever it is, before the schema reads the data', () => {
    expect(problems('items:\n  - id: a\n    __proto__: {size: 1}\nnames:\n  constructor: x\n')).toEqual([
      'f.yaml:3:5: "__proto__" is not allowed as a key (rename or remove it)',
      'f.yaml:5:3: "constructor" is not allowed as a key (rename or remove it)',
    ]);
  });

  it('gives the schema output when the file is right', () => {
    const { value, yaml } = parseUserFile(SPEC, 'items:\n  - id: a\n    shape: {sides: 4}\nnames: {b: bee}\n', 'f.yaml');
    expect(value).toEqual({ items: [{ id: 'a', shape: { sides: 4 } }], names: { b: 'bee' } });
    expect(yaml.valueAt(['items', 0, 'shape', 'sides'])).toEqual({ line: 3, col: 20 });
  });
});
