/**
 * mcpgate's version, read from its package.json so a release bump is one edit. The file is found by
 * walking up from this module: the depth differs between the sources (src/shared) and the build
 * (dist/src/shared), and the installed package keeps package.json at its root.
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'mcpgate' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // No package.json at this level: keep walking up.
    }
    dir = dirname(dir);
  }
  return '0.0.0-unknown';
}

export const MCPGATE_VERSION = readVersion();
