/** mcpgate's version, read from its package.json (./install-root.ts) so a release bump is one edit. */

import { INSTALLATION } from './install-root.js';

export const MCPGATE_VERSION = INSTALLATION?.version ?? '0.0.0-unknown';
