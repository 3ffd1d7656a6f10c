/** `mcpgate golden draft`'s flags; the work (and the AI SDK behind a model) is loaded only when it runs. */

import { defineCommand, type CommandGroupSpec } from './flags/command.js';
import { DRAFT_FLAGS } from './golden/flags.js';

export const command: CommandGroupSpec = {
  description: "golden set tools: `golden draft` writes a first golden set from the server's tools, every case marked draft",
  subcommands: {
    draft: defineCommand({
      description: 'draft positive, negative and confusion-pair cases from tools/list (prompts by --model, or placeholders offline)',
      flags: DRAFT_FLAGS,
      action: async (flags) => (await import('./golden/draft.js')).draftGolden(flags),
    }),
  },
};
