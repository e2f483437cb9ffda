/**
 * `keep-alive` in Vue 3 with Vue Router: a route the viewer leaves is
 * unmounted, or with `<KeepAlive>` its DOM is moved out of the document; either
 * way the element's embed is kept, and coming back adopts it: no navigation
 * and no session.
 */
import { expect } from '@open-wc/testing';
import { createApp, defineComponent } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import '../../src/embed.js';
import '../../src/keep-alive.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin, until } from './helpers.js';
import { LoadCounter, readyEmbed, settle } from './keep-alive.js';

const Embed = customElements.get('platform-embed') as unknown as { discardKeptAlive(scope?: string): void };

async function routeAwayAndBack(shell: string): Promise<{ same: boolean; counts: number[] }> {
  const counter = new LoadCounter();
  const Analytics = defineComponent({
    setup: () => ({ baseUrl: tenantOrigin, provider: counter.provider }),
    template: `<platform-embed keep-alive="viewer-1" :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" />`,
  });
  const Settings = defineComponent({ template: `<p>Settings</p>` });
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/analytics', component: Analytics },
      { path: '/settings', component: Settings },
    ],
  });
  const container = document.createElement('div');
  document.body.append(container);
  const app = createApp(defineComponent({ template: shell }));
  app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('platform-');
  app.use(router);
  const find = () => container.querySelector<PlatformEmbedElement>('platform-embed');
  try {
    await router.push('/analytics');
    app.mount(container);
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
    app.unmount();
    container.remove();
    counter.dispose();
    Embed.discardKeptAlive();
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
