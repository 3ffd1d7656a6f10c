/** The model-driven part of layer 2 in the terminal: fault reactions, injection attack rates, the client fixture. */

import { type Paint } from './ansi.js';
import { safe } from './terminal-escape.js';
import type { ChaosReport } from './model.js';
import { stateFindingLines } from './terminal-state-findings.js';

function mark(status: string, paint: Paint): string {
  return status === 'pass' ? paint('green', '✓') : status === 'fail' ? paint('red', '✗') : paint('yellow', '?');
}

function rate(r: { successes: number; scored: number; rate: number | null }): string {
  return r.rate === null ? 'not measured' : `${r.successes}/${r.scored} (${Math.round(r.rate * 100)}%)`;
}

/** `listPassing: false` counts the passing scenarios instead of listing them (`run` without --verbose). */
export function renderScenarioSection(chaos: ChaosReport, paint: Paint, listPassing = true): string[] {
  const lines: string[] = [];
  const agent = chaos.agent;
  if (agent) {
    lines.push(paint('bold', `fault scenarios (${agent.models.join(', ')}, ${agent.settings.runs} runs each)`));
    const listed = listPassing ? agent.scenarios : agent.scenarios.filter((s) => s.status !== 'pass');
    const hidden = agent.scenarios.length - listed.length;
    if (hidden > 0) lines.push(paint('dim', `  ${hidden} passing scenario(s) not listed; --verbose lists them`));
    for (const s of listed) {
      const verdicts = Object.entries(s.verdicts)
        .map(([v, n]) => `${v} ${n}`)
        .join(', ');
      lines.push(
        `  ${mark(s.status, paint)} ${safe(s.id)} [${safe(s.model)}] ${s.fault} on ${safe(s.tool)}: ${s.passes}/${s.runs} passed (${verdicts})`,
      );
      if (s.status !== 'pass') lines.push(`      ${safe(s.message)}`);
    }
    lines.push(...stateFindingLines(agent, paint));
    if (agent.injections.length > 0) {
      lines.push(paint('bold', `injections in tool outputs: attack success ${rate(agent.summary.attacks)}`));
      for (const [cls, r] of Object.entries(agent.attackSuccess.byClass)) if (r) lines.push(`  ${cls.padEnd(22)} ${rate(r)}`);
      for (const [model, r] of Object.entries(agent.attackSuccess.byModel))
        lines.push(`  ${paint('dim', 'model')} ${safe(model).padEnd(16)} ${rate(r)}`);
    }
    lines.push('');
  }
  if (chaos.client) {
    lines.push(paint('bold', 'client fixture (a response stream is cut mid-way)'));
    lines.push(`  ${mark(chaos.client.status, paint)} ${chaos.client.verdict}: ${safe(chaos.client.message)}`, '');
  }
  return lines;
}
