/**
 * Every command by name, in the order `mcpgate --help` lists them, each loaded only when it is named
 * (main.ts) or when the reference page is written (reference/pages.ts). Adding a command is one row.
 */

import type { AnyCommandSpec, CommandGroupSpec } from './flags/command.js';

export interface CommandModule {
  /** The command's description, arguments, flag table and action, mounted by flags/command.ts. */
  command: AnyCommandSpec | CommandGroupSpec;
}

/** In the order `mcpgate --help` lists them. */
export const COMMANDS: ReadonlyArray<{ name: string; load: () => Promise<CommandModule> }> = [
  { name: 'check', load: () => import('./check-command.js') },
  { name: 'eval', load: () => import('./eval-command.js') },
  { name: 'chaos', load: () => import('./chaos-command.js') },
  { name: 'bench', load: () => import('./bench-command.js') },
  { name: 'run', load: () => import('./run-command.js') },
  { name: 'init', load: () => import('./init-command.js') },
  { name: 'gate', load: () => import('./gate-command.js') },
  { name: 'history', load: () => import('./history-command.js') },
  { name: 'view', load: () => import('./view-command.js') },
  { name: 'baseline', load: () => import('./baseline-command.js') },
  { name: 'merge', load: () => import('./merge-command.js') },
  { name: 'migrate-scan', load: () => import('./migrate-scan-command.js') },
  { name: 'overlap', load: () => import('./overlap-command.js') },
  { name: 'improve', load: () => import('./improve-command.js') },
  { name: 'golden', load: () => import('./golden-command.js') },
  { name: 'auth-server', load: () => import('./auth-server-command.js') },
];
