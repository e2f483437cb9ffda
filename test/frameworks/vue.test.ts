/**
 * Vue 3 hosting both elements: the single-file component
 * docs/hosts/vue/PlatformHost.vue (compiled by the test server with
 * vue/compiler-sfc) and an in-browser template compiled by vue.esm-browser.js.
 */
import { expect } from '@open-wc/testing';
import { createApp, defineComponent, h, markRaw, nextTick, reactive, type Component } from 'vue';
import {
  attributesOf,
  checkBoundHost,
  EventLog,
  initialState,
  itBindsWhenDefinedFirst,
  type HostHandle,
  type HostState,
} from './scenario.js';
import { ActionLog, fixtureSession, tenantOrigin, until } from './helpers.js';

// A path in a variable: the repository type check cannot read .vue files;
// vue-tsc checks this one in test/types.
const snippet = '/docs/hosts/vue/PlatformHost.vue';

function mountComponent(component: Component, props: Record<string, unknown>, report?: EventLog['report']) {
  const container = document.createElement('div');
  document.body.append(container);
  // Vue proxies the objects it is given (theme, filters); the client stays raw.
  const state: Record<string, unknown> = reactive({
    ...props,
    client: props['client'] ? markRaw(props['client'] as object) : undefined,
  });
  const app = createApp({ render: () => h(component, { ...state, onPlatformEvent: report }) });
  app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('platform-');
  app.mount(container);
  return { container, app, state };
}

async function mount(state: HostState, log: EventLog): Promise<HostHandle> {
  const component = ((await import(snippet)) as { default: Component }).default;
  const { providerCalls: _calls, ...props } = state as HostState & { providerCalls?: unknown };
  const mounted = mountComponent(component, props, log.report);
  await nextTick();
  return {
    embed: () => mounted.container.querySelector('platform-embed'),
    admin: () => mounted.container.querySelector('platform-admin-panel'),
    async update(change) {
      Object.assign(mounted.state, change);
      await nextTick();
    },
    unmount() {
      mounted.app.unmount();
      mounted.container.remove();
    },
  };
}

/** An in-DOM style template without `.prop`: what plain `:theme` does. */
const PlainBinding = defineComponent({
  props: { theme: Object, filters: Object, session: String, baseUrl: String },
  template: `<platform-embed :base-url="baseUrl" dashboard="sales" :session="session" :theme="theme" :filters="filters" />`,
});

describe('Vue 3 host', () => {
  // Runs first: the elements are not defined until this test imports them.
  it('works when the elements are defined after the first render (.prop for objects and functions)', async () => {
    expect(customElements.get('platform-embed')).to.equal(undefined);
    const log = new EventLog();
    const state = initialState();
    const handle = await mount(state, log);
    const plain = mountComponent(PlainBinding, {
      theme: { primaryColor: '#111111' },
      filters: { 'orders.status': 'open' },
      session: `${fixtureSession}-plain`,
      baseUrl: tenantOrigin,
    });
    await nextTick();
    try {
      // `.prop` sets properties on the undefined element; the upgrade keeps them.
      const early = handle.embed()!;
      expect(attributesOf(early)).not.to.have.any.keys('theme', 'filters', 'sessionprovider');
      expect(Object.prototype.hasOwnProperty.call(early, 'sessionProvider')).to.equal(true);
      // Without `.prop`, Vue 3 writes objects as attributes while `theme in el` is false.
      const plainEl = plain.container.querySelector('platform-embed')!;
      expect(plainEl.getAttribute('theme')).to.equal('[object Object]');
      expect(plainEl.getAttribute('filters')).to.equal('[object Object]');

      await import('../../src/define.js');
      await checkBoundHost(handle, state, log);

      // The plain binding: once defined, Vue's next patch sets the property, which wins.
      plain.state['theme'] = { primaryColor: '#222222' };
      await nextTick();
      expect(JSON.parse(JSON.stringify(plainEl.theme))).to.deep.equal({ primaryColor: '#222222' });
    } finally {
      handle.unmount();
      plain.app.unmount();
      plain.container.remove();
    }
  });

  itBindsWhenDefinedFirst(mount);

  it('an inline sessionProvider in the template, new at each of 20 re-renders: one navigation, one provider call', async () => {
    let calls = 0;
    const InlineProvider = defineComponent({
      props: { baseUrl: String, scheme: String },
      setup: () => ({ provide: async () => `${fixtureSession}-vue-${++calls}` }),
      // `() => provide()` is a new function at every render of this template.
      template: `<platform-embed :base-url="baseUrl" dashboard="sales" :scheme="scheme" .sessionProvider="() => provide()" />`,
    });
    const log = new EventLog();
    const mounted = mountComponent(InlineProvider, { baseUrl: tenantOrigin, scheme: 'light' });
    const embed = () => mounted.container.querySelector('platform-embed')!;
    embed().addEventListener('platform-ready', (e) => log.report('platform-ready', (e as CustomEvent).detail));
    try {
      await until(() => log.details('platform-ready').length > 0, 'ready');
      const frame = embed().iframe;
      for (let i = 0; i < 20; i++) {
        mounted.state['scheme'] = i % 2 ? 'light' : 'dark';
        await nextTick();
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(embed().iframe).to.equal(frame);
      expect(log.details('platform-ready').length).to.equal(1);
      expect(calls).to.equal(1);
    } finally {
      mounted.app.unmount();
      mounted.container.remove();
    }
  });

  it('a theme or filters object changed in place reaches the embed (the snippet\'s deep watchers)', async () => {
    const component = ((await import(snippet)) as { default: Component }).default;
    const { providerCalls: _calls, ...props } = initialState() as HostState & { providerCalls?: unknown };
    const log = new EventLog();
    const mounted = mountComponent(component, props, log.report);
    const embed = () => mounted.container.querySelector('platform-embed')!;
    const actions = new ActionLog(embed);
    try {
      await until(() => log.details('platform-ready').length > 0, 'ready');
      const theme = mounted.state['theme'] as Record<string, unknown>;
      const filters = mounted.state['filters'] as Record<string, unknown>;
      theme['primaryColor'] = '#123456';
      filters['orders.status'] = 'returned';
      await nextTick();
      const themed = await actions.waitFor('platform:action:set-theme', (p) => p['primaryColor'] === '#123456');
      expect(themed.payload).to.deep.equal({ primaryColor: '#123456', borderRadius: '6px' });
      const filtered = await actions.waitFor('platform:action:set-filter', (p) => String(p['filterUrlParameter']).includes('returned'));
      expect(filtered.payload).to.deep.equal({ filterUrlParameter: 'f_orders.status="returned"' });
      // The element holds the same (proxied) objects the component was given.
      expect(embed().theme).to.deep.equal({ primaryColor: '#123456', borderRadius: '6px' });
    } finally {
      actions.dispose();
      mounted.app.unmount();
      mounted.container.remove();
    }
  });
});
