/**
 * Keeping a dashboard warm in Vue 3: `v-show` keeps the element in the
 * document (display: none), so the embed stays alive; `v-if` removes it, and
 * `<KeepAlive>` keeps the component but moves its DOM out of the document, so
 * both load the embed again with a fresh session when shown.
 */
import { expect } from '@open-wc/testing';
import { createApp, defineComponent, nextTick, ref } from 'vue';
import '../../src/embed.js';
import { tenantOrigin } from './helpers.js';
import { checkKeptAlive, checkReloads, LoadCounter, readyEmbed } from './keep-alive.js';

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

const embedTag = (directive: string) => `<platform-embed ${directive} :base-url="baseUrl" dashboard="sales" .sessionProvider="provider" />`;

/** Mounts `template`, runs `check` with the app and its counter, and cleans up. */
async function withApp(template: string, check: (app: ReturnType<typeof mount>, counter: LoadCounter) => Promise<void>): Promise<void> {
  const counter = new LoadCounter();
  const app = mount(template, counter);
  try {
    await check(app, counter);
  } finally {
    app.unmount();
    counter.dispose();
  }
}

describe('Vue 3: a dashboard kept warm across tabs', () => {
  it('v-show: no navigation, no session, still ready when shown again', () =>
    withApp(embedTag('v-show="shown"'), (app, counter) =>
      checkKeptAlive(app.find, counter, () => app.show(false), () => app.show(true), (embed) => {
        expect(getComputedStyle(embed).display).to.equal('none');
      }),
    ));

  it('v-show with loading="lazy": the same', () =>
    withApp(embedTag('v-show="shown" loading="lazy"'), (app, counter) => checkKeptAlive(app.find, counter, () => app.show(false), () => app.show(true))));

  it('v-if: the element is removed, and showing it again is a new load with a fresh session', () =>
    withApp(embedTag('v-if="shown"'), (app, counter) => checkReloads(app.find, counter, () => app.show(false), () => app.show(true))));

  it('<KeepAlive> keeps the component but takes its DOM out of the document: a new load too', () =>
    withApp(`<KeepAlive><Dashboard v-if="shown" /><Other v-else /></KeepAlive>`, async (app, counter) => {
      const embed = await readyEmbed(app.find);
      await checkReloads(app.find, counter, () => app.show(false), () => app.show(true));
      // The same element, kept by KeepAlive while it was out of the document, put back.
      expect(app.find(), 'the same element is put back').to.equal(embed);
    }));
});
