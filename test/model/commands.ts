/**
 * The commands of the model-based lifecycle test: what a host page, a
 * framework, a router, a sign-out and the embed itself do to elements, in
 * any order. The model holds only what decides whether a command applies;
 * the World (world.ts) holds the real elements and checks the invariants.
 * Each command then either goes on at once (a session call may still be in
 * flight during the next command), pauses briefly, or settles and checks.
 */
import fc from 'fast-check';
import { renderEmbed } from '../../src/server/index.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { mockPlatform } from '../api/mock-platform.js';
import { sleep } from './evidence.js';
import { DASHBOARDS, drive, generateSession, KEEP_ALIVE, PlatformEmbed, READY_TIMEOUT, SHORT_READY_TIMEOUT, VIEWERS, type Viewer, type World } from './world.js';

export interface Model {
  exists: boolean[];
  connected: boolean[];
  keepAlive: boolean[];
  viewer: Viewer[];
  /** The signed-in viewer of the page: every kept-alive element uses their session source. */
  signedIn: Viewer;
}

/** E0 and E1 are made by script (E1 kept alive when the mix says so), E2 by server-rendered markup once it exists. */
export const initialModel = (mix: Mix): Model => ({
  exists: [true, true, false],
  connected: [false, false, false],
  keepAlive: [false, mix.keepAliveE1, false],
  viewer: ['viewer-a', 'viewer-a', 'viewer-a'],
  signedIn: 'viewer-a',
});

type Then = 'go' | 'pause' | 'check';
const thenArb: fc.Arbitrary<Then> = fc.constantFrom<Then>('check', 'go', 'go', 'pause');

class Step implements fc.AsyncCommand<Model, World> {
  constructor(
    private readonly _label: string,
    private readonly _when: (m: Readonly<Model>) => boolean,
    private readonly _act: (m: Model, w: World) => unknown,
    private readonly _then: Then,
  ) {}

  check(m: Readonly<Model>): boolean {
    return this._when(m);
  }

  async run(m: Model, w: World): Promise<void> {
    await this._act(m, w);
    if (this._then === 'pause') await sleep(30);
    if (this._then === 'check') await w.check();
  }

  toString(): string {
    return `${this._label}${this._then === 'check' ? ' ✓' : this._then === 'pause' ? ' …' : ''}`;
  }
}

type Change = 'session-url' | 'sessionProvider' | 'session' | 'dashboard';
const viewerArb = fc.constantFrom(...VIEWERS);
const delayArb = fc.constantFrom(0, 40, 300);
const sandboxArb = fc.constantFrom('', 'allow-scripts allow-same-origin', 'allow-scripts allow-same-origin allow-popups');
const E = (s: number) => `E${s}`;
const el = (w: World, s: number): PlatformEmbedElement => w.slot(s).el;
const otherSide = (w: World, s: number): HTMLElement => w.sides[w.sides.indexOf(el(w, s).parentElement!) === 0 ? 1 : 0]!;
/** A session source may change to `viewer` unless the element is kept alive for the signed-in viewer. */
const mayUse = (m: Readonly<Model>, s: number, viewer: Viewer) => m.exists[s]! && (!m.keepAlive[s] || viewer === m.signedIn);

function step<T>(arb: fc.Arbitrary<T>, make: (v: T, then: Then) => Step): fc.Arbitrary<Step> {
  return fc.tuple(arb, thenArb).map(([v, then]) => make(v, then));
}

/** The page of element `s` at the last check (its mock page index), or nothing. */
async function onPage(w: World, s: number, act: (index: number) => Promise<void>, needsSession = false): Promise<void> {
  const index = w.pageOf(s, needsSession);
  if (index !== undefined) await act(index);
}

