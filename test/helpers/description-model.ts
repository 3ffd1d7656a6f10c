/**
 * A scripted chat model whose tool choice depends only on the tool descriptions it is sent: it calls
 * the tool whose description shares the most words with the user's prompt (ties go to the first tool
 * listed), answers "none" below one shared word, and after a tool result just reports it. So the
 * outcome of a case is a known function of the descriptions, and a rewrite's effect can be predicted.
 */

import { chatCompletion, type FakeReply, type RecordedRequest } from './fake-llm.js';

const IGNORED = new Set(['the', 'a', 'an', 'of', 'for', 'to', 'in', 'by', 'and', 'or', 'is', 'what', 'are', 'me', 'my', 'show', 'please']);

export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !IGNORED.has(w)),
  );
}

interface ChatTool {
  function: { name: string; description?: string };
}

/** The tool the model will pick for `prompt` from these (name, description) pairs, or undefined. */
export function pickByDescription(prompt: string, tools: Array<{ name: string; description?: string }>): string | undefined {
  const asked = wordsOf(prompt);
  let best: { name: string; shared: number } | undefined;
  for (const tool of tools) {
    const shared = [...wordsOf(tool.description ?? '')].filter((w) => asked.has(w)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { name: tool.name, shared };
  }
  return best?.name;
}

export function descriptionModel(request: RecordedRequest): FakeReply {
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  const last = messages[messages.length - 1]!;
  if (last.role === 'tool')
    return chatCompletion({ text: `The tool said: ${String(last.content).slice(0, 120)}`, usage: { input: 30, output: 8 } });
  const prompt = String([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  const tools = ((request.body.tools ?? []) as ChatTool[]).map((t) => ({ name: t.function.name, description: t.function.description }));
  const tool = pickByDescription(prompt, tools);
  if (!tool) return chatCompletion({ text: 'No tool fits that.', usage: { input: 20, output: 4 } });
  return chatCompletion({ calls: [{ id: 'c1', name: tool, arguments: { customer: 'ACME' } }], usage: { input: 40, output: 6 } });
}
