/**
 * What a check may use: the shared connection, the discover result, memoised list results, a way
 * to open an independent connection, and the one path through which a tool may be called.
 */

import type { PAGINATED_METHODS } from '../spec/protocol.js';
import { toolSafety } from '../spec/tool-safety.js';
import { isListedTool, type ListedTool } from '../spec/tool.js';
import type { CloseInfo, Connection, Exchange, TransportKind } from '../wire/exchange.js';
import { isObject } from '../wire/jsonrpc.js';
import { readAllPages, type ListOutcome } from '../wire/pagination.js';
import { ModernClient, type RequestOptions } from '../wire/modern-client.js';
import type { OtlpReceiver } from '../telemetry/otlp-receiver.js';
import { connect, type ConnectOptions, type Target } from '../wire/target.js';

/** A tool call the user names in config (`check.calls`), made exactly as written. */
export interface NamedCall {
  tool: string;
  arguments: Record<string, unknown>;
}

export class CheckContext {
  readonly connections: Connection[] = [];
  private readonly unaudited = new Set<Connection>();
  closeInfo: CloseInfo | undefined;
  private readonly lists = new Map<string, Promise<ListOutcome>>();

  constructor(
    readonly target: Target,
    readonly client: ModernClient,
    readonly discover: { exchange: Exchange; result: Record<string, unknown> },
    readonly options: {
      allowTools: ReadonlySet<string>;
      connect: ConnectOptions;
      otlpReceiver?: OtlpReceiver;
      /** Calls the user named in config (`check.calls`): they may be made as given, whatever the annotations say. */
      calls?: readonly NamedCall[];
    },
  ) {
    this.connections.push(client.connection);
  }

  get transport(): TransportKind {
    return this.client.transport;
  }

  get capabilities(): Record<string, unknown> {
    return isObject(this.discover.result.capabilities) ? this.discover.result.capabilities : {};
  }

  hasCapability(name: string): boolean {
    return name in this.capabilities && this.capabilities[name] !== undefined && this.capabilities[name] !== null;
  }

  /**
   * A connection of its own (a new process on stdio), for rules about independence and statelessness.
   * `audited: false` keeps its traffic out of the audits: a probe that puts a connection into a
   * deliberately odd state should be judged once, by its own check, not again by every audit.
   */
  async newClient(options: { audited?: boolean } = {}): Promise<ModernClient> {
    const connection = await connect(this.target, this.options.connect);
    this.connections.push(connection);
    if (options.audited === false) this.unaudited.add(connection);
    return new ModernClient(connection);
  }

  /** Every page of a paginated list, read once per run and shared by the checks. */
  list(method: keyof typeof PAGINATED_METHODS | string): Promise<ListOutcome> {
    let pending = this.lists.get(method);
    if (!pending) {
      pending = readAllPages(this.client, method);
      this.lists.set(method, pending);
    }
    return pending;
  }

  async tools(): Promise<ListedTool[]> {
    const outcome = await this.list('tools/list');
    return outcome.items.filter(isListedTool);
  }

  async callableTools(): Promise<ListedTool[]> {
    return (await this.tools()).filter((tool) => toolSafety(tool, this.options.allowTools).callable);
  }

  /**
   * The only way checks call tools: refuses anything the safety rule does not allow, unless the user
   * named this very call in config. `extra` adds request fields (requestState, inputResponses) and options.
   */
  callTool(
    tool: ListedTool,
    args: Record<string, unknown>,
    client: ModernClient = this.client,
    extra: { params?: Record<string, unknown>; options?: RequestOptions } = {},
  ): Promise<Exchange> {
    const safety = toolSafety(tool, this.options.allowTools);
    if (!safety.callable && !this.isNamedCall(tool.name, args)) throw new Error(`refusing to call tool "${tool.name}": ${safety.reason}`);
    return client.request('tools/call', { name: tool.name, arguments: args, ...extra.params }, extra.options);
  }

  /** Named calls whose tool the server lists, with their arguments. */
  async namedCalls(): Promise<Array<{ tool: ListedTool; args: Record<string, unknown> }>> {
    const tools = await this.tools();
    return (this.options.calls ?? []).flatMap((call) => {
      const tool = tools.find((t) => t.name === call.tool);
      return tool ? [{ tool, args: call.arguments }] : [];
    });
  }

  private isNamedCall(name: string, args: Record<string, unknown>): boolean {
    return (this.options.calls ?? []).some((call) => call.tool === name && JSON.stringify(call.arguments) === JSON.stringify(args));
  }

  /** Every exchange of this run that the audits judge (see OutgoingMessage.audited). */
  allExchanges(): Exchange[] {
    return this.auditedConnections().flatMap((c) => c.exchanges.filter((e) => e.sent.audited !== false));
  }

  auditedConnections(): Connection[] {
    return this.connections.filter((c) => !this.unaudited.has(c));
  }
}
