/**
 * Keeping a dashboard warm in plain DOM: each way of hiding a ready embed
 * keeps it alive (no navigation, no session), with `loading="lazy"` too;
 * removing the element and inserting it again makes a new load with a fresh
 * session. The framework recipes build on this (keep-alive-*.test.ts).
 */
import { expect } from '@open-wc/testing';
import '../../src/embed.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin, until } from './helpers.js';
import { expectKeptAlive, LoadCounter, readyEmbed, settle } from './keep-alive.js';

const hides: ReadonlyArray<[string, (el: HTMLElement) => void, (el: HTMLElement) => void]> = [
  ['the hidden attribute', (el) => (el.hidden = true), (el) => (el.hidden = false)],
  ['display: none', (el) => (el.style.display = 'none'), (el) => (el.style.display = '')],
  ['visibility: hidden', (el) => (el.style.visibility = 'hidden'), (el) => (el.style.visibility = '')],
  ['content-visibility: hidden', (el) => el.style.setProperty('content-visibility', 'hidden'), (el) => el.style.removeProperty('content-visibility')],
];

function mount(counter: LoadCounter, lazy: boolean): { wrapper: HTMLElement; find: () => PlatformEmbedElement | null } {
  const wrapper = document.createElement('div');
  const embed = document.createElement('platform-embed');
  embed.setAttribute('base-url', tenantOrigin);
  embed.setAttribute('dashboard', 'sales');
  if (lazy) embed.setAttribute('loading', 'lazy');
  embed.sessionProvider = counter.provider;
  wrapper.append(embed);
  document.body.append(wrapper);
  return { wrapper, find: () => wrapper.querySelector('platform-embed') };
}

describe('keeping a ready embed alive while it is hidden (plain DOM)', () => {
  for (const lazy of [false, true]) {
    for (const [name, hide, show] of hides) {
      for (const target of ['the element', 'its container'] as const) {
        it(`${name} on ${target}${lazy ? ', loading="lazy"' : ''}: no navigation, no session, still ready`, async () => {
          const counter = new LoadCounter();
          const { wrapper, find } = mount(counter, lazy);
          try {
            const embed = await readyEmbed(find);
            const iframe = embed.iframe;
            const hidden = target === 'the element' ? embed : wrapper;
            hide(hidden);
            await settle();
            expectKeptAlive(embed, iframe, counter);
            show(hidden);
            await settle();
            expectKeptAlive(embed, iframe, counter);
          } finally {
            wrapper.remove();
            counter.dispose();
          }
        });
      }
    }
  }

  it('removing the element and inserting it again makes a new load with a fresh session', async () => {
    const counter = new LoadCounter();
    const { wrapper, find } = mount(counter, false);
    try {
      const embed = await readyEmbed(find);
      embed.remove();
      await settle();
      wrapper.append(embed);
      await until(() => counter.navigations === 2 && embed.ready, 'a second load, ready');
      expect(counter.sessions).to.equal(2);
    } finally {
      wrapper.remove();
      counter.dispose();
    }
  });
});
