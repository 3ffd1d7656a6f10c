/** The fault-injection proxy of layer 2: faults and injections between an MCP client and the real server. */

export { startFaultProxy, PROXY_PATH, type FaultProxy, type FaultProxyOptions } from './server.js';
export { EMPTY_PLAN, type FaultRule, type InjectionRule, type ProxyPlan } from './faults.js';
export { executionsOf } from './events.js';
export { EXPIRED_TOKEN_CHALLENGE } from './replies.js';
export { ProxyStartError } from './upstream.js';
export { stateFindingsOf } from './state-findings.js';
