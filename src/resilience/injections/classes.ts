/**
 * Where the injection payload classes (InjectionClass, in the report contract) sit in the
 * MCPSecBench attack taxonomy (Yang et al., "MCPSecBench: A Systematic Security Benchmark and
 * Playground for Testing Model Context Protocols", arXiv:2508.13220: 17 attack types over 4 attack
 * surfaces). Category names are the paper's own. Every payload here arrives inside a tool result, so
 * the surface is always the MCP server; the delivery itself (a party between client and server
 * rewriting results) is the paper's Man-in-the-Middle, recorded separately as the vector.
 */

import type { InjectionClass } from '../../report/model.js';

export type McpSecBenchSurface = 'User Interaction' | 'MCP Client' | 'MCP Transport' | 'MCP Server';

export interface TaxonomyEntry {
  surface: McpSecBenchSurface;
  /** MCPSecBench attack types, the closest first. */
  attacks: string[];
  /** Why this class maps there, in one sentence. */
  rationale: string;
}

export const MCPSECBENCH_VECTOR = { surface: 'MCP Transport' as McpSecBenchSurface, attack: 'Man-in-the-Middle' };

export const MCPSECBENCH_MAPPING: Readonly<Record<InjectionClass, TaxonomyEntry>> = {
  'instruction-override': {
    surface: 'MCP Server',
    attacks: ['Indirect Prompt Injection', 'Prompt Injection'],
    rationale: "instructions inside data the model reads while solving the task, aimed at replacing the user's request",
  },
  exfiltration: {
    surface: 'MCP Server',
    attacks: ['Data Exfiltration', 'Indirect Prompt Injection'],
    rationale: 'asks the model to send the conversation or a secret to an address or URL the attacker controls',
  },
  'tool-hijack': {
    surface: 'MCP Server',
    attacks: ['Tool Shadowing Attack', 'Tool/Service Misuse via "Confused AI"'],
    rationale: 'asks the model to run another tool nobody requested, so an unexpected tool is executed',
  },
  'hidden-unicode': {
    surface: 'MCP Server',
    attacks: ['Indirect Prompt Injection', 'Tool Poisoning'],
    rationale:
      'an instruction invisible to a person reviewing the output (Unicode tag characters and zero-width joiners) but read by the model',
  },
};
