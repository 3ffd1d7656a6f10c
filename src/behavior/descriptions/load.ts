/**
 * The descriptions file (`--descriptions FILE`): tool name -> a new description and new parameter
 * descriptions, served to the model in place of the server's. Read through the one loader of user
 * files, so every problem names its file:line:col; names are checked against the server once it is listed.
 *
 *   get_forecast:
 *     description: Forecast for the coming days. Not for the weather right now (use get_weather).
 *     parameters:
 *       days: How many days ahead, 1 to 7.
 */

import { createHash } from 'node:crypto';
import { z } from 'zod';
import { documented } from '../../shared/user-files/key-docs.js';
import { report, whenSound } from '../../shared/user-files/rules.js';
import { parseUserFile, type UserFileSpec } from '../../shared/user-files/user-file.js';
import { readUserFile } from '../../shared/yaml/load.js';

/** Text a model reads: something besides white space. */
const prose = () => z.string().regex(/\S/);

const OverrideSchema = z.strictObject({
  description: documented(prose().optional(), 'non-empty text', "the description the model is served in place of the server's"),
  parameters: documented(
    z.record(z.string(), documented(prose(), 'non-empty text', "the parameter's description the model is served")).default(() => ({})),
    'a mapping of parameter names to descriptions',
    "descriptions of the tool's parameters, each in place of the server's",
    'parameter',
  ),
});
export type ToolOverride = z.output<typeof OverrideSchema>;

export const DESCRIPTIONS_SCHEMA = documented(
  z
    .record(
      z.string(),
      documented(
        z.union([prose().transform((description): ToolOverride => ({ description, parameters: {} })), OverrideSchema]),
        'a description, or a mapping of description and parameters',
        'what the model is told about the tool instead of what the server says',
      ),
    )
    .superRefine(
      (tools, context) => {
        if (Object.keys(tools).length === 0)
          report(context, {
            path: [],
            at: 'value',
            message: 'the descriptions file names no tool',
            fix: 'e.g. "get_forecast: {description: ...}"',
          });
      },
      whenSound(() => true),
    )
    .transform((tools) => new Map(Object.entries(tools))),
  'a mapping of tool names to a description, or to {description, parameters}',
  "tool descriptions served to the model in place of the server's",
  'tool',
);

export const DESCRIPTIONS_FILE: UserFileSpec<typeof DESCRIPTIONS_SCHEMA> = {
  name: 'descriptions',
  title: 'mcpgate descriptions overrides',
  schema: DESCRIPTIONS_SCHEMA,
  role: { what: 'descriptions file', namedBy: '--descriptions' },
  whenEmpty: 'map tool names to {description, parameters}, e.g. "get_forecast: {description: ...}"',
  entries: [{ map: [], noun: 'tool' }],
};

export interface DescriptionOverrides {
  file: string;
  /** sha256 of the file's bytes: recorded in the report's fingerprint, so a changed file reads as a changed server. */
  sha256: string;
  tools: Map<string, ToolOverride>;
  /** Where each tool's entry is written, for an unknown name found later. */
  at: (tool: string, parameter?: string) => { line: number; col: number };
}

export function loadDescriptions(file: string): DescriptionOverrides {
  return parseDescriptions(readUserFile(file, DESCRIPTIONS_FILE.role), file);
}

export function parseDescriptions(text: string, file: string): DescriptionOverrides {
  const { value, yaml } = parseUserFile(DESCRIPTIONS_FILE, text, file);
  return {
    file,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    tools: value,
    at: (tool, parameter) => yaml.keyAt(parameter === undefined ? [tool] : [tool, 'parameters', parameter]),
  };
}
