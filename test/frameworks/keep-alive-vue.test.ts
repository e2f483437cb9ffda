/**
 * Keeping a dashboard warm in Vue 3: `v-show` keeps the element in the
 * document (display: none), so the embed stays alive; `v-if` removes it, and
 * `<KeepAlive>` keeps the component but moves its DOM out of the document, so
 * both load the embed again with a fresh session when shown.
 */
import { expect } from '@open-wc/testing';
import { createApp, defineComponent, nextTick, ref } from 'vue';
import '../../src/embed.js';
import { tenantOrigin, until } from './helpers.js';
import { expectKeptAlive, LoadCounter, readyEmbed, settle } from './keep-alive.js';

function mount(template: string, counter: LoadCounter) {
  const container = document.createElement('div');
  document.body.append(container);
  const shown = ref(true);
  const Dashboard = defineComponent({
    setup: () => ({ baseUrl: tenantOrigin, provider: counter.provider }),
    template: `<platform-embed :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" />`,
  });
  const Other = defineComponent({ template: `<p>Another tab</p>` });
  const app = createApp(defineComponent({ components: { Dashboard, Other }, setup: () => ({ shown, baseUrl: tenantOrigin, provider: counter.provider }), template }));
  app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('platform-');
  app.mount(container);
  return {
    async show(value: boolean) {
      shown.value = value;
      await nextTick();
    },
    find: () => document.body.querySelector<HTMLElement>('platform-embed'),
    unmount() {
      app.unmount();
      container.remove();
    },
  };
}

describe('Vue 3: a dashboard kept warm across tabs', () => {
  it('v-show: no navigation, no session, still ready when shown again', async () => {
    const counter = new LoadCounter();
    const app = mount(`<platform-embed v-show="shown" :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" />`, counter);
    try {
      const embed = await readyEmbed(app.find);
      const iframe = embed.iframe;
      await app.show(false);
      await settle();
      expect(getComputedStyle(embed).display).to.equal('none');
      expectKeptAlive(embed, iframe, counter);
      await app.show(true);
      await settle();
      expectKeptAlive(embed, iframe, counter);
    } finally {
      app.unmount();
      counter.dispose();
    }
  });

  it('v-show with loading="lazy": the same', async () => {
    const counter = new LoadCounter();
    const app = mount(`<platform-embed v-show="shown" loading="lazy" :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" />`, counter);
    try {
      const embed = await readyEmbed(app.find);
      const iframe = embed.iframe;
      await app.show(false);
      await settle();
      expectKeptAlive(embed, iframe, counter);
      await app.show(true);
      await settle();
      expectKeptAlive(embed, iframe, counter);
    } finally {
      app.unmount();
      counter.dispose();
    }
  });

  it('v-if: the element is removed, and showing it again is a new load with a fresh session', async () => {
    const counter = new LoadCounter();
    const app = mount(`<platform-embed v-if="shown" :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" />`, counter);
    try {
      await readyEmbed(app.find);
      await app.show(false);
      expect(app.find()).to.equal(null);
      await app.show(true);
      await readyEmbed(app.find);
      await until(() => counter.navigations === 2, 'a second navigation');
      expect(counter.sessions).to.equal(2);
    } finally {
      app.unmount();
      counter.dispose();
    }
  });

  it('<KeepAlive> keeps the component but takes its DOM out of the document: a new load too', async () => {
    const counter = new LoadCounter();
    const app = mount(`<KeepAlive><Dashboard v-if="shown" /><Other v-else /></KeepAlive>`, counter);
    try {
      const embed = await readyEmbed(app.find);
      await app.show(false);
      // The same element, kept by KeepAlive, but out of the document.
      expect(app.find()).to.equal(null);
      expect(embed.isConnected).to.equal(false);
      await app.show(true);
      expect(app.find(), 'the same element is put back').to.equal(embed);
      await until(() => counter.navigations === 2 && embed.ready, 'a second navigation, ready');
      expect(counter.sessions).to.equal(2);
    } finally {
      app.unmount();
      counter.dispose();
    }
  });
});
