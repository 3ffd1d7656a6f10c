/** Prompt-injection payloads planted in tool outputs, their taxonomy, and canary scoring. */

export { MCPSECBENCH_MAPPING, MCPSECBENCH_VECTOR, type TaxonomyEntry } from './classes.js';
export { PAYLOAD_TEMPLATES, HIDDEN_INSTRUCTION, buildPayload, pickHijackTool } from './corpus.js';
export { newCanary, toTagCharacters, fromTagCharacters, containsNumber, CANARY_DOMAIN, type Canary } from './canary.js';
export { scoreInjection, describeSignal, type InjectionScore } from './score.js';
