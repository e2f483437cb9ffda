/**
 * `keep-alive` in Vue 3 with Vue Router: a route the viewer leaves is
 * unmounted, or with `<KeepAlive>` its DOM is moved out of the document; either
 * way the element's embed is kept, and coming back adopts it: no navigation
 * and no session.
 */
import { expect } from '@open-wc/testing';
import { until } from './helpers.js';
import { LoadCounter, readyEmbed, settle } from './keep-alive.js';
import { vueRouterApp } from './vue-router-app.js';

async function routeAwayAndBack(shell: string): Promise<{ same: boolean; counts: number[] }> {
  const counter = new LoadCounter();
  const { router, mount, find, dispose } = vueRouterApp(counter, { shell });
  try {
    await router.push('/analytics');
    mount();
    const first = await readyEmbed(find);
    const iframe = first.iframe;
    await router.push('/settings');
    await until(() => !find(), 'the analytics route left');
    await settle();
    await router.push('/analytics');
    await until(() => !!find(), 'the analytics route back');
    const second = find()!;
    await until(() => second.ready, 'ready');
    await settle();
    return { same: second.iframe === iframe, counts: [counter.navigations, counter.sessions] };
  } finally {
    dispose();
  }
}

describe('Vue Router: keep-alive across routes', () => {
  it('<router-view>: the route is unmounted, and coming back adopts the kept embed', async () => {
    const { same, counts } = await routeAwayAndBack(`<router-view />`);
    expect(same, 'the same iframe').to.equal(true);
    expect(counts, '[navigations, sessions]').to.deep.equal([1, 1]);
  });

  it('<KeepAlive> in <router-view>: its DOM leaves the document, and coming back adopts the kept embed', async () => {
    const { same, counts } = await routeAwayAndBack(`<router-view v-slot="{ Component }"><KeepAlive><component :is="Component" /></KeepAlive></router-view>`);
    expect(same, 'the same iframe').to.equal(true);
    expect(counts, '[navigations, sessions]').to.deep.equal([1, 1]);
  });
});
