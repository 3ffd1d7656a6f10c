/**
 * `mcpgate init`: scaffolds mcpgate.yaml, a golden set with negative cases, a rubric file and a
 * GitHub workflow. With --url or --stdio it lists the server's tools, drafts one case per tool and
 * suggests check.calls for the tools layer 0 would not call by itself; it never calls a tool.
 * Existing files are never overwritten without --force.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_START_WAIT_MS } from '../../pipeline/defaults.js';
import { startServer } from '../../pipeline/server-start.js';
import { MCPGATE_VERSION } from '../../shared/version.js';
import { targetFrom } from '../../pipeline/target.js';
import { EXIT } from '../../shared/exit-codes.js';
import { writeFileAtomic } from '../../shared/files.js';
import { InputError, usageError } from '../../shared/input-error.js';
import { isWireError } from '../../wire/errors.js';
import { openSession } from '../../wire/session.js';
import { writeOut } from '../console.js';
import type { ServerFlags } from '../options.js';
import { configTemplate, goldenTemplate, RUBRIC_TEMPLATE, workflowTemplate, type ToolSketch } from './templates.js';

export interface InitFlags extends ServerFlags {
  dir: string;
  force?: boolean;
  /** The command that starts the HTTP server at --url: written to server.start, and run to list the tools. */
  start?: string;
}

async function listTools(flags: InitFlags): Promise<ToolSketch[]> {
  if (!flags.url && !flags.stdio) return [];
  if (flags.url && flags.start) {
    const server = await startServer({ command: flags.start, waitMs: DEFAULT_START_WAIT_MS, cwd: flags.dir }, flags.url);
    try {
      return await listServerTools(flags);
    } finally {
      await server.stop();
    }
  }
  return listServerTools(flags);
}

async function listServerTools(flags: InitFlags): Promise<ToolSketch[]> {
  const connect = { timeoutMs: flags.timeout, maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES, headers: flags.header };
  const session = await openSession(targetFrom(flags), connect).catch((error: unknown) => {
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  });
  try {
    return await session.listTools();
  } finally {
    await session.close();
  }
}

export async function init(flags: InitFlags): Promise<number> {
  if (flags.start && !flags.url) throw usageError('--start names the command of an HTTP server: give its --url too');
  const tools = await listTools(flags);
  const files: Array<[string, string]> = [
    ['mcpgate.yaml', configTemplate({ url: flags.url, stdio: flags.stdio, start: flags.start }, tools)],
    ['golden/tasks.yaml', goldenTemplate(tools)],
    ['golden/rubric.md', RUBRIC_TEMPLATE],
    ['.github/workflows/mcpgate.yml', workflowTemplate(MCPGATE_VERSION)],
  ];
  const existing = files.map(([file]) => join(flags.dir, file)).filter((file) => existsSync(file));
  if (existing.length > 0 && !flags.force) throw usageError(`not overwriting ${existing.join(', ')}: move them away or pass --force`);
  for (const [file, content] of files) {
    writeFileAtomic(join(flags.dir, file), content);
    writeOut(`wrote ${join(flags.dir, file)}\n`);
  }
  writeOut(
    `${tools.length > 0 ? `drafted ${Math.min(tools.length, 8)} golden case(s) from the server's tools; ` : ''}next: edit golden/tasks.yaml (each case is a draft until you remove its \`draft: true\`), then run \`mcpgate run\`\n`,
  );
  return 0;
}
