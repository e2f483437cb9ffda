// The control channel between the mock's embed pages and Node: each page
// holds one Server-Sent Events stream (`GET /mock-embed/control`) on which
// Node sends commands, and answers with small POSTs (acknowledgements and
// every action it received). SSE needs no library on either side, passes
// any proxy that passes HTTP, and its end is a plain closed response, so a
// page that is gone is noticed at once and nothing waits for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readBody, sendError, sendJson } from './http.js';
import { checkOptions, COMMAND_TIMEOUT_MS, timeoutOf, waitFor } from './options.js';
import type { EmbedAction, EmbedFailure, MockEmbed } from './types.js';

export type { EmbedAction, EmbedFailure, MockEmbed };

/** How long the acknowledgement of a command may trail the page's end. */
const ACK_GRACE_MS = 1000;

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** What the registry tells an embed page when it authenticates. */
export interface Authenticated {
  path: string;
  session: boolean;
  credential?: string;
  /** The session id the page presented (or the one behind its credential). */
  sessionId?: string;
  /** Why the page was refused, when it was. */
  refusal?: string;
}

class Embed implements MockEmbed {
  path: string;
  session: boolean;
  credential: string | undefined;
  /** The session id the page opened with (or was refused with); a renewal in place does not change it. */
  sessionId: string | undefined;
  /** Why the mock refused the page's session, when it did. */
  refusal: string | undefined;
  /** The page's own `document.fullscreenEnabled` (what the iframe's `allow` granted it), as its stream reported it. */
  fullscreen: boolean | undefined;
  private readonly _actions: EmbedAction[] = [];
  private readonly _listeners = new Set<() => void>();
  private _stream: ServerResponse | null = null;
  private _goneTimer: NodeJS.Timeout | undefined;
  private _gone = false;
  private _seq = 0;
  private readonly _pending = new Map<number, Pending>();
  private _reloading: Pending | null = null;

  constructor(
    readonly id: string,
    auth: Authenticated,
    private readonly _expire: (credential: string) => void,
  ) {
    this.path = auth.path;
    this.session = auth.session;
    this.credential = auth.credential;
  }

  /** Whether the page is closed or navigated away (and not coming back). */
  get gone(): boolean {
    return this._gone;
  }

  private get _label(): string {
    return `the embed page ${this.path}`;
  }

  actions(): EmbedAction[] {
    return this._actions.map((a) => ({ type: a.type, payload: structuredClone(a.payload) }));
  }

  waitForAction(type: string, options: { timeout?: number } = {}): Promise<EmbedAction> {
    if (typeof type !== 'string' || !type) throw new TypeError('waitForAction: type must be a non-empty string, e.g. "set-filter".');
    checkOptions('waitForAction', options, ['timeout']);
    const timeout = timeoutOf('waitForAction', options.timeout);
    const found = () => this._actions.find((a) => a.type === type);
    return waitFor(this._listeners, () => {
      if (found()) return { value: found()! };
      if (this._gone) return { error: new Error(`waitForAction("${type}"): ${this._label} is gone (closed or navigated away) and never received it.`) };
      return undefined;
    }, timeout, () => {
      const seen = this._actions.map((a) => a.type);
      return `waitForAction("${type}"): ${this._label} received no such action within ${timeout} ms (received: ${seen.length ? seen.join(', ') : 'none'}).`;
    });
  }

