/**
 * The Vue Router app of the keep-alive tests: `/analytics` shows a kept
 * `<platform-embed>` of the tenant fixture, `/settings` a paragraph. The
 * caller mounts it, routes, and calls `dispose` at the end.
 */
import { createApp, defineComponent } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import '../../src/embed.js';
import '../../src/keep-alive.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin } from './helpers.js';
import type { LoadCounter } from './keep-alive.js';

export interface VueRouterAppOptions {
  /** The root template around `<router-view>`. */
  shell: string;
  /** Attributes added to the embed. */
  embedAttributes?: string;
  /** Each route's template in one `<div>` (`<Transition>` wants one root element). */
  wrapRoutes?: boolean;
  /** Markup put in the container before the app's root (a `<style>`, say); the app mounts on `#app` in it. */
  before?: string;
}

export function vueRouterApp(counter: LoadCounter, { shell, embedAttributes = '', wrapRoutes = false, before = '' }: VueRouterAppOptions) {
  const route = (template: string) => (wrapRoutes ? `<div>${template}</div>` : template);
  const Analytics = defineComponent({
    setup: () => ({ baseUrl: tenantOrigin, provider: counter.provider }),
    template: route(`<platform-embed keep-alive="viewer-1" :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" ${embedAttributes}/>`),
  });
  const Settings = defineComponent({ template: route(`<p>Settings</p>`) });
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/analytics', component: Analytics },
      { path: '/settings', component: Settings },
    ],
  });
  const container = document.createElement('div');
  container.innerHTML = `${before}<div id="app"></div>`;
  document.body.append(container);
  const app = createApp(defineComponent({ template: shell }));
  app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('platform-');
  app.use(router);
  return {
    router,
    mount: () => app.mount(container.querySelector('#app')!),
    find: () => container.querySelector<PlatformEmbedElement>('platform-embed'),
    /** Unmounts the app, removes its container and drops every kept embed. */
    dispose: () => {
      app.unmount();
      container.remove();
      counter.dispose();
      (customElements.get('platform-embed') as unknown as { discardKeptAlive(): void }).discardKeptAlive();
    },
  };
}
