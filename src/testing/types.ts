// The testing kit's public types of an embed page, apart from the server
// code, so that a project's type check needs no Node types to read them.

/** An action the embed page received from its host: `platform:action:<type>` with its payload. */
export interface EmbedAction {
  type: string;
  payload: Record<string, unknown>;
}

/** Options of {@link MockEmbed.fail}: the platform's error event fields. */
export interface EmbedFailure {
  /** Error name, e.g. `QueryError`. Default `EmbedError`, or `SessionExpiredError` with context `auth`. */
  name?: string;
  /** Where it happened, e.g. `query`, `render`, `auth`. Default `render`. */
  context?: string;
  /** Whether the embed is down. Default: `true` for context `auth`, else `false`. */
  fatal?: boolean;
}

/**
 * One embed page of the mock, open in the host's browser, driven from Node.
 * A reloaded page keeps its `MockEmbed`.
 */
export interface MockEmbed {
  /** The in-embed path the page loaded, e.g. `/embed/dashboard/sales-overview`. */
  readonly path: string;
  /** `true` when the page opened with a valid session (or its credential), `false` when it was refused. */
  readonly session: boolean;
  /** Every action the page received so far, oldest first. */
  actions(): EmbedAction[];
  /** Resolves with the first action of `type` received (earlier ones count); rejects after `timeout` ms (default 5000) or when the page is gone. */
  waitForAction(type: string, options?: { timeout?: number }): Promise<EmbedAction>;
  /** Posts `platform:event:<type>` with `payload` from the page to its host; resolves once it is posted. */
  send(type: string, payload?: Record<string, unknown>): Promise<void>;
  /** Posts the platform's error event; with context `auth` the page's session stops working too, as the platform's would. */
  fail(message: string, options?: EmbedFailure): Promise<void>;
  /**
   * The page's credential expires now, as the platform's does after about 23 hours: the page sends
   * `platform:event:session-expired` and shows "Session expired" until a `set-session` action brings a
   * fresh session (renewed in place, no reload). Resolves once the event is posted.
   */
  expire(): Promise<void>;
  /** Reloads the page; resolves when the reloaded page is connected again. */
  reload(): Promise<void>;
}