  send(type: string, payload: Record<string, unknown> = {}): Promise<void> {
    if (typeof type !== 'string' || !/^[a-z][a-z0-9-]*$/.test(type)) {
      throw new TypeError(`send: type must be an event name without its prefix, e.g. "drilldown" (got ${JSON.stringify(type)}).`);
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new TypeError('send: payload must be a plain object.');
    return this._command({ cmd: 'send', type, payload: structuredClone(payload) }, `send("${type}")`);
  }

  fail(message: string, options: EmbedFailure = {}): Promise<void> {
    if (typeof message !== 'string' || !message) throw new TypeError('fail: message must be a non-empty string.');
    checkOptions('fail', options, ['name', 'context', 'fatal']);
    for (const key of ['name', 'context'] as const) {
      if (options[key] !== undefined && typeof options[key] !== 'string') throw new TypeError(`fail: options.${key} must be a string.`);
    }
    if (options.fatal !== undefined && typeof options.fatal !== 'boolean') throw new TypeError('fail: options.fatal must be a boolean.');
    const context = options.context ?? 'render';
    const auth = context === 'auth';
    const payload = {
      message,
      name: options.name ?? (auth ? 'SessionExpiredError' : 'EmbedError'),
      context,
      fatal: options.fatal ?? auth,
    };
    // The platform's session ends with an auth error: the page's credential stops working before the event is seen.
    if (auth && this.credential) this._expire(this.credential);
    return this._command({ cmd: 'fail', payload }, 'fail()');
  }

  expire(): Promise<void> {
    // The credential stops working first, as the platform's does when its day is over.
    if (this.credential) this._expire(this.credential);
    return this._command({ cmd: 'expire' }, 'expire()');
  }

  reload(): Promise<void> {
    if (this._reloading) return Promise.reject(new Error(`reload(): ${this._label} is already reloading.`));
    const reloaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this._reloading = null;
        reject(new Error(`reload(): ${this._label} did not connect again within ${COMMAND_TIMEOUT_MS} ms.`));
      }, COMMAND_TIMEOUT_MS);
      this._reloading = {
        resolve: () => (clearTimeout(timer), (this._reloading = null), resolve()),
        reject: (error) => (clearTimeout(timer), (this._reloading = null), reject(error)),
      };
    });
    return this._command({ cmd: 'reload' }, 'reload()').then(
      () => reloaded,
      (error: Error) => {
        this._reloading?.reject(error);
        return reloaded;
      },
    );
  }

  /** Sends a command and resolves when the page acknowledged it. */
  private async _command(command: Record<string, unknown>, label: string): Promise<void> {
    await waitFor(this._listeners, () => {
      if (this._stream) return { value: true };
      if (this._gone) return { error: new Error(`${label}: ${this._label} is gone (closed or navigated away).`) };
      return undefined;
    }, COMMAND_TIMEOUT_MS, () => `${label}: ${this._label} did not open its control channel within ${COMMAND_TIMEOUT_MS} ms.`);
    const seq = ++this._seq;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this._pending.delete(seq);
        reject(new Error(`${label}: ${this._label} did not answer within ${COMMAND_TIMEOUT_MS} ms.`));
      }, COMMAND_TIMEOUT_MS);
      this._pending.set(seq, {
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (error) => (clearTimeout(timer), reject(new Error(`${label}: ${error.message}`))),
      });
      this._stream!.write(`event: command\ndata: ${JSON.stringify({ seq, ...command })}\n\n`);
    });
  }

  /** Whether reload() is waiting for this page to come back. */
  get reloading(): boolean {
    return this._reloading !== null;
  }

  /** The page's stream opened (first load or after a reload). */
  attach(stream: ServerResponse): void {
    clearTimeout(this._goneTimer);
    this._stream = stream;
    this._gone = false;
    this._notify();
  }

  /** The page authenticated again after a reload. */
  reauthenticated(auth: Authenticated): void {
    this.session = auth.session;
    this.credential = auth.credential;
    this._reloading?.resolve();
  }

  /** The page's stream closed: commands in flight fail, and without a reload soon the page is gone. */
  detach(stream: ServerResponse, now = false): void {
    if (this._stream !== stream) return;
    this._stream = null;
    // A command whose effect ends the page (an auth failure the host renews, a reload) may see the
    // stream close before its acknowledgement, which travels on another connection, arrives.
    const pending = [...this._pending.entries()];
    const reject = () => {
      for (const [seq, entry] of pending) {
        if (this._pending.delete(seq)) entry.reject(new Error(`${this._label} closed before answering.`));
      }
    };
    if (now) reject();
    else if (pending.length) setTimeout(reject, ACK_GRACE_MS).unref();
    const gone = () => {
      this._gone = true;
      this._reloading?.reject(new Error(`${this._label} is gone.`));
      this._notify();
    };
    // Only a reload asked for with reload() comes back to this MockEmbed; any other load is a new page.
    if (now || !this._reloading) gone();
    else this._goneTimer = setTimeout(gone, COMMAND_TIMEOUT_MS).unref();
  }

  /** A message from the page: an acknowledgement or an action it received. */
  receive(message: { ack?: unknown; action?: unknown }): void {
    if (typeof message.ack === 'number') {
      const pending = this._pending.get(message.ack);
      this._pending.delete(message.ack);
      pending?.resolve();
      return;
    }
    const action = message.action as Partial<EmbedAction> | undefined;
    if (action && typeof action.type === 'string' && typeof action.payload === 'object' && action.payload !== null) {
      this._actions.push({ type: action.type, payload: action.payload });
      this._notify();
    }
  }

  close(): void {
    clearTimeout(this._goneTimer);
    if (this._stream) this.detach(this._stream, true);
    else if (!this._gone) {
      this._gone = true;
      this._notify();
    }
  }

  private _notify(): void {
    for (const listener of [...this._listeners]) listener();
  }
}

