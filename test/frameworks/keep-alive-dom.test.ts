/**
 * Keeping a dashboard warm in plain DOM: each way of hiding a ready embed
 * keeps it alive (no navigation, no session), with `loading="lazy"` too;
 * removing the element and inserting it again makes a new load with a fresh
 * session. The framework recipes build on this (keep-alive-*.test.ts).
 */
import '../../src/embed.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin } from './helpers.js';
import { checkKeptAlive, checkReloads, LoadCounter } from './keep-alive.js';

const hides: ReadonlyArray<[string, (el: HTMLElement) => void, (el: HTMLElement) => void]> = [
  ['the hidden attribute', (el) => (el.hidden = true), (el) => (el.hidden = false)],
  ['display: none', (el) => (el.style.display = 'none'), (el) => (el.style.display = '')],
  ['visibility: hidden', (el) => (el.style.visibility = 'hidden'), (el) => (el.style.visibility = '')],
  ['content-visibility: hidden', (el) => el.style.setProperty('content-visibility', 'hidden'), (el) => el.style.removeProperty('content-visibility')],
];

/** A wrapper holding an embed of the tenant fixture; `dispose()` removes both and stops counting. */
function mount(lazy: boolean) {
  const counter = new LoadCounter();
  const wrapper = document.createElement('div');
  const embed = document.createElement('platform-embed');
  embed.setAttribute('base-url', tenantOrigin);
  embed.setAttribute('dashboard', 'sales');
  if (lazy) embed.setAttribute('loading', 'lazy');
  embed.sessionProvider = counter.provider;
  wrapper.append(embed);
  document.body.append(wrapper);
  return {
    counter,
    wrapper,
    embed,
    find: () => wrapper.querySelector<PlatformEmbedElement>('platform-embed'),
    dispose() {
      wrapper.remove();
      counter.dispose();
    },
  };
}

describe('keeping a ready embed alive while it is hidden (plain DOM)', () => {
  for (const lazy of [false, true]) {
    for (const [name, hide, show] of hides) {
      for (const target of ['the element', 'its container'] as const) {
        it(`${name} on ${target}${lazy ? ', loading="lazy"' : ''}: no navigation, no session, still ready`, async () => {
          const page = mount(lazy);
          const hidden = target === 'the element' ? page.embed : page.wrapper;
          try {
            await checkKeptAlive(page.find, page.counter, () => hide(hidden), () => show(hidden));
          } finally {
            page.dispose();
          }
        });
      }
    }
  }

  it('removing the element and inserting it again makes a new load with a fresh session', async () => {
    const page = mount(false);
    try {
      await checkReloads(page.find, page.counter, () => page.embed.remove(), () => page.wrapper.append(page.embed));
    } finally {
      page.dispose();
    }
  });
});
