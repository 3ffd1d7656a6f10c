/** `mcpgate golden draft`: tools/list (+ a model) -> a golden file of draft cases. */

import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { checkDraftWriter, draftGoldenSet, draftSummary } from '../../behavior/golden-draft/draft.js';
import { draftYaml } from '../../behavior/golden-draft/draft-yaml.js';
import { connectCredentials, credentialsFromFlags } from '../../pipeline/credentials.js';
import { buildModels } from '../../pipeline/models.js';
import { listServerTools } from '../../pipeline/server-tools.js';
import { targetFrom } from '../../pipeline/target.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { writeFileAtomic } from '../../shared/files.js';
import { usageError } from '../../shared/input-error.js';
import { describeTarget } from '../../wire/target.js';
import { writeOut } from '../console.js';
import type { DraftFlags } from './flags.js';

export async function draftGolden(flags: DraftFlags): Promise<number> {
  const target = targetFrom(flags);
  if (existsSync(flags.out) && !flags.force) throw usageError(`not overwriting ${flags.out}: move it away or pass --force`);
  const model = flags.model
    ? buildModels({
        models: [flags.model],
        baseUrl: flags.baseUrl,
        cache: flags.cache,
        cacheDir: flags.cacheDir,
        modelTimeoutMs: flags.modelTimeout,
      }).models[0]
    : undefined;
  checkDraftWriter(model?.client);
  const credentials = credentialsFromFlags(target, flags);
  const tools = await listServerTools(target, { ...connectCredentials(credentials), timeoutMs: flags.timeout });
  const server = describeTarget(target);
  const set = await draftGoldenSet(tools, { server, ...(model ? { model: model.client } : {}) });
  writeFileAtomic(flags.out, draftYaml(set, server, foldersBelowProject(flags.out)));
  writeOut(`wrote ${safe(flags.out)}: ${draftSummary(set)}; review each and delete its \`draft: true\` line\n`);
  return EXIT.pass;
}

/**
 * How many folders below the project (where mcpgate runs, beside node_modules) the golden file is
 * written, so its schema line finds node_modules/mcpgate/docs/schemas; a file outside the project
 * gets the line for one folder down, which an editor simply fails to resolve.
 */
function foldersBelowProject(file: string): number {
  const folder = relative(process.cwd(), dirname(resolve(file)));
  if (folder.startsWith('..') || isAbsolute(folder)) return 1;
  return folder === '' ? 0 : folder.split(sep).length;
}
