/**
 * Task completion, judged by a pinned model against the case's rubric. The judge reads the user's
 * turns, the tool calls with their results, and the final answer; it must answer with JSON. Anything
 * else (no judge, a judge error, an unreadable verdict) is `not_measured`, never a pass.
 */

import type { ModelClient } from '../models/types.js';
import type { GoldenCase, Trajectory } from './types.js';

export interface CompletionVerdict {
  status: 'pass' | 'fail' | 'not_measured';
  reason?: string;
}

const JUDGE_INSTRUCTIONS = [
  'You grade whether an AI assistant completed a user task, using the rubric.',
  'Tool results are the only source of truth: an answer that states facts no tool returned is a failure.',
  'Reply with JSON only: {"pass": true|false, "reason": "<one sentence>"}.',
].join(' ');

const EXCERPT = 1_500;

function transcript(c: GoldenCase, trajectory: Trajectory): string {
  const lines: string[] = [];
  c.turns.forEach((turn, i) => lines.push(`User (turn ${i + 1}): ${turn}`));
  for (const step of trajectory.steps) {
    for (const call of step.calls) {
      lines.push(`Tool call: ${call.name}(${JSON.stringify(call.arguments)})`);
      lines.push(`Tool result${call.isError ? ' (error)' : ''}: ${call.result.slice(0, EXCERPT)}`);
    }
  }
  lines.push(`Assistant's final answer: ${trajectory.finalText || '(none)'}`);
  return lines.join('\n');
}

export async function judgeCompletion(
  judge: ModelClient | undefined,
  c: GoldenCase,
  trajectory: Trajectory,
  sampleIndex: number,
): Promise<CompletionVerdict> {
  if (!c.rubric) return { status: 'not_measured', reason: 'the case has no rubric' };
  if (!judge) return { status: 'not_measured', reason: 'no judge model configured (--judge provider:model)' };
  if (judge.kind !== 'llm') return { status: 'not_measured', reason: 'the lexical baseline cannot judge task completion' };
  try {
    const reply = await judge.generate({
      messages: [
        { role: 'system', content: JUDGE_INSTRUCTIONS },
        { role: 'user', content: `Rubric: ${c.rubric}\n\nTranscript:\n${transcript(c, trajectory)}` },
      ],
      tools: [],
      sampleIndex,
      temperature: 0,
    });
    return parseVerdict(reply.text);
  } catch (error) {
    return { status: 'not_measured', reason: `the judge failed: ${(error as Error).message}` };
  }
}

export function parseVerdict(text: string): CompletionVerdict {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (json) {
    try {
      const parsed = JSON.parse(json) as { pass?: unknown; reason?: unknown };
      if (typeof parsed.pass === 'boolean')
        return { status: parsed.pass ? 'pass' : 'fail', reason: typeof parsed.reason === 'string' ? parsed.reason : undefined };
    } catch {
      // Fall through: an unreadable verdict is not measured.
    }
  }
  return { status: 'not_measured', reason: `the judge's answer was not a verdict: ${text.slice(0, 120)}` };
}
