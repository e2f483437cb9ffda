/**
 * The real side of the model-based lifecycle test: `<platform-embed>`
 * elements on the page, their session sources (a `sessionProvider` or a
 * `session-url` per viewer, with a chosen delay), the mock platform's embed
 * pages behind them, and the invariants checked after a command once
 * everything has settled. Only the element's public surface is used; the
 * evidence of each navigation (the session it opened with, whose it is, the
 * address's parameters) comes from the mock (scripts/wtr-model-plugins.mjs).
 */
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/embed.js';
import '../../src/keep-alive.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { mockPlatform, type MockPlatform } from '../api/mock-platform.js';
import { Findings, frameOf, isFocusable, isPainted, loadMarks, sandboxOf, sleep, TooSlow, type Page } from './evidence.js';

export type Viewer = 'viewer-a' | 'viewer-b';
export const VIEWERS: readonly Viewer[] = ['viewer-a', 'viewer-b'];
export const DASHBOARDS = ['sales-overview', 'ops-health'] as const;
/**
 * Every element's `ready-timeout`: long, so that a busy machine's slow load does not time out (a timeout is
 * an outcome the invariants accept: an error shown, no document). A load that never ends is judged by it.
 */
export const READY_TIMEOUT = 15_000;
/**
 * The short `ready-timeout` a command may give an element: a check waits until its timer would have run out
 * after a ready, so that a timer still running after ready is seen. A load that takes longer ends with
 * ReadyTimeoutError, which the invariants accept.
 */
export const SHORT_READY_TIMEOUT = 3_000;
/** What a load may take beyond its `ready-timeout` for its error event to arrive: the element's own timer promises it. */
const SLACK = 10_000;
/** The most a settle waits for calls, loads and navigations to end; beyond it the machine was too slow to judge. */
const SETTLE_LIMIT = READY_TIMEOUT + SLACK + 15_000;
/** The most a check waits for the probes of the shown documents to arrive. */
const PROBE_LIMIT = 15_000;
export const KEEP_ALIVE = 'app';
/** Page rules a kept embed must resist (CONTRACT "Keeping an embed alive", item 5). */
const HOSTILE_STYLE = 'iframe { visibility: visible !important; opacity: 1 !important; display: block !important; }';
/**
 * Frames of the page named as a careless element would name its iframes (`platform-embed-1`, …), made before
 * any element's: a navigation by name goes to the first frame of that name, so each must stay blank.
 */
const DECOYS = Array.from({ length: 40 }, (_, i) => {
  const decoy = document.createElement('iframe');
  decoy.name = `platform-embed-${i + 1}`;
  decoy.hidden = true;
  document.body.append(decoy);
  return decoy;
});

export const PlatformEmbed = customElements.get('platform-embed') as unknown as { discardKeptAlive(scope?: string): void; keptCount(scope?: string): number };

/** One element of the sequence and what the test knows of it. */
export interface Slot {
  name: string;
  el: PlatformEmbedElement;
  /** The viewer whose session source is current, with the history of changes (performance.now() times). */
  viewer: Viewer;
  history: { t: number; viewer: Viewer }[];
  /** The last insertion or move: a load that must end starts there at the latest. */
  placedAt: number;
  readyAt: number;
  fatalAt: number;
  hostSessionErrorAt: number;
  /** The element has a session source (a provider or a session-url), and since when its markup's own load ended. */
  source: boolean;
  takeoverAt: number;
  /** The session of server-rendered markup: its load began with the markup (the first entry of `history`), before any session source the host set. */
  markupSession?: string;
  /** The key of its `session-url` calls: one per element, so that a removed element's call never counts as its successor's. */
  key: string;
}

/** What a navigation was made with, as it started: the element's viewer then, and its iframe's policies. */
interface Navigation {
  viewer: Viewer;
  allow: string | null;
  sandbox: string | null;
  /** The element's own `allow` then (the iframe's is that, granted to the tenant origin). */
  elementAllow: string | null;
}

let mock: MockPlatform;

