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
import { Findings, frameOf, isFocusable, isPainted, loadMarks, sandboxOf, sleep, type Page } from './evidence.js';

export type Viewer = 'viewer-a' | 'viewer-b';
export const VIEWERS: readonly Viewer[] = ['viewer-a', 'viewer-b'];
export const DASHBOARDS = ['sales-overview', 'ops-health'] as const;
/** Every element's `ready-timeout`: short, so that a load that never ends is seen soon. */
export const READY_TIMEOUT = 2500;
/** What a load may take beyond its `ready-timeout` for its error event to arrive (a loaded machine). */
const SLACK = 1500;
export const KEEP_ALIVE = 'app';
/** Page rules a kept embed must resist (CONTRACT "Keeping an embed alive", item 5). */
const HOSTILE_STYLE = 'iframe { visibility: visible !important; opacity: 1 !important; display: block !important; }';

export const PlatformEmbed = customElements.get('platform-embed') as unknown as { discardKeptAlive(scope?: string): void };

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
  /** When its session source was called, and when a ReadyTimeoutError came (not yet judged). */
  calls: number[];
  timeouts: number[];
}

/** Session sources called by key (element id): the `session-url` calls the elements make, seen in `fetch`. */
const urlCalls = new Map<string, number[]>();
const pageFetch = window.fetch;
window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
  const key = /\/__model-session\/([\w-]+)\//.exec(String(input instanceof Request ? input.url : input))?.[1];
  if (key) urlCalls.set(key, [...(urlCalls.get(key) ?? []), performance.now()]);
  return pageFetch.call(this, input, init);
};

let mock: MockPlatform;

