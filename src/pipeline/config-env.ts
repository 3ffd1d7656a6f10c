/**
 * `${VAR}` in mcpgate.yaml's strings comes from the environment, so credentials stay out of the file.
 * An unset variable is a problem at the value that names it, not an empty string sent to a server.
 * Every value read this way is registered as a secret: the environment is where credentials live.
 */

import { registerSecret } from '../shared/redact.js';
import type { YamlFile } from '../shared/yaml/load.js';
import type { PathSegment } from '../shared/yaml/locate.js';
import type { FileProblem } from '../shared/yaml/problems.js';

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function interpolateEnv(yaml: YamlFile, env: NodeJS.ProcessEnv): { data: unknown; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  const resolve = (value: unknown, path: PathSegment[]): unknown => {
    if (typeof value === 'string') {
      return value.replace(VARIABLE, (reference, name: string) => {
        const resolved = env[name];
        if (resolved !== undefined) {
          registerSecret(resolved);
          return resolved;
        }
        problems.push({
          file: yaml.file,
          ...yaml.valueAt(path),
          message: `${path.join('.')}: environment variable ${name} is not set`,
          fix: 'export it, or remove the reference',
        });
        return reference;
      });
    }
    if (Array.isArray(value)) return value.map((item, index) => resolve(item, [...path, index]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, [...path, k])]));
    return value;
  };
  return { data: resolve(yaml.data, []), problems };
}
