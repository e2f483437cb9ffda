/**
 * `keep-alive` in a Vue Router app whose routes slide in and out with
 * `<Transition>`: on the way back the kept embed is adopted and is on the
 * element in every frame of the slide, and the box is not empty at the end.
 */
import { expect } from '@open-wc/testing';
import { vueRouterApp } from '../frameworks/vue-router-app.js';
import { LoadCounter, painted, until, wrapperOf } from './helpers.js';

const browser = navigator.userAgent.includes('Firefox') ? 'Firefox' : 'Chromium';

const css = `.slide-enter-active, .slide-leave-active { transition: transform 300ms ease-out }
.slide-enter-from { transform: translateX(100%) } .slide-leave-to { transform: translateX(-100%) }`;

describe('keep-alive: a Vue Router <Transition> slide', () => {
  for (const mode of ['', 'out-in']) {
    it(`the embed is on the element in every frame of the slide back${mode ? ` (mode="${mode}")` : ''}`, async () => {
      const counter = new LoadCounter();
      const { router, mount, find, dispose } = vueRouterApp(counter, {
        shell: `<router-view v-slot="{ Component }"><Transition name="slide" mode="${mode || 'default'}"><component :is="Component" /></Transition></router-view>`,
        embedAttributes: 'style="--platform-embed-height:200px"',
        wrapRoutes: true,
        before: `<style>${css}</style>`,
      });
      try {
        await router.push('/analytics');
        mount();
        await until(() => !!find()?.ready, 'ready');
        const iframe = find()!.iframe;
        await router.push('/settings');
        await until(() => !find(), 'the analytics route left');
        await painted();
        await router.push('/analytics');
        let worst = 0;
        let frames = 0;
        let where = "";
        const sample = () => {
          const embed = find();
          if (!embed?.ready || !embed.isConnected) return;
          const [a, b] = [embed.getBoundingClientRect(), embed.iframe!.getBoundingClientRect()];
          const off = Math.max(Math.abs(a.top - b.top), Math.abs(a.left - b.left), Math.abs(a.width - b.width));
          if (off > worst) where = `(frame ${frames}: element at ${Math.round(a.left)},${Math.round(a.top)}, iframe at ${Math.round(b.left)},${Math.round(b.top)})`;
          worst = Math.max(worst, off);
          frames += 1;
        };
        for (const end = performance.now() + 800; performance.now() < end; ) await painted(sample);
        console.log(`keep-alive transition (${browser}, mode ${mode || 'default'}): worst offset ${worst.toFixed(2)} px over ${frames} frames ${where}`);
        const embed = find()!;
        expect(embed.iframe, 'adopted: the same iframe').to.equal(iframe);
        expect(frames, 'frames sampled during the slide').to.be.above(5);
        expect(worst, 'worst offset during the slide').to.be.at.most(1);
        const [a, b] = [embed.getBoundingClientRect(), embed.iframe!.getBoundingClientRect()];
        expect([b.top, b.left, b.width, b.height].map(Math.round), 'not an empty box at the end').to.deep.equal([a.top, a.left, a.width, a.height].map(Math.round));
        expect(wrapperOf(embed.iframe)!.style.visibility, 'painted').to.equal('');
        expect([counter.navigations, counter.sessions], '[navigations, sessions]').to.deep.equal([1, 1]);
      } finally {
        dispose();
      }
    });
  }
});