/** A real session of the mock for `viewer`, as a host backend's generate-session call makes it. */
export async function generateSession(viewer: Viewer): Promise<string> {
  mock ??= await mockPlatform();
  const response = await fetch(`${mock.mockUrl}/api/v1/embed/generate-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${mock.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ deploymentId: 42, externalId: viewer }),
  });
  if (!response.ok) throw new Error(`generate-session answered ${response.status}`);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function server<T>(command: string, payload: Record<string, unknown>): Promise<T> {
  const answer = await executeServerCommand<T | { error: string }, Record<string, unknown>>(command, payload);
  if (answer && typeof answer === 'object' && 'error' in (answer as object)) throw new Error((answer as { error: string }).error);
  return answer as T;
}

/** Drives one embed page of the mock (testing kit `MockEmbed`); a page that is gone is no error here. */
export async function drive(index: number, op: string, args: Record<string, unknown> = {}): Promise<void> {
  await server('mock-embed', { op, index, ...args }).catch(() => undefined);
}

let runCount = 0;

export class World {
  readonly run = ++runCount;
  readonly slots: (Slot | null)[] = [null, null, null];
  readonly sides: HTMLElement[];
  readonly findings = new Findings();
  viewer: Viewer = 'viewer-a';
  private readonly _root = document.createElement('div');
  private readonly _style = document.createElement('style');
  private readonly _inFlight = new Map<string, number>();
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

  constructor(private readonly _keepAliveE1 = false) {
    this.sides = [document.createElement('section'), document.createElement('section')];
    this._root.append(...this.sides);
    this._style.textContent = HOSTILE_STYLE;
  }

  async start(): Promise<void> {
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
      // E0's backend is slow (a call is often in flight during the next command).
      el.sessionProvider = this.provider(i, this.viewer, i === 0 ? 300 : 0);
      if (i === 1 && this._keepAliveE1) el.setAttribute('keep-alive', KEEP_ALIVE);
    }
  }

  async stop(): Promise<void> {
    this._root.remove();
    this._style.remove();
    PlatformEmbed.discardKeptAlive();
    await sleep(20);
  }

  name(i: number): string {
    return `m${this.run}-${i}`;
  }

  /** Takes `el` into slot `i`, listening to its outcome events. */
  adopt(i: number, el: PlatformEmbedElement, viewer: Viewer): Slot {
    const slot: Slot = {
      name: this.name(i), el, viewer, history: [{ t: performance.now(), viewer }], placedAt: 0, readyAt: 0, fatalAt: 0, hostSessionErrorAt: 0,
      source: i !== 2, takeoverAt: i === 2 ? performance.now() : -1, calls: [], timeouts: [],
    };
    el.id = slot.name;
    el.addEventListener('platform-ready', () => (slot.readyAt = performance.now()));
    el.addEventListener('platform-error', (event) => {
      const { fatal, context, name } = event.detail as { fatal?: boolean; context?: string; name?: string };
      if (fatal) slot.fatalAt = performance.now();
      if (context === 'host' && name === 'SessionError') slot.hostSessionErrorAt = performance.now();
      if (context === 'host' && name === 'ReadyTimeoutError') slot.timeouts.push(performance.now());
    });
    this.slots[i] = slot;
    return slot;
  }

  slot(i: number): Slot {
    const slot = this.slots[i];
    if (!slot) throw new Error(`no element in slot ${i}`);
    return slot;
  }

  setViewer(i: number, viewer: Viewer): void {
    const slot = this.slot(i);
    slot.source = true;
    slot.viewer = viewer;
    slot.history.push({ t: performance.now(), viewer });
  }

  placed(i: number): void {
    this.slot(i).placedAt = performance.now();
  }

  /** A `sessionProvider` for `viewer` that answers after `delay` ms; it counts the calls in flight per element. */
  provider(i: number, viewer: Viewer, delay: number): () => Promise<string> {
    const name = this.name(i);
    return async () => {
      this.slots[i]?.calls.push(performance.now());
      const n = (this._inFlight.get(name) ?? 0) + 1;
      this._inFlight.set(name, n);
      if (n > 1) this.findings.add(`${name}: ${n} sessionProvider calls in flight at once`);
      try {
        if (delay) await sleep(delay);
        return await generateSession(viewer);
      } finally {
        this._inFlight.set(name, (this._inFlight.get(name) ?? 1) - 1);
      }
    };
  }

  sessionUrl(i: number, viewer: Viewer, delay: number): string {
    return `${location.origin}/__model-session/${this.name(i)}/${viewer}?delay=${delay}`;
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

  /** After discardKeptAlive(): the pages alive now may never be kept. */
  async discarded(): Promise<void> {
    const pages = await server<Page[]>('model', { op: 'pages', since: this._since });
    for (const page of pages) if (!page.gone) this._discarded.add(page.index);
  }

  private _busy(calls: Record<string, { inFlight: number }>): boolean {
    if ([...this._inFlight.values()].some((n) => n > 0)) return true;
    if (this.slots.some((s) => s && (calls[s.name]?.inFlight ?? 0) > 0)) return true;
    const now = performance.now();
    // An element still loading (not ready, no fatal error since its last load began) is waited for, up to its timeout.
    // A fatal error in the same clock tick as the load's start ends that load: Firefox's performance.now() is coarse (1 ms),
    // and an insertion that ends at once (the SessionError of a server-rendered embed with no session source) shares its tick.
    return this.slots.some((s) => s?.el.isConnected && !s.el.ready && s.fatalAt < this._loadStart(s) && now - this._loadStart(s) < READY_TIMEOUT + SLACK);
  }

  private _loadStart(slot: Slot): number {
    const marks = loadMarks(slot.name);
    return Math.max(slot.placedAt, marks.length ? marks[marks.length - 1]! : 0);
  }

  /** Waits until no session call is in flight, no element is loading and no new page appeared for a while. */
  async settle(limit = 6000): Promise<void> {
    const start = performance.now();
    let last = -1;
    let quiet = 0;
    while (performance.now() - start < limit) {
      await sleep(50);
      const calls = await server<Record<string, { inFlight: number }>>('model', { op: 'calls' });
      const count = (await server<{ count: number }>('mock-embed', { op: 'count' })).count;
      quiet = !this._busy(calls) && count === last ? quiet + 1 : 0;
      last = count;
      if (quiet >= 1) return;
    }
  }

  /** Settles, then checks every invariant; throws with what broke. */
  async check(): Promise<void> {
    await this.settle();
    const pages = await server<Page[]>('model', { op: 'pages', since: this._since });
    this._pages = pages;
    const live = pages.filter((p) => !p.gone);
    const heard = await this._probe(live);
    const calls = await server<Record<string, { maxInFlight: number }>>('model', { op: 'calls' });
    const add = (message: string) => this.findings.add(message);
    for (const slot of this.slots) {
      if (slot && (calls[slot.name]?.maxInFlight ?? 0) > 1) add(`${slot.name}: ${calls[slot.name]!.maxInFlight} session-url calls in flight at once`);
    }
    const owned = new Map<string, Page[]>();
    for (const page of live) {
      const owners = heard.get(page.index) ?? [];
      const owner = owners[0] ?? null;
      const before = this._owner.get(page.index);
      this._owner.set(page.index, owner?.name ?? null);
      const label = `page ${page.index} (${page.viewer ?? 'unknown viewer'}'s session, ${page.path})`;
      if (owners.length > 1) add(`${label} is heard by ${owners.map((s) => s.name).join(' and ')}`);
      if (page.refusal && /already used/.test(page.refusal)) {
        const excused = owner && owner.hostSessionErrorAt > owner.placedAt;
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
      // The navigation happened between the start of its load and now; a session source set in between may have served it.
      const adopted = before !== undefined;
      if (adopted) {
        const allowed = viewersSince(owner, owner.placedAt);
        if (!allowed.includes(page.viewer as Viewer)) add(`${label}: adopted by ${owner.name}, whose session source since its insertion is ${allowed.join(' or ')}'s`);
      } else {
        const marks = loadMarks(owner.name);
        const began = page.sessionId && page.sessionId === owner.markupSession ? owner.history[0]!.t : marks.length ? marks[marks.length - 1]! : 0;
        const allowed = viewersSince(owner, began);
        if (!allowed.includes(page.viewer as Viewer)) add(`${label}: shown in ${owner.name}, whose session source since its load began is ${allowed.join(' or ')}'s`);
        this._sandbox.set(page.index, sandboxOf(owner.el));
      }
      this._checkFlags(owner, page, label, add);
    }
    const now = performance.now();
    for (const slot of this.slots) {
      if (!slot?.el.isConnected) continue;
      const mine = owned.get(slot.name) ?? [];
      if (slot.el.ready && !mine.length) add(`${slot.name}: ready is true, but its iframe's document never sent ready`);
      const since = this._loadStart(slot);
      if (!slot.el.ready && slot.fatalAt < since && now - since > READY_TIMEOUT + SLACK) {
        add(`${slot.name}: a load began ${Math.round(now - since)} ms ago and ended neither ready nor with an error event (ready-timeout ${READY_TIMEOUT} ms)`);
      }
    }
    for (const slot of this.slots) if (slot) this._checkTimeouts(slot, add);
    this._checkFrames(add);
    this.findings.throwIfAny();
  }

  /** A load that timed out with a session source it never asked (and not the markup's own load) waited for nothing. */
  private _checkTimeouts(slot: Slot, add: (m: string) => void): void {
    const calls = [...slot.calls, ...(urlCalls.get(slot.name) ?? [])];
    for (const t of slot.timeouts.splice(0)) {
      const since = Math.max(slot.placedAt <= t ? slot.placedAt : 0, ...loadMarks(slot.name).filter((m) => m <= t));
      if (!slot.source || since <= slot.takeoverAt) continue;
      if (!calls.some((c) => c >= since && c <= t)) add(`${slot.name}: a load ended with ReadyTimeoutError, and its session source was never asked for a session`);
    }
  }

  private _checkFlags(owner: Slot, page: Page, label: string, add: (m: string) => void): void {
    if (!owner.el.isConnected || !page.query) return;
    const exported = page.query.allowExport === 'true';
    if (exported !== owner.el.allowExport) add(`${label}: loaded with allowExport ${exported}, shown in ${owner.name} whose allowExport is ${owner.el.allowExport}`);
    const sandbox = this._sandbox.get(page.index);
    if (sandbox !== undefined && sandbox !== sandboxOf(owner.el)) {
      add(`${label}: loaded with sandbox "${sandbox}", shown in ${owner.name} whose sandbox is "${sandboxOf(owner.el)}"`);
    }
  }

  /** A live page no element hears: a kept embed. Never painted, focusable or kept after a discard. */
  private _checkKept(page: Page, label: string, add: (m: string) => void): void {
    if (this._discarded.has(page.index)) add(`${label}: still kept after PlatformEmbed.discardKeptAlive()`);
    const frame = this._frames.get(page.index);
    if (!frame) return;
    if (isPainted(frame)) add(`${label}: a kept embed is painted (page rule \`${HOSTILE_STYLE}\`)`);
    if (isFocusable(frame)) add(`${label}: a kept embed takes focus`);
  }

  /** `window.frames` holds no frame but those of elements in the document. */
  private _checkFrames(add: (m: string) => void): void {
    const shown = new Set(this.slots.filter((s) => s?.el.isConnected).map((s) => frameOf(s!.el)?.contentWindow));
    for (let i = this._baseFrames; i < window.length; i++) {
      if (!shown.has(window.frames[i] as Window)) add(`window.frames[${i}] is the embed of no element in the document (a kept embed is reachable)`);
    }
  }

  /** Which elements hear each page: every page posts a probe event, and each element records the ones it dispatches. */
  private async _probe(pages: Page[]): Promise<Map<number, Slot[]>> {
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
    await Promise.all(pages.map((p) => drive(p.index, 'send', { type: 'model-probe', payload: { page: p.index } })));
    // The probes are posted; give them time to arrive, longer while a ready element has heard none.
    const deaf = () => this.slots.some((s) => s?.el.isConnected && s.el.ready && ![...heard.values()].some((owners) => owners.includes(s)));
    for (let waited = 0; waited < 40 || (deaf() && waited < 600); waited += 20) await sleep(20);
    this.slots.forEach((slot, i) => listeners[i] && slot!.el.removeEventListener('platform-event', listeners[i]!));
    return heard;
  }
}

/** The viewers whose session source `slot` had at time `t` or later. */
function viewersSince(slot: Slot, t: number): Viewer[] {
  let first = slot.history[0]!.viewer;
  for (const entry of slot.history) if (entry.t <= t) first = entry.viewer;
  return [...new Set([first, ...slot.history.filter((entry) => entry.t > t).map((entry) => entry.viewer)])];
}
