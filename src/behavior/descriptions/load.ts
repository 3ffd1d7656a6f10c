/**
 * The descriptions file (`--descriptions FILE`): tool name -> a new description and new parameter
 * descriptions, served to the model in place of the server's. Read with the project's YAML loader, so
 * every problem names its file:line:col; names are checked against the server once it is listed.
 *
 *   get_forecast:
 *     description: Forecast for the coming days. Not for the weather right now (use get_weather).
 *     parameters:
 *       days: How many days ahead, 1 to 7.
 */

import { createHash } from 'node:crypto';
import { FileProblemsError, type FileProblem } from '../../shared/yaml/problems.js';
import { parseYamlFile, readUserFile, type YamlFile } from '../../shared/yaml/load.js';

export interface ToolOverride {
  description?: string;
  parameters: Record<string, string>;
}

export interface DescriptionOverrides {
  file: string;
  /** sha256 of the file's bytes: recorded in the report's fingerprint, so a changed file reads as a changed server. */
  sha256: string;
  tools: Map<string, ToolOverride>;
  /** Where each tool's entry is written, for an unknown name found later. */
  at: (tool: string, parameter?: string) => { line: number; col: number };
}

const ROLE = { what: 'descriptions file', namedBy: '--descriptions' };

export function loadDescriptions(file: string): DescriptionOverrides {
  const text = readUserFile(file, ROLE);
  return parseDescriptions(text, file);
}

export function parseDescriptions(text: string, file: string): DescriptionOverrides {
  const yaml = parseYamlFile(text, file);
  const problems: FileProblem[] = [];
  const problem = (path: Array<string>, message: string, fix?: string, key = false): void => {
    const at = key ? yaml.keyAt(path) : yaml.valueAt(path);
    problems.push({ file, line: at.line, col: at.col, message, ...(fix ? { fix } : {}) });
  };
  const tools = new Map<string, ToolOverride>();
  if (!isMap(yaml.data) || Object.keys(yaml.data).length === 0) {
    problem([], 'the descriptions file must map tool names to {description, parameters}', 'e.g. "get_forecast: {description: ...}"');
  } else {
    for (const [name, entry] of Object.entries(yaml.data)) readTool(name, entry, tools, problem);
  }
  if (problems.length > 0) throw new FileProblemsError(file, problems);
  return {
    file,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    tools,
    at: (tool, parameter) => position(yaml, parameter === undefined ? [tool] : [tool, 'parameters', parameter]),
  };
}

function readTool(
  name: string,
  entry: unknown,
  tools: Map<string, ToolOverride>,
  problem: (path: string[], message: string, fix?: string, key?: boolean) => void,
): void {
  if (typeof entry === 'string') {
    tools.set(name, { description: entry, parameters: {} });
    return;
  }
  if (!isMap(entry)) return problem([name], `tool ${name}: expected a description (text) or {description, parameters}`);
  const override: ToolOverride = { parameters: {} };
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'description') {
      if (typeof value === 'string' && value.trim() !== '') override.description = value;
      else problem([name, key], `tool ${name}: description must be non-empty text`);
    } else if (key === 'parameters') {
      if (!isMap(value)) {
        problem([name, key], `tool ${name}: parameters must map parameter names to their descriptions`);
        continue;
      }
      for (const [parameter, description] of Object.entries(value)) {
        if (typeof description === 'string' && description.trim() !== '') override.parameters[parameter] = description;
        else problem([name, key, parameter], `tool ${name}: the description of parameter ${parameter} must be non-empty text`);
      }
    } else problem([name, key], `tool ${name}: unknown key "${key}"`, 'the keys are description and parameters', true);
  }
  tools.set(name, override);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function position(yaml: YamlFile, path: string[]): { line: number; col: number } {
  const at = yaml.keyAt(path);
  return { line: at.line, col: at.col };
}
