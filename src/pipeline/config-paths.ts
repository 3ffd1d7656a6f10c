/**
 * Paths in mcpgate.yaml are relative to the file, not to where mcpgate runs: `mcpgate run --config
 * services/api/mcpgate.yaml` from the repository root reads services/api/golden/tasks.yaml, writes
 * services/api/.mcpgate/reports, and starts server.start (and a stdio server) in services/api, as a
 * monorepo expects. Which keys are paths is declared once, in the schema (CONFIG_PATHS).
 *
 * A resolved path is the config's folder joined with the path as written, so with the config in the
 * current folder every path reads as the user wrote it, and otherwise it reads as a path from where
 * mcpgate runs: the messages of the loaders that name it point at the file that was read.
 */

import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { childSchema, keysOf } from '../shared/user-files/schema-walk.js';
import { FileProblemsError, type FileProblem } from '../shared/yaml/problems.js';
import { CONFIG_PATHS, CONFIG_SCHEMA, type McpgateConfig, type PathUse } from './config-schema.js';

export interface ConfigPath {
  /** `eval.golden` */
  key: string;
  written: string;
  resolved: string;
  use: PathUse;
}

/** The folder relative paths of this config file are taken from. */
export function configFolder(configFile: string): string {
  return dirname(configFile);
}

/**
 * A relative path as the config's folder joined with it. When that folder was named by an absolute
 * path (`--config /repo/svc/mcpgate.yaml`) and lies inside the folder mcpgate runs in, the result is
 * given from there, so messages read as short as the user would write them.
 */
export function inConfigFolder(configFile: string, path: string): string {
  if (isAbsolute(path)) return path;
  const joined = join(configFolder(configFile), path);
  if (!isAbsolute(joined)) return joined;
  const fromHere = relative(process.cwd(), joined);
  const inside = !isAbsolute(fromHere) && fromHere !== '..' && !fromHere.startsWith(`..${sep}`);
  return inside ? fromHere || '.' : joined;
}

/** Every key the schema declares a path, as `[section, key, use]`. */
export function pathKeys(): Array<[string, string, PathUse]> {
  return keysOf(CONFIG_SCHEMA).flatMap((section) => {
    const sectionSchema = childSchema(CONFIG_SCHEMA, section);
    return keysOf(sectionSchema).flatMap((name): Array<[string, string, PathUse]> => {
      const member = sectionSchema && childSchema(sectionSchema, name);
      const use = member && CONFIG_PATHS.get(member);
      return use ? [[section, name, use]] : [];
    });
  });
}

/** The config with every relative path taken from the folder of `configFile`, and the paths it named. */
export function resolveConfigPaths(config: McpgateConfig, configFile: string): { config: McpgateConfig; paths: ConfigPath[] } {
  const resolved: Record<string, unknown> = { ...config };
  const paths: ConfigPath[] = [];
  for (const [section, name, use] of pathKeys()) {
    const values = resolved[section] as Record<string, unknown> | undefined;
    const written = values?.[name];
    if (typeof written !== 'string' || written === use.word) continue;
    const path = inConfigFolder(configFile, written);
    resolved[section] = { ...values, [name]: path };
    paths.push({ key: `${section}.${name}`, written, resolved: path, use });
  }
  return { config: resolved as McpgateConfig, paths };
}

/**
 * Every file the config names for reading exists, or one problem per missing file, all at once: the
 * key, the path as written and the path it was looked for at.
 */
export function requireConfigFiles(paths: readonly ConfigPath[], configFile: string): void {
  const problems: FileProblem[] = paths
    .filter((path) => path.use.reads && !existsSync(path.resolved))
    .map((path) => ({
      file: configFile,
      message: `${path.key}: no such file ${path.written}${path.resolved === path.written ? '' : ` (looked for ${path.resolved})`}`,
      ...(isAbsolute(path.written)
        ? {}
        : { fix: `a relative path is taken from the folder of ${configFile}, not from where mcpgate runs` }),
    }));
  if (problems.length > 0) throw new FileProblemsError(configFile, problems);
}
