/**
 * `mcpgate init`: scaffolds mcpgate.yaml, a golden set and its rubrics, and a GitHub workflow, and
 * keeps `.mcpgate/` out of git. With --url or --stdio it lists the server's tools (it never calls one),
 * drafts the golden set as `mcpgate golden draft` does offline, and suggests check.calls for the tools
 * layer 0 would not call by itself. Existing files are never overwritten without --force.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { draftGoldenSet, draftSummary, NothingToDraftError, type DraftedSet } from '../../behavior/golden-draft/draft.js';
import { draftYaml } from '../../behavior/golden-draft/draft-yaml.js';
import { draftRubric } from '../../behavior/golden-draft/rubric.js';
import { DEFAULT_START_WAIT_MS } from '../../pipeline/defaults.js';
import { startServer } from '../../pipeline/server-start.js';
import { connectCredentials, credentialsFromFlags } from '../../pipeline/credentials.js';
import { listServerTools } from '../../pipeline/server-tools.js';
import { targetFrom } from '../../pipeline/target.js';
import { safe } from '../../report/terminal-escape.js';
import { writeFileAtomic } from '../../shared/files.js';
import { usageError } from '../../shared/input-error.js';
import { MCPGATE_VERSION } from '../../shared/version.js';
import type { ServerTool } from '../../spec/tool.js';
import type { TokenProvider } from '../../wire/credentials.js';
import { describeTarget } from '../../wire/target.js';
import { writeOut } from '../console.js';
import type { InitFlags } from './flags.js';
import { ignoreMcpgateDir, MCPGATE_DIR_PATTERN } from './gitignore.js';
import { CI_OAUTH, oauthSketch, withInitIssuer } from './oauth.js';
import { configTemplate } from './templates.js';
import { packageSteps, workflowTemplate } from './workflow.js';

async function listTools(flags: InitFlags): Promise<ServerTool[]> {
  const target = targetFrom(flags);
  const credentials = connectCredentials(credentialsFromFlags(target, flags));
  const list = (over: { credentials?: TokenProvider } = {}): Promise<ServerTool[]> =>
    listServerTools(target, { ...credentials, ...over, timeoutMs: flags.timeout });
  if (flags.url && flags.start) {
    const start = { command: flags.start, waitMs: DEFAULT_START_WAIT_MS, cwd: flags.dir };
    const listStarted = async (env: Record<string, string> = {}, over: { credentials?: TokenProvider } = {}): Promise<ServerTool[]> => {
      const server = await startServer({ ...start, env }, flags.url!);
      try {
        return await list(over);
      } finally {
        await server.stop();
      }
    };
    // The server init starts trusts a test issuer of its own while its tools are listed, as in CI.
    if (flags.oauth) return withInitIssuer(flags.url, flags.timeout, ({ env, credentials }) => listStarted(env, { credentials }));
    return listStarted();
  }
  return list();
}

interface Drafted {
  /** What the server listed: the check.calls suggestions and the rubrics read it too. */
  tools: ServerTool[];
  golden?: { set: DraftedSet; server: string };
  /** Why no golden set was drafted. */
  none?: string;
}

/** The golden set as `golden draft` drafts it offline, or why there is none: no server named, or one without tools. */
async function draft(flags: InitFlags): Promise<Drafted> {
  if (!flags.url && !flags.stdio)
    return { tools: [], none: 'no golden cases drafted: no server named (pass --url or --stdio to draft them from its tools)' };
  const server = describeTarget(targetFrom(flags));
  const tools = await listTools(flags);
  try {
    return { tools, golden: { set: await draftGoldenSet(tools, { server }), server } };
  } catch (error) {
    if (error instanceof NothingToDraftError) return { tools, none: error.message };
    throw error;
  }
}

export async function init(flags: InitFlags): Promise<number> {
  if (flags.start && !flags.url) throw usageError('--start names the command of an HTTP server: give its --url too');
  if (flags.oauth && !flags.url)
    throw usageError(
      '--oauth is for an HTTP server: give its --url (and --start, for mcpgate run to start it); a stdio server takes its credentials in its environment',
    );
  const oauth = oauthSketch(flags);
  const { tools, golden, none } = await draft(flags);
  const files: Array<[string, string | undefined]> = [
    [
      'mcpgate.yaml',
      configTemplate({ url: flags.url, stdio: flags.stdio, start: flags.start, ...(oauth ? { oauth } : {}) }, tools, golden !== undefined),
    ],
    ['golden/tasks.yaml', golden && draftYaml(golden.set, golden.server)],
    ['golden/rubric.md', golden && draftRubric(tools)],
    ['.github/workflows/mcpgate.yml', workflowTemplate(MCPGATE_VERSION, { oauth: flags.oauth ?? false })],
  ];
  const written = files.filter((entry): entry is [string, string] => entry[1] !== undefined);
  const existing = written.map(([file]) => join(flags.dir, file)).filter((file) => existsSync(file));
  if (existing.length > 0 && !flags.force) throw usageError(`not overwriting ${existing.join(', ')}: move them away or pass --force`);
  for (const [file, content] of written) {
    writeFileAtomic(join(flags.dir, file), content);
    writeOut(`wrote ${join(flags.dir, file)}\n`);
  }
  const gitignore = join(flags.dir, '.gitignore');
  const change = ignoreMcpgateDir(gitignore);
  if (change === 'created') writeOut(`wrote ${gitignore} (${MCPGATE_DIR_PATTERN}: the cache, reports and history runs write)\n`);
  if (change === 'appended') writeOut(`added ${MCPGATE_DIR_PATTERN} to ${gitignore}\n`);
  writeOut(
    golden
      ? `drafted golden/tasks.yaml: ${draftSummary(golden.set)}; next: edit golden/tasks.yaml (each case is a draft until you remove its \`draft: true\`), then run \`mcpgate run\`\n`
      : `${safe(none ?? '')}; layer 1 is off in mcpgate.yaml until eval.golden and eval.models are set\n`,
  );
  if (flags.oauth)
    writeOut(
      `every job of the workflow starts mcpgate auth-server at ${CI_OAUTH.issuer} first: make the server trust the issuer named by ${CI_OAUTH.issuerVariable} (its tokens' iss, and its keys at /jwks), as mcpgate's docs/guide/oauth.md shows\n`,
    );
  writeOut(`${packageSteps(MCPGATE_VERSION).join('\n')}\n`);
  return 0;
}
