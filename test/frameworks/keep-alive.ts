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
export function expectKeptAlive(embed: PlatformEmbedElement, iframe: HTMLIFrameElement | null, counter: LoadCounter): void {
  expect(embed.isConnected, 'still in the document').to.equal(true);
  expect(embed.ready, 'still ready').to.equal(true);
  expect(embed.iframe, 'the same iframe').to.equal(iframe);
  expect(counter.navigations, 'navigations').to.equal(1);
  expect(counter.sessions, 'sessions asked for').to.equal(1);
}
