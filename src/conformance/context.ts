/**
 * What a check may use: the shared connection, the discover result, memoised list results, a way
 * to open an independent connection, and the one path through which a tool may be called.
 */

import { CAPABILITY_METHODS, type PAGINATED_METHODS } from '../spec/protocol.js';
import { toolSafety } from '../spec/tool-safety.js';
import { isListedTool, type ListedTool } from '../spec/tool.js';
import type { CloseInfo, Connection, Exchange, TransportKind } from '../wire/exchange.js';
import { isRecord } from '../shared/guards.js';
import { isResultResponse } from '../wire/jsonrpc.js';
import { readAllPages, type ListOutcome } from '../wire/pagination.js';
import { InFlightLimit } from '../wire/in-flight.js';
import { ModernClient, type RequestOptions } from '../wire/modern-client.js';
import type { AuthCheckOptions } from './auth-options.js';
import { keepWhatEvidenceShows } from './evidence.js';
import type { OtlpReceiver } from '../telemetry/otlp-receiver.js';
import { connect, type ConnectOptions, type Target } from '../wire/target.js';

/** The tool calls one check may make at most, unless --max-calls says otherwise. */
export const DEFAULT_MAX_CALLS = 20;

/**
 * A request that every server serves, for probes about the protocol rather than a feature: the
 * first list the server declares and answered, else server/discover itself.
 */
export interface ServedRequest {
  method: string;
  /** What the probe calls it in messages and evidence, for example "tools/list". */
  label: string;
}

/** A tool call the user names in config (`check.calls`), made exactly as written. */
export interface NamedCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/**
 * What the checks of one run share, whichever check's view of the context they hold: the
 * connections, the list reads, the stdio side process and the in-flight limit. Work done once per
 * run is keyed by it (see oncePerRun).
 */
export class RunState {
  readonly connections: Connection[] = [];
  readonly unaudited = new Set<Connection>();
  closeInfo: CloseInfo | undefined;
  readonly lists = new Map<string, Promise<ListOutcome>>();
  /** stdio: the side process checks take turns on (see isolated), while the checks on it pass. */
  side: ModernClient | undefined;
  sideTurns = 0;
  sideTurn: Promise<void> = Promise.resolve();

  /** Shared by every client of the run (see InFlightLimit). */
  constructor(readonly limit: InFlightLimit | undefined) {}
}

export class CheckContext {
  /** What every check of this run shares (the context given to one check is a view of the run's). */
  readonly run: RunState;
  /** This check's client: the run's connection, its exchanges recorded for this check (see forCheck). */
  readonly client: ModernClient;
  /** Receives every exchange the check this view was made for sends, on any of the run's clients. */
  private readonly tap: ((exchange: Exchange) => void) | undefined;

  constructor(
    readonly target: Target,
    client: ModernClient,
    readonly discover: { exchange: Exchange; result: Record<string, unknown> },
    readonly options: {
      allowTools: ReadonlySet<string>;
      connect: ConnectOptions;
      otlpReceiver?: OtlpReceiver;
      /** Calls the user named in config (`check.calls`): they may be made as given, whatever the annotations say. */
      calls?: readonly NamedCall[];
      /** Requests in flight at once across the run's connections (--concurrency); unbounded when absent. */
      maxInFlight?: number;
      /** Items (and pages) read of one list (--max-list-items). */
      maxListItems?: number;
      /** Bytes of pages read of one list (--max-list-bytes). */
      maxListBytes?: number;
      /** Tool calls one check makes at most (--max-calls). */
      maxCalls?: number;
      /** OAuth credentials and the test issuer, for the `auth.*` checks. */
      auth?: AuthCheckOptions;
    },
    view?: { run: RunState; tap: (exchange: Exchange) => void },
  ) {
    if (view) {
      this.run = view.run;
      this.tap = view.tap;
      this.client = client.withTap(view.tap);
      return;
    }
    this.run = new RunState(options.maxInFlight === undefined ? undefined : new InFlightLimit(options.maxInFlight));
    this.run.connections.push(client.connection);
    client.limit = this.run.limit;
    this.client = client;
  }

  /** The context one check is given: the same run, with every exchange the check sends recorded in `exchanges`. */
  forCheck(exchanges: Exchange[]): CheckContext {
    return new CheckContext(this.target, this.client, this.discover, this.options, {
      run: this.run,
      tap: (exchange) => exchanges.push(exchange),
    });
  }

  /** Runs one check on a view of its own, collecting the exchanges it makes. */
  async withinCheck<T>(run: (ctx: CheckContext) => Promise<T>): Promise<{ value: T; exchanges: Exchange[] }> {
    const exchanges: Exchange[] = [];
    const value = await run(this.forCheck(exchanges));
    return { value, exchanges };
  }

  get connections(): Connection[] {
    return this.run.connections;
  }

  get closeInfo(): CloseInfo | undefined {
    return this.run.closeInfo;
  }

  set closeInfo(info: CloseInfo | undefined) {
    this.run.closeInfo = info;
  }