/** Every embed page of one mock: the SSE streams, the messages, `embeds()` and `nextEmbed()`. */
export class EmbedRegistry {
  private readonly _embeds: Embed[] = [];
  private readonly _byId = new Map<string, Embed>();
  private readonly _streams = new Map<string, ServerResponse>();
  private readonly _listeners = new Set<() => void>();
  private _cursor = 0;
  private _closed = false;

  constructor(private readonly _expire: (credential: string) => void) {}

  /** Embeds that authenticated so far, oldest first. */
  embeds(): MockEmbed[] {
    return [...this._embeds];
  }

  /** The next embed to connect; one that connected since the last call counts. */
  nextEmbed(options: { timeout?: number } = {}): Promise<MockEmbed> {
    checkOptions('nextEmbed', options, ['timeout']);
    const timeout = timeoutOf('nextEmbed', options.timeout);
    return waitFor(this._listeners, () => {
      const next = this._embeds[this._cursor];
      if (next) {
        this._cursor += 1;
        return { value: next as MockEmbed };
      }
      if (this._closed) return { error: new Error('nextEmbed: the mock platform was closed.') };
      return undefined;
    }, timeout, () => `nextEmbed: no embed page connected within ${timeout} ms (${this._embeds.length} connected before; does the page under test load an embed from this mock's url?).`);
  }

  /** A page authenticated (or was refused). `embedId` is the one its stream got; a reloaded page keeps its embed. */
  authenticated(embedId: string, auth: Authenticated): void {
    const embed = this._byId.get(embedId);
    if (!embed) return;
    if (this._embeds.includes(embed)) {
      embed.reauthenticated(auth);
      return;
    }
    embed.session = auth.session;
    embed.credential = auth.credential;
    embed.path = auth.path;
    embed.sessionId = auth.sessionId;
    embed.refusal = auth.refusal;
    this._embeds.push(embed);
    for (const listener of [...this._listeners]) listener();
  }

  /** `GET /mock-embed/control[?embed=<id>][&fullscreen=1|0]`: the page's command stream; `embed` is its id before a reload, `fullscreen` its `document.fullscreenEnabled`. */
  openStream(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const before = this._byId.get(url.searchParams.get('embed') ?? '');
    // A document that kept its history entry (a reload, a same-URL navigation) is the same page only when reload() asked for it.
    const previous = before?.reloading ? before : undefined;
    const embed = previous ?? new Embed(randomBytes(9).toString('base64url'), { path: '', session: false }, this._expire);
    this._byId.set(embed.id, embed);
    const fullscreen = url.searchParams.get('fullscreen');
    if (fullscreen === '1' || fullscreen === '0') embed.fullscreen = fullscreen === '1';
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(`event: hello\ndata: ${JSON.stringify({ id: embed.id })}\n\n`);
    this._streams.set(embed.id, res);
    embed.attach(res);
    req.on('close', () => {
      if (this._streams.get(embed.id) === res) this._streams.delete(embed.id);
      embed.detach(res, this._closed);
    });
  }

  /** `POST /mock-embed/control/<id>`: an acknowledgement or an action from the page. */
  async message(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const embed = this._byId.get(id);
    if (!embed) return sendError(res, 404, 'No such embed page.');
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendError(res, 400, 'The body must be valid JSON.');
    }
    if (typeof body === 'object' && body !== null) embed.receive(body);
    sendJson(res, 200, { ok: true });
  }

  /** Ends every stream and wait: nothing is left open. */
  close(): void {
    this._closed = true;
    for (const stream of this._streams.values()) stream.end();
    this._streams.clear();
    for (const embed of this._byId.values()) embed.close();
    for (const listener of [...this._listeners]) listener();
  }
}
