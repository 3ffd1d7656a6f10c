/**
 * `--model baseline`: a deterministic lexical tool selector, not an LLM. It ranks the tools by the
 * words the prompt shares with each tool's name, description and parameters (BM25), calls the best
 * one with the arguments it can read off the prompt when the score clears a threshold, and abstains
 * otherwise. Free, offline and repeatable, it is the floor a real model should beat; and where it
 * cannot tell two tools apart, their descriptions overlap for a model too.
 */

import { extractArguments } from './lexical/arguments.js';
import { rankTools } from './lexical/rank.js';
import type { Schema } from './lexical/schema.js';
import type { ChatMessage, ModelClient, ModelTurn, ToolCall } from './types.js';
import { collapseWhitespace } from '../shared/one-line.js';

/**
 * Scores are in [0, 1). On the reference server chit-chat scores 0, clear requests 0.28 to 0.83,
 * and vague or off-topic ones ("will it rain in London?", "write me a poem about invoices", "what
 * did we bill CUS-003 last month?") 0.12 to 0.19: below the line.
 */
export const DEFAULT_BASELINE_THRESHOLD = 0.2;

const LABEL = 'Lexical baseline (not an LLM)';
/** It spends no tokens; zeros, not absent counts, so cost tables show it as free. */
const noUsage = (): ModelTurn['usage'] => ({ inputTokens: 0, outputTokens: 0 });

export function createBaseline(options: { threshold?: number } = {}): ModelClient {
  const threshold = options.threshold ?? DEFAULT_BASELINE_THRESHOLD;
  return {
    id: 'baseline',
    kind: 'lexical-baseline',
    async generate({ messages, tools }) {
      const last = messages.at(-1);
      if (last?.role === 'tool') return answer(summarise(messages));
      if (last?.role !== 'user') return answer(`${LABEL}: there is no user request to act on.`);
      const [best, second] = rankTools(last.content, tools);
      const spec = tools.find((t) => t.name === best?.tool);
      if (best === undefined || spec === undefined || best.score < threshold) {
        const closest =
          best === undefined
            ? 'no tools offered'
            : best.score === 0
              ? 'no tool shares a word with it'
              : `closest: ${best.tool} at ${best.score.toFixed(2)}`;
        return answer(`${LABEL}: no tool matches this request well enough (${closest}; threshold ${threshold}), so none is called.`);
      }
      const call: ToolCall = {
        // Deterministic, and distinct per turn of one conversation.
        id: `baseline-${messages.length - 1}`,
        name: spec.name,
        arguments: extractArguments(last.content, spec.inputSchema as Schema),
      };
      const runnerUp = second === undefined ? '' : `; next: ${second.tool} at ${second.score.toFixed(2)}`;
      return {
        text: `${LABEL}: calling ${spec.name} (lexical score ${best.score.toFixed(2)}${runnerUp}).`,
        toolCalls: [call],
        usage: noUsage(),
        finishReason: 'tool-calls',
      };
    },
  };
}

function answer(text: string): ModelTurn {
  return { text, toolCalls: [], usage: noUsage(), finishReason: 'stop' };
}

/** After the tool ran: report what came back, without a second call, so each user turn gets one. */
function summarise(messages: ChatMessage[]): string {
  const results = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool') break;
    const shown = collapseWhitespace(message.content, 200);
    results.unshift(`${message.toolName} ${message.isError === true ? 'failed' : 'returned'}: ${shown}`);
  }
  return `${LABEL}: ${results.join('; ')}`;
}
