/**
 * Shared pieces of the keep-alive tests: a dashboard kept warm across tabs and
 * routes. Counts what a hidden-then-shown embed costs: the embed documents the
 * tenant loaded (every navigation of the fixture sends one ready message) and
 * the sessions asked of the provider.
 */
import { expect } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/index.js';
import { fixtureSession, tenantOrigin, until } from './helpers.js';

/** The tenant's embed documents that have started in this page, and the provider's calls. */
export class LoadCounter {
  navigations = 0;
  sessions = 0;
  readonly provider = async (): Promise<string> => {
    this.sessions += 1;
    return `${fixtureSession}-keep-${this.sessions}`;
  };

  constructor() {
    window.addEventListener('message', this.onMessage);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown } | null;
    if (event.origin === tenantOrigin && data?.type === 'platform:event:ready') this.navigations += 1;
  };

  dispose(): void {
    window.removeEventListener('message', this.onMessage);
  }
}

/** Waits until `find()` is a ready embed; returns it. */
export async function readyEmbed(find: () => Element | null): Promise<PlatformEmbedElement> {
  await until(() => (find() as PlatformEmbedElement | null)?.ready === true, 'a ready embed');
  return find() as PlatformEmbedElement;
}

/** Time for anything a hide or a show could start (a load, a provider call) to have started. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Checks that `embed`, ready with one load, was kept alive while hidden:
 * the same element and iframe, still ready, and no navigation nor session since.
 */
function expectKeptAlive(embed: PlatformEmbedElement, iframe: HTMLIFrameElement | null, counter: LoadCounter): void {
  expect(embed.isConnected, 'still in the document').to.equal(true);
  expect(embed.ready, 'still ready').to.equal(true);
  expect(embed.iframe, 'the same iframe').to.equal(iframe);
  expect(counter.navigations, 'navigations').to.equal(1);
  expect(counter.sessions, 'sessions asked for').to.equal(1);
}

type Step = () => unknown;

/**
 * Waits for the embed `find()` to be ready, runs `hide`, then `show`, and
 * checks after each that it was kept alive; `whileHidden` checks more while
 * it is hidden (how it is hidden).
 */
export async function checkKeptAlive(find: () => Element | null, counter: LoadCounter, hide: Step, show: Step, whileHidden?: (embed: PlatformEmbedElement) => void): Promise<void> {
  const embed = await readyEmbed(find);
  const iframe = embed.iframe;
  await hide();
  await settle();
  whileHidden?.(embed);
  expectKeptAlive(embed, iframe, counter);
  await show();
  await settle();
  expect(find(), 'the same element').to.equal(embed);
  expectKeptAlive(embed, iframe, counter);
}

/**
 * Waits for the embed `find()` to be ready, runs `hide` (which takes it out
 * of the document) and `show`, and checks that a second load started with a
 * fresh session and got ready.
 */
export async function checkReloads(find: () => Element | null, counter: LoadCounter, hide: Step, show: Step): Promise<void> {
  await readyEmbed(find);
  await hide();
  expect(find(), 'out of the document').to.equal(null);
  await settle();
  await show();
  await readyEmbed(find);
  await until(() => counter.navigations === 2, 'a second navigation');
  expect(counter.sessions, 'sessions asked for').to.equal(2);
}
