/**
 * Shared pieces of the `keep-alive` tests: an embed of the tenant fixture
 * with `keep-alive`, counted (navigations: the fixture's ready messages;
 * sessions: the provider's calls), and where its iframe is.
 */
import '../../src/embed.js';
import '../../src/keep-alive.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { fixtureSession, tenantOrigin, until } from '../frameworks/helpers.js';
import { LoadCounter } from '../frameworks/keep-alive.js';

export { LoadCounter, tenantOrigin, until };

/** `PlatformEmbedElement` with the static method the keep-alive entry adds. */
export const Embed = customElements.get('platform-embed') as unknown as { discardKeptAlive(scope?: string): void };

/** A counter whose sessions make the fixture show two buttons (for focus order). */
export function focusCounter(): LoadCounter {
  const counter = new LoadCounter();
  const provider = counter.provider;
  (counter as { provider: () => Promise<string> }).provider = async () => (await provider()).replace(fixtureSession, `${fixtureSession}-focus`);
  return counter;
}

/** A new `<platform-embed keep-alive=scope>` of `dashboard` on the fixture, not inserted yet. */
export function keepAliveEmbed(counter: LoadCounter, scope = 'viewer-1', dashboard = 'sales'): PlatformEmbedElement {
  const embed = document.createElement('platform-embed');
  embed.setAttribute('keep-alive', scope);
  embed.setAttribute('base-url', tenantOrigin);
  embed.setAttribute('dashboard', dashboard);
  embed.sessionProvider = counter.provider;
  return embed;
}

/** Waits for `embed` to be ready. */
export async function ready(embed: PlatformEmbedElement): Promise<void> {
  await until(() => embed.ready, 'a ready embed');
}

/** The holder wrapper of `embed`'s iframe (the iframe's parent, in the shadow tree of a child of the holder), or `null` when it is inside the element. */
export function wrapperOf(frame: HTMLIFrameElement | null): HTMLElement | null {
  const parent = frame?.parentElement;
  const root = parent?.getRootNode();
  const holder = root instanceof ShadowRoot ? root.host.parentElement : null;
  return parent && holder?.hasAttribute('data-platform-embed-keep-alive') ? parent : null;
}

/** The next animation frame. */
export const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/** Time for anything a removal or an insertion could start (a load, a provider call) to have started. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

/** What a test page of `pageFixture` holds: its load counter, its page and the embed in it. */
export interface PageState {
  counter: LoadCounter;
  page: HTMLElement;
  embed: PlatformEmbedElement;
}

/**
 * A page per test: `mount(html)` puts a kept-alive embed (or `make()`'s) in
 * place of `html`'s `#slot`, 200px high, and waits until it is ready and
 * painted; `update` hears the state after each change; everything is torn
 * down (and every kept embed dropped) after the test.
 */
export function pageFixture(update: (state: PageState) => void) {
  const state = {} as PageState;
  beforeEach(() => {
    state.counter = new LoadCounter();
    update(state);
  });
  afterEach(() => {
    state.page?.remove();
    state.counter.dispose();
    Embed.discardKeptAlive();
  });
  async function mount(html: string, make = () => keepAliveEmbed(state.counter)): Promise<void> {
    state.page = document.createElement('div');
    state.page.innerHTML = html;
    state.embed = make();
    state.embed.style.setProperty('--platform-embed-height', '200px');
    state.page.querySelector('#slot')!.replaceWith(state.embed);
    document.body.append(state.page);
    update(state);
    await ready(state.embed);
    await frame();
  }
  const rects = () => [state.embed.getBoundingClientRect(), state.embed.iframe!.getBoundingClientRect()] as const;
  /** Counts with `counter` from now on (the earlier one is disposed). */
  const useCounter = (counter: LoadCounter) => {
    state.counter.dispose();
    state.counter = counter;
    update(state);
  };
  return { mount, rects, useCounter };
}

/**
 * Runs `sample` in the next frame after its layout, animation callbacks and
 * the embed's placement, before paint: what the viewer sees in that frame (a
 * ResizeObserver made after the placement's runs after it, in the same
 * rendering step); a sample taken later, in a task, may see a change that
 * only the next frame paints. Resolves with it after that frame, so that what
 * the caller does next does not run inside the rendering step.
 */
export function painted<T>(sample: () => T = () => undefined as T): Promise<T> {
  return new Promise((resolve) => {
    const probe = document.createElement('i');
    probe.style.cssText = 'position:absolute;width:0;height:0';
    document.body.append(probe);
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      const value = sample();
      setTimeout(() => {
        probe.remove();
        resolve(value);
      });
    });
    observer.observe(probe);
    requestAnimationFrame(() => (probe.style.width = '1px'));
  });
}

/** What `routeFixture` makes anew for each test. */
export interface RouteFixture {
  /** Counts the fixture's navigations and the provider's sessions. */
  counter: LoadCounter;
  /** A `<main>` in the body that plays a router's outlet. */
  route: HTMLElement;
}

/**
 * A route outlet and a load counter for each test of the calling `describe`;
 * after each test the outlet goes, and every kept embed is dropped.
 */
export function routeFixture(): RouteFixture {
  const fixture = {} as RouteFixture;
  beforeEach(() => {
    fixture.counter = new LoadCounter();
    fixture.route = document.createElement('main');
    document.body.append(fixture.route);
  });
  afterEach(() => {
    fixture.route.remove();
    fixture.counter.dispose();
    Embed.discardKeptAlive();
  });
  return fixture;
}
