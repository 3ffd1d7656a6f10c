/**
 * Scripts for improve's held-out proof: a golden set for the confusable server in which every
 * archived-orders case says "archived" another way (so a rewrite that copies the words of the cases
 * it was shown fixes those and no other), and scripted answers for the model proposer and the
 * paraphrase writer, both fake Anthropic endpoints on 127.0.0.1 telling the two questions apart by
 * their system prompt.
 */

import { anthropicMessage, type FakeReply, type RecordedRequest } from './fake-llm.js';

/**
 * 12 cases: six want find_orders (archived orders, each with its own word for it), three
 * search_orders, two get_time, two none. The twins' descriptions tie on "orders", so a model that
 * reads descriptions sends every archived case to search_orders, listed first.
 */
export const CONFUSABLE_HELDOUT_GOLDEN = `
cases:
  - id: archived-acme
    prompt: Show the archived orders of ACME
    expect_tool: find_orders
  - id: past-globex
    prompt: List the past orders of Globex
    expect_tool: find_orders
  - id: old-initech
    prompt: Which old orders does Initech have?
    expect_tool: find_orders
  - id: closed-umbrella
    prompt: Get the closed orders of Umbrella
    expect_tool: find_orders
  - id: completed-stark
    prompt: Bring up the completed orders of Stark
    expect_tool: find_orders
  - id: shipped-hooli
    prompt: Pull the shipped orders of Hooli
    expect_tool: find_orders
  - id: open-acme
    prompt: Search the open orders of ACME
    expect_tool: search_orders
  - id: pending-globex
    prompt: Search pending orders for Globex
    expect_tool: search_orders
  - id: current-initech
    prompt: Search live orders of Initech
    expect_tool: search_orders
  - id: server-time
    prompt: What time is it on the server?
    expect_tool: get_time
  - id: server-clock
    prompt: Server clock time please
    expect_tool: get_time
  - id: joke
    prompt: Tell me a joke
    expect_tool: null
  - id: haiku
    prompt: Write a haiku about autumn
    expect_tool: null
`;

/** Every word an archived-orders case uses for "archived": a rewrite naming them all describes the kind, not a case. */
export const ARCHIVED_WORDS = ['archived', 'past', 'old', 'closed', 'completed', 'shipped'];

export interface ProposerQuestion {
  tools: Array<{ name: string; description: string; parameters: Record<string, unknown> }>;
  confusion: { needed: string; calledInstead: string; samples: number };
  requests: Array<{ case: string; request: string }>;
}

function systemText(request: RecordedRequest): string {
  const system = request.body.system as unknown;
  if (typeof system === 'string') return system;
  if (Array.isArray(system)) return system.map((s: { text?: string }) => s.text ?? '').join('\n');
  return '';
}

function userText(request: RecordedRequest): string {
  const [message] = request.body.messages as Array<{ content: unknown }>;
  const content = message?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((c: { text?: string }) => c.text ?? '').join('') : '';
}

export const isParaphraseQuestion = (request: RecordedRequest): boolean => systemText(request).startsWith('You reword requests');

/** What improve asked the model proposer. */
export function proposerQuestion(request: RecordedRequest): ProposerQuestion {
  return JSON.parse(userText(request)) as ProposerQuestion;
}

/** The proposer's answer: JSON after a line of prose, as models write it. */
export function rewritesAnswer(rewrites: Array<{ tool: string; description: string }>): FakeReply {
  return anthropicMessage({ text: `Here you go:\n${JSON.stringify({ rewrites })}` });
}

/** The word before "orders" in each request shown: what an overfitting proposer copies. */
export function shownWords(question: ProposerQuestion): string[] {
  return question.requests.map((r) => /(\w+) orders/i.exec(r.request)?.[1]?.toLowerCase() ?? '').filter((w) => w !== '');
}

/** The scripted rewordings of a prompt: other customers, the same words for what is asked. */
export function scriptedRewordings(prompt: string, count: number): string[] {
  const others = ['Wayne', 'Tyrell', 'Cyberdyne', 'Soylent'];
  return Array.from({ length: count }, (_, i) =>
    /\b(ACME|Globex|Initech|Umbrella|Stark|Hooli)\b/.test(prompt)
      ? prompt.replace(/\b(ACME|Globex|Initech|Umbrella|Stark|Hooli)\b/, others[i % others.length]!)
      : `${prompt} (${i === 0 ? 'please' : 'thanks'})`,
  );
}

/** Answers a paraphrase question with scriptedRewordings. */
export function paraphraseAnswer(request: RecordedRequest): FakeReply {
  const asked = JSON.parse(userText(request)) as { request: string; count: number };
  return anthropicMessage({ text: JSON.stringify({ paraphrases: scriptedRewordings(asked.request, asked.count) }) });
}
