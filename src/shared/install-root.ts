/**
 * The folder mcpgate is installed in (a clone, or node_modules/mcpgate): the one holding its
 * package.json, found by walking up from this module. The depth differs between the sources
 * (src/shared), the build (dist/src/shared) and the bundle (dist/cli), so paths to files that ship
 * with mcpgate are taken from here, never from a module's own place.
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Installation {
  root: string;
  version: string;
}

function find(): Installation | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'mcpgate' && typeof pkg.version === 'string') return { root: dir, version: pkg.version };
    } catch {
      // No package.json at this level: keep walking up.
    }
    dir = dirname(dir);
  }
  return undefined;
}

/** Undefined when no mcpgate package.json is above this module (a copied file, a foreign bundle). */
export const INSTALLATION = find();