/** The viewer of every session the page made (providers, fixed sessions, markup): id → viewer. */
const sessionViewers = new Map<string, Viewer>();
/** The world of the sequence running now: it hears the elements' navigations. */
let current: World | null = null;
// The element navigates its iframe by a link click targeting the frame's name (shadow.ts): each navigation is seen here, as it starts.
const click = HTMLElement.prototype.click;
HTMLElement.prototype.click = function (this: HTMLElement) {
  if (this instanceof HTMLAnchorElement && this.target) current?.navigated(this.target, this.href);
  return click.call(this);
};

/** A real session of the mock for `viewer`, as a host backend's generate-session call makes it. */
export async function generateSession(viewer: Viewer): Promise<string> {
  mock ??= await mockPlatform();
  const response = await fetch(`${mock.mockUrl}/api/v1/embed/generate-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${mock.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ deploymentId: 42, externalId: viewer }),
  });
  if (!response.ok) throw new Error(`generate-session answered ${response.status}`);
  const { sessionId } = (await response.json()) as { sessionId: string };
  sessionViewers.set(sessionId, viewer);
  return sessionId;
}

async function server<T>(command: string, payload: Record<string, unknown>): Promise<T> {
  const answer = await executeServerCommand<T | { error: string }, Record<string, unknown>>(command, payload);
  if (answer && typeof answer === 'object' && 'error' in (answer as object)) throw new Error((answer as { error: string }).error);
  return answer as T;
}

/** Drives one embed page of the mock (testing kit `MockEmbed`); a page that is gone is no error here. */
export async function drive(index: number, op: string, args: Record<string, unknown> = {}): Promise<void> {
  await driven(index, op, args);
}

/** Drives one embed page of the mock; false when it could not (the page is gone). */
const driven = (index: number, op: string, args: Record<string, unknown> = {}): Promise<boolean> =>
  server('mock-embed', { op, index, ...args }).then(() => true, () => false);

let runCount = 0;
let elementCount = 0;

export class World {
  readonly run = ++runCount;
  readonly slots: (Slot | null)[] = [null, null, null];
  readonly sides: HTMLElement[];
  readonly findings = new Findings();
  viewer: Viewer = 'viewer-a';
  private readonly _root = document.createElement('div');
  private readonly _style = document.createElement('style');
  private readonly _inFlight = new Map<PlatformEmbedElement, number>();
  private _since = 0;
  /** Page index → the slot that heard it at the last check (`null`: none). */
  private readonly _owner = new Map<number, string | null>();
  /** Page index → the sandbox its element had when the page was first seen. */
  private readonly _sandbox = new Map<number, string>();
  private readonly _frames = new Map<number, HTMLIFrameElement>();
  /** Pages alive when discardKeptAlive() was called: none of them may be kept afterwards. */
  private readonly _discarded = new Set<number>();
  private _pages: Page[] = [];
  private readonly _baseFrames = window.length;
  /** Every session a navigation of this sequence carried (a markup's own included), with what it was made with. */
  private readonly _used = new Map<string, Navigation>();

  constructor(private readonly _keepAliveE1 = false, private readonly _fixedE1 = false) {
    this.sides = [document.createElement('section'), document.createElement('section')];
    this._root.append(...this.sides);
    this._style.textContent = HOSTILE_STYLE;
  }

  async start(): Promise<void> {
    current = this;
    // The last sequence ended with discardKeptAlive(): nothing of it may be kept for this one to adopt.
    const kept = PlatformEmbed.keptCount();
    if (kept) this.findings.add(`${kept} embed${kept === 1 ? ' is' : 's are'} still kept after the last sequence's PlatformEmbed.discardKeptAlive()`);
    mock ??= await mockPlatform();
    this._since = (await server<{ count: number }>('mock-embed', { op: 'count' })).count;
    document.head.append(this._style);
    document.body.append(this._root);
    for (const i of [0, 1]) {
      const el = document.createElement('platform-embed');
      el.setAttribute('base-url', mock.mockUrl);
      el.setAttribute('dashboard', DASHBOARDS[0]);
      el.readyTimeout = READY_TIMEOUT;
      this.adopt(i, el, this.viewer);
      // E0's backend is slow (a call is often in flight during the next command). E1 may start with a fixed session and no source.
      if (i === 1 && this._fixedE1) {
        el.session = await generateSession(this.viewer);
        this.slot(i).source = false;
      } else el.sessionProvider = this.provider(i, this.viewer, i === 0 ? 300 : 0);
      if (i === 1 && this._keepAliveE1) el.setAttribute('keep-alive', KEEP_ALIVE);
    }
  }

  async stop(): Promise<void> {
    if (current === this) current = null;
    this._root.remove();
    this._style.remove();
    PlatformEmbed.discardKeptAlive();
    await sleep(20);
  }

  name(i: number): string {
    return `m${this.run}-${i}`;
  }

  /** Takes `el` into slot `i`, listening to its outcome events. */
  adopt(i: number, el: PlatformEmbedElement, viewer: Viewer, key = this.newKey(i)): Slot {
    const slot: Slot = {
      name: this.name(i), el, viewer, history: [{ t: performance.now(), viewer }], placedAt: 0, readyAt: 0, fatalAt: 0, hostSessionErrorAt: 0,
      source: i !== 2, takeoverAt: i === 2 ? performance.now() : -1, key,
    };
    el.id = slot.name;
    el.addEventListener('platform-ready', () => (slot.readyAt = performance.now()));
    el.addEventListener('platform-error', (event) => {
      const { fatal, context, name } = event.detail as { fatal?: boolean; context?: string; name?: string };
      if (fatal) slot.fatalAt = performance.now();
      if (context === 'host' && name === 'SessionError') slot.hostSessionErrorAt = performance.now();
      // Its document sent ready, and no load began since (a new load makes a mark and starts a new timer): the timer of a ready load runs on.
      const marks = loadMarks(slot.name);
      if (name === 'ReadyTimeoutError' && slot.readyAt > (marks[marks.length - 1] ?? Infinity)) {
        this.findings.add(`${slot.name}: ended with ReadyTimeoutError after its document sent ready, with no load begun since`);
      }
    });
    this.slots[i] = slot;
    return slot;
  }

  slot(i: number): Slot {
    const slot = this.slots[i];
    if (!slot) throw new Error(`no element in slot ${i}`);
    return slot;
  }

  /** The element's session is now `viewer`'s: from a session source, or (`source` false) from a fixed `session`. */
  setViewer(i: number, viewer: Viewer, source = true): void {
    const slot = this.slot(i);
    slot.source = source;
    slot.viewer = viewer;
    slot.history.push({ t: performance.now(), viewer });
  }

  /**
   * An element's iframe starts a navigation to `href` (the frame named `target`). What a viewer is promised holds at
   * that moment, whatever the machine's speed: with a session source, a session is never used for a second
   * navigation (CONTRACT `sessionProvider`, `reload()`), and a session the page made is of the element's current viewer.
   */
  navigated(target: string, href: string): void {
    const slot = this.slots.find((s) => s?.el.iframe?.name === target);
    const session = new URL(href, location.href).searchParams.get('session');
    if (!slot || !session) return;
    // The policies of the navigation, set before it starts (the element sets them first).
    const again = this._used.has(session);
    const frame = slot.el.iframe!;
    this._used.set(session, { viewer: slot.viewer, allow: frame.getAttribute('allow'), sandbox: frame.getAttribute('sandbox'), elementAllow: slot.el.allow });
    const viewer = sessionViewers.get(session);
    if (!slot.source) return;
    if (again) this.findings.add(`${slot.name}: navigated with a session already used by an earlier navigation, while it has a session source`);
    else if (viewer && viewer !== slot.viewer) this.findings.add(`${slot.name}: navigated with ${viewer}'s session while its session source is ${slot.viewer}'s`);
  }

  /** A session that navigated outside the element (server-rendered markup's own iframe, for `viewer`). */
  usedSession(session: string, viewer: Viewer, frame: HTMLIFrameElement, elementAllow: string | null): void {
    this._used.set(session, { viewer, allow: frame.getAttribute('allow'), sandbox: frame.getAttribute('sandbox'), elementAllow });
  }

  placed(i: number): void {
    this.slot(i).placedAt = performance.now();
  }

  /** A `sessionProvider` for `viewer` that answers after `delay` ms; it counts the calls in flight per element. */
  provider(i: number, viewer: Viewer, delay: number): () => Promise<string> {
    const name = this.name(i);
    // Counted for the element in the slot now: a call of an element since replaced (a router's new one) is not its successor's.
    const el = this.slot(i).el;
    return async () => {
      const n = (this._inFlight.get(el) ?? 0) + 1;
      this._inFlight.set(el, n);
      if (n > 1) this.findings.add(`${name}: ${n} sessionProvider calls in flight at once`);
      try {
        if (delay) await sleep(delay);
        return await generateSession(viewer);
      } finally {
        this._inFlight.set(el, (this._inFlight.get(el) ?? 1) - 1);
      }
    };
  }

  /** A new key for the `session-url` calls of the element that slot `i` gets next. */
  newKey(i: number): string {
    return `${this.name(i)}-${++elementCount}`;
  }

  sessionUrl(i: number, viewer: Viewer, delay: number, key = this.slot(i).key): string {
    return `${location.origin}/__model-session/${key}/${viewer}?delay=${delay}`;
  }

  /** The slot whose element heard page `index` at the last check. */
  pageOf(i: number, needsSession = false): number | undefined {
    const name = this.slots[i]?.name;
    let found: number | undefined;
    for (const [index, owner] of this._owner) {
      const page = this._pages[index - this._since];
      if (owner === name && page && !page.gone && (page.ok || !needsSession)) found = index;
    }
    return found;
  }

  /** The pages alive now (read before a discardKeptAlive(), so that a page it did not see is not judged). */
  async alive(): Promise<number[]> {
    const pages = await server<Page[]>('model', { op: 'pages', since: this._since });
    return pages.filter((page) => !page.gone).map((page) => page.index);
  }

  /** After discardKeptAlive(): the pages alive just before may never be kept, in whatever order their elements leave. */
  discarded(alive: number[]): void {
    for (const index of alive) this._discarded.add(index);
  }

  private _busy(calls: Record<string, { inFlight: number }>): boolean {
    if ([...this._inFlight.values()].some((n) => n > 0)) return true;
    if (this.slots.some((s) => s && (calls[s.key]?.inFlight ?? 0) > 0)) return true;
    const now = performance.now();
    // A ready element with a short ready-timeout: waited for until its timer would have run out, had ready not cleared it.
    if (this.slots.some((s) => s?.el.isConnected && s.el.ready && s.el.readyTimeout > 0 && s.el.readyTimeout < READY_TIMEOUT && now - this._loadStart(s) < s.el.readyTimeout + 500)) return true;
    // An element still loading (not ready, no fatal error since its last load began) is waited for, up to its timeout.
    // A fatal error in the same clock tick as the load's start ends that load: Firefox's performance.now() is coarse (1 ms),
    // and an insertion that ends at once (the SessionError of a server-rendered embed with no session source) shares its tick.
    return this.slots.some((s) => s?.el.isConnected && !s.el.ready && s.fatalAt < this._loadStart(s) && now - this._loadStart(s) < READY_TIMEOUT + SLACK);
  }

  private _loadStart(slot: Slot): number {
    const marks = loadMarks(slot.name);
    return Math.max(slot.placedAt, marks.length ? marks[marks.length - 1]! : 0);
  }

  /**
   * Waits until no session call is in flight, no element is loading and no new page appeared between two
   * readings. When that takes longer than SETTLE_LIMIT, the machine was too slow to judge (what broke before
   * stands).
   */
  async settle(): Promise<void> {
    const start = performance.now();
    let last = -1;
    for (;;) {
      await sleep(50);
      const calls = await server<Record<string, { inFlight: number }>>('model', { op: 'calls' });
      const count = (await server<{ count: number }>('mock-embed', { op: 'count' })).count;
      if (!this._busy(calls) && count === last) return;
      last = count;
      if (performance.now() - start > SETTLE_LIMIT) {
        this.findings.throwIfAny();
        throw new TooSlow(`nothing settled within ${SETTLE_LIMIT / 1000} s`);
      }
    }
  }

  /** Settles, then checks every invariant; throws with what broke. */
  async check(): Promise<void> {
    await this.settle();
    const pages = await server<Page[]>('model', { op: 'pages', since: this._since });
    this._pages = pages;
    const live = pages.filter((p) => !p.gone);
    const { heard, reachable } = await this._probe(live);
    const calls = await server<Record<string, { maxInFlight: number }>>('model', { op: 'calls' });
    const add = (message: string) => this.findings.add(message);
    for (const slot of this.slots) {
      if (slot && (calls[slot.key]?.maxInFlight ?? 0) > 1) add(`${slot.name}: ${calls[slot.key]!.maxInFlight} session-url calls in flight at once`);
    }
    const owned = new Map<string, Page[]>();
    // A page the mock could not reach has just gone (a discarded or dropped iframe): nothing shows it.
    for (const page of live.filter((p) => reachable.has(p.index))) {
      const owners = heard.get(page.index) ?? [];
      const owner = owners[0] ?? null;
      const before = this._owner.get(page.index);
      this._owner.set(page.index, owner?.name ?? null);
      const label = `page ${page.index} (${page.viewer ?? 'unknown viewer'}'s session, ${page.path})`;
      if (owners.length > 1) add(`${label} is heard by ${owners.map((s) => s.name).join(' and ')}`);
      if (page.refusal && /already used/.test(page.refusal)) {
        // Without a session source a spent session is all the element has: the platform refuses it and says so.
        const excused = owner && (owner.hostSessionErrorAt > owner.placedAt || !owner.source);
        if (!excused) add(`${label}: a session served a second navigation, and that document is still shown${owner ? ` in ${owner.name}` : ''} (no SessionError from the element)`);
      }
      if (!owner) {
        this._checkKept(page, label, add);
        continue;
      }
      if (!owner.el.isConnected) add(`${label}: heard by ${owner.name}, which is not in the document`);
      if (page.ok) owned.set(owner.name, [...(owned.get(owner.name) ?? []), page]);
      if (before === owner.name) {
        this._checkFlags(owner, page, label, add);
        continue;
      }
      const frame = frameOf(owner.el);
      if (frame) this._frames.set(page.index, frame);
      if (!page.ok) continue;
      const made = page.sessionId ? this._used.get(page.sessionId) : undefined;
      if (before !== undefined) {
        // Adopted (a kept embed): no navigation, so the element's viewer now is the one it must be for.
        if (page.viewer !== owner.viewer) add(`${label}: adopted by ${owner.name}, whose session source is ${owner.viewer}'s`);
      } else if (made && page.viewer !== made.viewer) {
        // Its navigation started when the element's session source was `made.viewer`'s (a source set later serves the next load).
        add(`${label}: shown in ${owner.name}, whose session source was ${made.viewer}'s when this navigation started`);
      }
      if (made) this._sandbox.set(page.index, made.sandbox ?? '');
      this._checkFlags(owner, page, label, add);
    }
    const now = performance.now();
    for (const slot of this.slots) {
      if (!slot?.el.isConnected) continue;
      const mine = owned.get(slot.name) ?? [];
      // Every live page's probe has arrived (see _probe): a ready element that heard none shows no document of the embed.
      if (slot.el.ready && !mine.length) add(`${slot.name}: ready is true, but no document of the embed is heard in its iframe`);
      this._checkShown(slot, add);
      const since = this._loadStart(slot);
      if (!slot.el.ready && slot.fatalAt < since && now - since > READY_TIMEOUT + SLACK) {
        add(`${slot.name}: a load began ${Math.round(now - since)} ms ago and ended neither ready nor with an error event (ready-timeout ${READY_TIMEOUT} ms)`);
      }
    }
    this._checkFrames(add);
    await this._checkWhenReady(add);
    this.findings.throwIfAny();
  }

  /** `whenReady()` answers at once where the contract says so: a ready element resolves, a removed one rejects with an AbortError. */
  private async _checkWhenReady(add: (m: string) => void): Promise<void> {
    for (const slot of this.slots) {
      if (!slot?.placedAt) continue;
      const { el } = slot;
      const expected = el.isConnected ? (el.ready ? 'resolved' : null) : 'rejected AbortError';
      if (!expected) continue;
      // A settled promise's handler runs in a microtask, before any timer: "at once" is not a matter of speed.
      const answer = await Promise.race([
        el.whenReady().then(() => 'resolved', (error: Error) => `rejected ${error?.name}`),
        new Promise<string>((resolve) => setTimeout(() => resolve('still pending'), 0)),
      ]);
      if (answer !== expected) add(`${slot.name}: whenReady() ${answer} at once, while the element is ${el.isConnected ? 'ready' : 'out of the document'} (expected: ${expected})`);
    }
  }

  /** What a shown document was loaded with (its address, its iframe's policies at navigation) is what its element says now. */
  private _checkFlags(owner: Slot, page: Page, label: string, add: (m: string) => void): void {
    const el = owner.el;
    const made = page.sessionId ? this._used.get(page.sessionId) : undefined;
    // The document's own answer: full screen is enabled in it exactly when the element's `allow` named it at its navigation.
    if (el.isConnected && made && page.fullscreen !== null) {
      const named = features(made.elementAllow).includes('fullscreen');
      if (page.fullscreen !== named) add(`${label}: shown in ${owner.name}, whose allow ${named ? 'names' : 'does not name'} fullscreen (as "${made.elementAllow ?? ''}" when it navigated), but the document's fullscreenEnabled is ${page.fullscreen}`);
    }
    if (!el.isConnected || !page.query) return;
    const exported = page.query.allowExport === 'true';
    if (exported !== el.allowExport) add(`${label}: loaded with allowExport ${exported}, shown in ${owner.name} whose allowExport is ${el.allowExport}`);
    if (page.ok && el.dashboard && !page.path.endsWith(`/dashboard/${el.dashboard}`)) add(`${label}: shown in ${owner.name} whose dashboard is ${el.dashboard}`);
    const sandbox = tokens(this._sandbox.get(page.index));
    if (this._sandbox.has(page.index) && sandbox !== sandboxOf(el)) add(`${label}: loaded with sandbox "${sandbox}", shown in ${owner.name} whose sandbox is "${sandboxOf(el)}"`);
    const frame = el.iframe;
    if (frame && tokens(frame.getAttribute('sandbox')) !== sandboxOf(el)) add(`${owner.name}: its iframe's sandbox is "${frame.getAttribute('sandbox') ?? ''}", the element's "${sandboxOf(el)}"`);
    // Each feature the element's `allow` names is granted by its iframe, as it is now and as it was when its document navigated.
    for (const [what, allow] of [['its iframe', frame?.getAttribute('allow')], ['its navigation', made?.allow]] as const) {
      if (what === 'its navigation' && !made) continue;
      const granted = features(allow);
      // A removed `allow` attribute (null) is no policy to grant (defaults.ts `grantAllow`).
      const missing = features(el.allow ?? '').filter((feature) => !granted.includes(feature));
      if (missing.length) add(`${label}: shown in ${owner.name}, whose allow names ${missing.join(', ')}, not granted by ${what} (allow "${allow ?? ''}")`);
    }
  }

  /** What the host and the viewer see of a connected element agrees with `ready`: its attribute, its payload, its overlays, its iframe's title. */
  private _checkShown(slot: Slot, add: (m: string) => void): void {
    const { el } = slot;
    if (el.hasAttribute('ready') !== el.ready) add(`${slot.name}: ready is ${el.ready}, but its ready attribute is ${el.hasAttribute('ready') ? '' : 'not '}set`);
    if (!el.ready) return;
    if (!el.readyInfo) add(`${slot.name}: ready is true, but readyInfo is null`);
    for (const part of ['loading', 'error']) {
      const shown = el.shadowRoot?.querySelector<HTMLElement>(`[part~="${part}"]`);
      if (shown && !shown.hidden) add(`${slot.name}: ready is true, but its ${part} overlay is shown`);
    }
    if (!el.iframe?.title.trim()) add(`${slot.name}: ready is true, but its iframe has no title`);
  }

  /** A live page no element hears: a kept embed. Never painted, focusable or kept after a discard. */
  private _checkKept(page: Page, label: string, add: (m: string) => void): void {
    if (this._discarded.has(page.index)) add(`${label}: still kept after PlatformEmbed.discardKeptAlive()`);
    const frame = this._frames.get(page.index);
    if (!frame) return;
    if (isPainted(frame)) add(`${label}: a kept embed is painted (page rule \`${HOSTILE_STYLE}\`)`);
    if (isFocusable(frame)) add(`${label}: a kept embed takes focus`);
  }

  /**
   * `window.frames` holds no frame but those of elements in the document; no other frame of the page took an
   * element's navigation; no session stands in an element's iframe (but the one server-rendered markup wrote there).
   */
  private _checkFrames(add: (m: string) => void): void {
    for (const decoy of DECOYS) {
      let href: string;
      try {
        href = decoy.contentWindow!.location.href;
      } catch {
        href = 'a document of another origin';
      }
      if (href !== 'about:blank') add(`the page's own frame named "${decoy.name}" shows ${href}: an element's navigation went to it`);
    }
    for (const slot of this.slots) {
      const frame = slot?.el.isConnected ? frameOf(slot.el) : null;
      if (!frame) continue;
      const attributes = frame.getAttributeNames().map((name) => `${name}=${frame.getAttribute(name)}`).join(' ');
      for (const [, session] of attributes.matchAll(/[?&;]session=([^&#\s]+)/g)) {
        if (session !== slot!.markupSession) add(`${slot!.name}: its iframe's attributes hold a session (${attributes.replace(session!, '<session>')})`);
      }
    }
    const shown = new Set(this.slots.filter((s) => s?.el.isConnected).map((s) => frameOf(s!.el)?.contentWindow));
    for (let i = this._baseFrames; i < window.length; i++) {
      if (!shown.has(window.frames[i] as Window)) add(`window.frames[${i}] is the embed of no element in the document (a kept embed is reachable)`);
    }
  }

  /** Which elements hear each page: every page posts a probe event, and each element records the ones it dispatches. */
  private async _probe(pages: Page[]): Promise<{ heard: Map<number, Slot[]>; reachable: Set<number> }> {
    const heard = new Map<number, Slot[]>();
    const listeners = this.slots.map((slot) => {
      if (!slot) return null;
      const listener = (event: Event) => {
        const { type, payload } = (event as CustomEvent<{ type: string; payload: { page?: number } }>).detail;
        if (type !== 'platform:event:model-probe' || typeof payload.page !== 'number') return;
        heard.set(payload.page, [...(heard.get(payload.page) ?? []), slot]);
      };
      slot.el.addEventListener('platform-event', listener);
      return listener;
    });
    // Every probe reaches this window, whether an element hears it or not (a kept embed's): the wait is for all of them.
    const arrived = new Set<number>();
    const reachable = new Set<number>();
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; payload?: { page?: unknown } } | null;
      if (data?.type === 'platform:event:model-probe' && typeof data.payload?.page === 'number') arrived.add(data.payload.page);
    };
    addEventListener('message', onMessage);
    try {
      const sent = await Promise.all(pages.map((p) => driven(p.index, 'send', { type: 'model-probe', payload: { page: p.index } })));
      const expected = pages.filter((_p, i) => sent[i]);
      expected.forEach((p) => reachable.add(p.index));
      const start = performance.now();
      while (expected.some((p) => !arrived.has(p.index))) {
        if (performance.now() - start > PROBE_LIMIT) {
          this.findings.throwIfAny();
          throw new TooSlow(`the probes of the shown documents did not all arrive within ${PROBE_LIMIT / 1000} s`);
        }
        await sleep(20);
      }
      // The elements hear a message in the same dispatch as this window; one more turn for good measure.
      await sleep(0);
    } finally {
      removeEventListener('message', onMessage);
      this.slots.forEach((slot, i) => listeners[i] && slot!.el.removeEventListener('platform-event', listeners[i]!));
    }
    return { heard, reachable };
  }
}

/** Sandbox tokens, sorted (unset and empty are both ""). */
const tokens = (value: string | null | undefined): string => (value ?? '').split(/\s+/).filter(Boolean).sort().join(' ');

/** The features a permissions policy names (`fullscreen; clipboard-write 'src'` → fullscreen, clipboard-write). */
const features = (policy: string | null | undefined): string[] =>
  (policy ?? '').split(';').map((part) => part.trim().split(/\s+/)[0]!).filter(Boolean);