  get maxCalls(): number {
    return this.options.maxCalls ?? DEFAULT_MAX_CALLS;
  }

  /** Requests a check may have out at once (--concurrency); unbounded runs get one lane per request. */
  get concurrency(): number {
    return this.options.maxInFlight ?? Number.POSITIVE_INFINITY;
  }

  /** A client of the run's: bound by its in-flight limit, told the declared tools, its exchanges recorded for this check. */
  private adopt(client: ModernClient): ModernClient {
    client.limit = this.run.limit;
    client.adoptParamHeaders(this.client);
    return client.withTap(this.tap);
  }

  get transport(): TransportKind {
    return this.client.transport;
  }

  get capabilities(): Record<string, unknown> {
    return isRecord(this.discover.result.capabilities) ? this.discover.result.capabilities : {};
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
    return this.adopt(await this.newRunClient(options));
  }

  /** A new connection of the run's, its client recording for no check. */
  private async newRunClient(options: { audited?: boolean }): Promise<ModernClient> {
    const connection = await connect(this.target, this.options.connect);
    this.run.connections.push(connection);
    if (options.audited === false) this.run.unaudited.add(connection);
    return new ModernClient(connection);
  }

  /**
   * Runs a probe on a connection no other check's traffic reaches, left out of the audits. Over
   * stdio that is a server process of its own, and starting one is the costliest step of a run
   * (a new node process is about 0.1 s of CPU), so the probes take turns on one side process: a
   * probe that does not pass retires it, and the next one starts a new process, so a server a probe
   * put into an odd state is never judged again by the probe after it. `cold` probes need the first
   * request a process ever reads: such a probe gets the side process only when it is the first to
   * ask, and otherwise a process of its own. Over HTTP a connection costs nothing: `http` says
   * whether the probe uses the run's connection or a new one. `clean` says whether the process may
   * serve the next probe (by default: the probe's outcome passed).
   */
  async isolated<T>(
    probe: (client: ModernClient) => Promise<T>,
    options: { cold?: boolean; http: 'shared' | 'new' | 'new-unaudited'; clean?: (result: T) => boolean },
  ): Promise<T> {
    const clean = options.clean ?? isPassingOutcome;
    if (this.transport !== 'stdio') {
      const client = options.http === 'shared' ? this.client : await this.newClient({ audited: options.http === 'new' });
      return probe(client);
    }
    const run = this.run;
    if (options.cold && run.sideTurns > 0) return probe(await this.newClient({ audited: false }));
    run.sideTurns++;
    const previous = run.sideTurn;
    let release = (): void => {};
    run.sideTurn = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      // The run keeps the side process's client as no check's; each probe sends through a view of its own.
      const side = run.side ?? (await this.newRunClient({ audited: false }));
      run.side = undefined;
      const outcome = await probe(this.adopt(side));
      if (clean(outcome)) run.side = side;
      return outcome;
    } finally {
      release();
    }
  }

  /**
   * Every page of a paginated list, read once per run and shared by the checks; what they judge is
   * its items and parsed pages, so the pages' text is kept only as far as evidence shows it.
   */
  list(method: keyof typeof PAGINATED_METHODS | string): Promise<ListOutcome> {
    let pending = this.run.lists.get(method);
    if (!pending) {
      pending = this.readList(this.client, method).then((listing) => {
        for (const page of listing.pages) keepWhatEvidenceShows(page);
        if (method === 'tools/list') this.client.declareTools(listing.items);
        return listing;
      });
      this.run.lists.set(method, pending);
    }
    return pending;
  }

  /** A fresh read of a list, within the run's limits (for checks that compare two reads). */
  readList(client: ModernClient, method: string): Promise<ListOutcome> {
    return readAllPages(client, method, {
      ...(this.options.maxListItems !== undefined ? { maxItems: this.options.maxListItems } : {}),
      ...(this.options.maxListBytes !== undefined ? { maxBytes: this.options.maxListBytes } : {}),
    });
  }

  /**
   * The request protocol probes send when the rule is about the protocol, not a feature: a list the
   * server declares and served (tools, then resources, then prompts), else server/discover, which
   * every server answers. A server without tools rightly refuses tools/list, so it is never assumed.
   */
  async servedRequest(): Promise<ServedRequest> {
    for (const [capability, methods] of Object.entries(CAPABILITY_METHODS)) {
      const method = methods.find((m) => m.endsWith('/list'));
      if (!method || !this.hasCapability(capability)) continue;
      const first = (await this.list(method)).pages[0];
      if (first && isResultResponse(first.response)) return { method, label: method };
    }
    return { method: 'server/discover', label: 'server/discover' };
  }

  async tools(): Promise<ListedTool[]> {
    if (!this.hasCapability('tools')) return [];
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
    return this.run.connections.filter((c) => !this.run.unaudited.has(c));
  }
}

function isPassingOutcome(result: unknown): boolean {
  return isRecord(result) && result.status === 'pass';
}