const steps = (slotArb: fc.Arbitrary<number>): fc.Arbitrary<Step>[] => [
  step(fc.tuple(slotArb, fc.constantFrom(0, 1)), ([s, side], then) =>
    new Step(`insert ${E(s)} (side ${side})`, (m) => m.exists[s]! && !m.connected[s], (m, w) => {
      w.sides[side]!.append(el(w, s));
      w.placed(s);
      m.connected[s] = true;
    }, then)),
  step(slotArb, (s, then) =>
    new Step(`remove ${E(s)}`, (m) => m.connected[s]!, (m, w) => {
      el(w, s).remove();
      m.connected[s] = false;
    }, then)),
  step(slotArb, (s, then) =>
    new Step(`appendChild-move ${E(s)}`, (m) => m.connected[s]!, (_m, w) => {
      otherSide(w, s).appendChild(el(w, s));
      w.placed(s);
    }, then)),
  step(slotArb, (s, then) =>
    new Step(`moveBefore ${E(s)}`, (m) => m.connected[s]! && 'moveBefore' in Element.prototype, (_m, w) => {
      (otherSide(w, s) as HTMLElement & { moveBefore(node: Node, child: Node | null): void }).moveBefore(el(w, s), null);
    }, then)),
  step(slotArb, (s, then) => new Step(`reload() ${E(s)}`, (m) => m.connected[s]!, (_m, w) => el(w, s).reload(), then)),
  step(fc.tuple(slotArb, viewerArb, delayArb), ([s, viewer, delay], then) =>
    new Step(`sessionProvider ${E(s)} = ${viewer} (${delay} ms)`, (m) => mayUse(m, s, viewer), (m, w) => {
      // A host that switches to a session source drops its fixed session (which would serve the next load first).
      el(w, s).session = undefined;
      el(w, s).sessionProvider = w.provider(s, viewer, delay);
      w.setViewer(s, viewer);
      m.viewer[s] = viewer;
    }, then)),
  step(fc.tuple(slotArb, viewerArb, delayArb), ([s, viewer, delay], then) =>
    new Step(`session-url ${E(s)} = ${viewer} (${delay} ms), no sessionProvider`, (m) => mayUse(m, s, viewer), (m, w) => {
      el(w, s).session = el(w, s).sessionProvider = undefined;
      el(w, s).setAttribute('session-url', w.sessionUrl(s, viewer, delay));
      w.setViewer(s, viewer);
      m.viewer[s] = viewer;
    }, then)),
  step(fc.tuple(slotArb, fc.constantFrom<Change>('session-url', 'session-url', 'sessionProvider', 'session', 'session', 'dashboard'), viewerArb, delayArb), ([s, change, viewer, delay], then) =>
    new Step(`${change} ${E(s)} = ${change === 'dashboard' ? DASHBOARDS[1] : viewer}${change.startsWith('session') && change !== 'session' ? ` (${delay} ms)` : ''}, then reload() in the same task`,
      (m) => m.connected[s]! && (change === 'dashboard' || mayUse(m, s, viewer)), async (m, w) => {
        const e = el(w, s);
        // A session made beforehand: the change and the call come in one task, with no await between them.
        const session = change === 'session' ? await generateSession(viewer) : '';
        if (change === 'dashboard') e.setAttribute('dashboard', e.dashboard === DASHBOARDS[1] ? DASHBOARDS[0] : DASHBOARDS[1]);
        else {
          e.sessionProvider = change === 'sessionProvider' ? w.provider(s, viewer, delay) : undefined;
          if (change === 'session-url') e.setAttribute('session-url', w.sessionUrl(s, viewer, delay));
          else e.removeAttribute('session-url');
          // A fixed session stays as it was (spent: the element is connected), as a host switching to a source leaves it.
          if (session) e.session = session;
          w.setViewer(s, viewer, change !== 'session');
          m.viewer[s] = viewer;
        }
        e.reload();
      }, then)),
  step(fc.tuple(slotArb, fc.constantFrom(...DASHBOARDS)), ([s, dashboard], then) =>
    new Step(`dashboard ${E(s)} = ${dashboard}`, (m) => m.exists[s]!, (_m, w) => el(w, s).setAttribute('dashboard', dashboard), then)),
  step(fc.tuple(slotArb, sandboxArb), ([s, sandbox], then) =>
    new Step(`sandbox ${E(s)} = "${sandbox}"`, (m) => m.exists[s]!, (_m, w) => {
      if (sandbox) el(w, s).setAttribute('sandbox', sandbox);
      else el(w, s).removeAttribute('sandbox');
    }, then)),
  step(fc.tuple(slotArb, fc.boolean()), ([s, on], then) =>
    new Step(`allowExport ${E(s)} = ${on}`, (m) => m.exists[s]!, (_m, w) => void (el(w, s).allowExport = on), then)),
  step(fc.tuple(slotArb, fc.constantFrom(null, 'fullscreen', 'fullscreen; clipboard-write', 'clipboard-write; geolocation')), ([s, allow], then) =>
    new Step(`allow ${E(s)} = ${allow === null ? 'unset' : `"${allow}"`}`, (m) => m.exists[s]!, (_m, w) => {
      if (allow === null) el(w, s).removeAttribute('allow');
      else el(w, s).setAttribute('allow', allow);
    }, then)),
  step(fc.tuple(slotArb, fc.boolean()), ([s, on], then) =>
    new Step(`keep-alive ${E(s)} ${on ? `= "${KEEP_ALIVE}"` : 'removed'}`, (m) => m.exists[s]! && (!on || m.viewer[s] === m.signedIn), (m, w) => {
      if (on) el(w, s).setAttribute('keep-alive', KEEP_ALIVE);
      else el(w, s).removeAttribute('keep-alive');
      m.keepAlive[s] = on;
    }, then)),
  step(fc.constant(null), (_v, then) =>
    new Step('PlatformEmbed.discardKeptAlive()', () => true, async (_m, w) => {
      const alive = await w.alive();
      PlatformEmbed.discardKeptAlive();
      w.discarded(alive);
    }, then)),
  step(fc.tuple(slotArb, fc.boolean()), ([s, discardFirst], then) =>
    new Step(discardFirst ? `discardKeptAlive(), then remove ${E(s)} in the same task` : `remove ${E(s)}, then discardKeptAlive() in the same task`, (m) => m.connected[s]!, async (m, w) => {
      const alive = await w.alive();
      if (discardFirst) PlatformEmbed.discardKeptAlive();
      el(w, s).remove();
      if (!discardFirst) PlatformEmbed.discardKeptAlive();
      w.discarded(alive);
      m.connected[s] = false;
    }, then)),
  step(fc.constant(null), (_v, then) =>
    new Step('sign-out: discardKeptAlive(), then the next viewer\'s sessionProvider on every element', () => true, async (m, w) => {
      const alive = await w.alive();
      PlatformEmbed.discardKeptAlive();
      w.discarded(alive);
      m.signedIn = m.signedIn === 'viewer-a' ? 'viewer-b' : 'viewer-a';
      for (const s of [0, 1, 2]) {
        if (!m.exists[s]) continue;
        el(w, s).session = undefined;
        el(w, s).sessionProvider = w.provider(s, m.signedIn, 0);
        w.setViewer(s, m.signedIn);
        m.viewer[s] = m.signedIn;
      }
    }, then)),
  step(slotArb, (s, then) =>
    new Step(`embed of ${E(s)} sends ready`, (m) => m.connected[s]!, (_m, w) =>
      onPage(w, s, (index) => {
        const payload = el(w, s).readyInfo ?? { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard' };
        return drive(index, 'send', { type: 'ready', payload });
      }, true), then)),
  step(slotArb, (s, then) =>
    new Step(`embed of ${E(s)} sends session-expiring`, (m) => m.connected[s]!, (_m, w) =>
      onPage(w, s, (index) => drive(index, 'send', { type: 'session-expiring', payload: {} })), then)),
  step(slotArb, (s, then) =>
    new Step(`embed of ${E(s)}: credential expires (session-expired)`, (m) => m.connected[s]!, (_m, w) =>
      onPage(w, s, (index) => drive(index, 'expire')), then)),
  step(slotArb, (s, then) =>
    new Step(`embed of ${E(s)} sends a fatal error`, (m) => m.connected[s]!, (_m, w) =>
      onPage(w, s, (index) => drive(index, 'fail', { message: 'The dashboard could not be rendered.', options: { fatal: true, context: 'render' } })), then)),
  step(fc.tuple(viewerArb, fc.boolean(), delayArb, fc.constantFrom(0, 1)), ([viewer, withUrl, delay, side], then) =>
    new Step(`server-rendered E2 for ${viewer}${withUrl ? ` with session-url (${delay} ms)` : ''} (side ${side})`, (m) => !m.exists[2], async (m, w) => {
      const { mockUrl } = await mockPlatform();
      const session = await generateSession(viewer);
      const key = w.newKey(2);
      const html = renderEmbed({
        baseUrl: mockUrl,
        session,
        dashboard: DASHBOARDS[0],
        ...(withUrl ? { sessionUrl: w.sessionUrl(2, viewer, delay, key) } : {}),
        attributes: { id: w.name(2) },
      });
      const holder = document.createElement('div');
      w.sides[side]!.append(holder);
      (holder as HTMLElement & { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(html);
      const embed = holder.querySelector('platform-embed')!;
      Object.assign(w.adopt(2, embed, viewer, key), { source: withUrl, markupSession: session });
      const markupFrame = (embed.shadowRoot ?? embed).querySelector('iframe');
      if (markupFrame) w.usedSession(session, viewer, markupFrame, markupFrame.getAttribute('allow'));
      embed.readyTimeout = READY_TIMEOUT;
      w.placed(2);
      Object.assign(m, { exists: [...m.exists.slice(0, 2), true], connected: [...m.connected.slice(0, 2), true] });
      m.viewer[2] = viewer;
      m.keepAlive[2] = false;
    }, then)),
  step(fc.constantFrom(100, 400), (ms, then) => new Step(`wait ${ms} ms`, () => true, () => sleep(ms), then)),
  step(fc.tuple(slotArb, fc.boolean(), sandboxArb, fc.boolean(), fc.constantFrom(0, 1)), ([s, whenReady, sandbox, allowExport, side], then) =>
    new Step(`router leaves ${E(s)}'s route${whenReady ? ' once it is ready' : ''} and returns: a new element there, keep-alive "${KEEP_ALIVE}", sandbox "${sandbox}", allowExport ${allowExport} (side ${side})`,
      (m) => m.exists[s]! && m.keepAlive[s]!, async (m, w) => {
        const before = el(w, s);
        if (m.connected[s]) {
          // Only a ready embed is kept: a route left at once often keeps nothing. The wait ends at ready or at the load's end.
          if (whenReady) await Promise.race([before.whenReady().catch(() => undefined), sleep(READY_TIMEOUT)]);
          before.remove();
        }
        // What a router renders on its way back: another element with the kept one's value, its dashboard and the signed-in viewer's source.
        const fresh = document.createElement('platform-embed');
        fresh.setAttribute('base-url', before.getAttribute('base-url')!);
        fresh.setAttribute('dashboard', before.dashboard ?? DASHBOARDS[0]);
        fresh.setAttribute('keep-alive', KEEP_ALIVE);
        if (sandbox) fresh.setAttribute('sandbox', sandbox);
        const allow = before.getAttribute('allow');
        if (allow !== null) fresh.setAttribute('allow', allow);
        fresh.allowExport = allowExport;
        fresh.readyTimeout = READY_TIMEOUT;
        Object.assign(w.adopt(s, fresh, m.signedIn), { source: true });
        fresh.sessionProvider = w.provider(s, m.signedIn, 0);
        w.sides[side]!.append(fresh);
        w.placed(s);
        Object.assign(m, { connected: m.connected.map((on, i) => i === s || on) });
        m.viewer[s] = m.signedIn;
      }, then)),
  step(fc.tuple(slotArb, fc.constantFrom(SHORT_READY_TIMEOUT, READY_TIMEOUT)), ([s, ms], then) =>
    new Step(`ready-timeout ${E(s)} = ${ms} ms`, (m) => m.exists[s]!, (_m, w) => void (el(w, s).readyTimeout = ms), then)),
];

/**
 * A mix of commands: how often each of `steps` comes (in order: insert,
 * remove, appendChild move, moveBefore, reload, sessionProvider,
 * session-url, a source change with reload() in the same task, dashboard, sandbox, allowExport, allow, keep-alive,
 * discard, discard and remove in one task (either order), sign-out, ready, session-expiring, session-expired, fatal error,
 * server-rendered markup, wait, a router's new element for a kept one, ready-timeout), which elements the commands pick, and
 * whether E1 starts kept alive. Each mix is its own property, so that one
 * broken rule found often does not hide the others.
 */
export interface Mix {
  name: string;
  weights: number[];
  slots: number[];
  keepAliveE1: boolean;
  /** E1 starts with a fixed `session` of viewer-a and no session source. */
  fixedE1?: boolean;
}

export const mixes: Mix[] = [
  { name: 'sessions: viewers, providers, reloads and moves', weights: [5, 3, 2, 1, 4, 6, 2, 4, 1, 1, 1, 1, 0, 0, 0, 2, 1, 1, 1, 1, 0, 1, 0, 1], slots: [0, 0, 1], keepAliveE1: false, fixedE1: true },
  { name: 'server-rendered markup that moves', weights: [4, 4, 4, 3, 1, 1, 1, 2, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 6, 1, 0, 1], slots: [2], keepAliveE1: false },
  { name: 'keep-alive, discard and sign-out', weights: [4, 4, 2, 1, 2, 2, 0, 1, 1, 1, 1, 1, 3, 2, 3, 3, 1, 1, 1, 1, 1, 1, 3, 1], slots: [1, 1, 0, 2], keepAliveE1: true },
];

export const commandsOf = (mix: Mix): fc.Arbitrary<fc.AsyncCommand<Model, World>>[] => [
  fc.oneof(...steps(fc.constantFrom(...mix.slots)).map((arbitrary, i) => ({ arbitrary, weight: mix.weights[i]! })).filter((w) => w.weight > 0)),
];
