// keep-alive bench page (see bench/suites/keep-alive.mjs).
//
// `round(variant)`: 'adopted' inserts an element whose kept embed waits
// (kept just before, outside the measured time); 'fresh' inserts one with
// nothing kept. Measured: from the insertion to the first animation frame in
// which the element is ready (the frame that paints the dashboard), and the
// session calls and navigations it made.
// `scroll()`: smooth scrolls of the scrolling ancestor and of the page, with
// both rects sampled in every animation frame; the worst offset.
import '/dist/embed.js';
import '/dist/keep-alive.js';
import { stage, tenant, withTimeout } from './common.js';

const Embed = customElements.get('platform-embed');
let sessions = 0;
let navigations = 0;
addEventListener('message', (event) => {
  if (event.origin === tenant && event.data?.type === 'platform:event:ready') navigations += 1;
});

function create() {
  const el = document.createElement('platform-embed');
  el.setAttribute('keep-alive', 'bench-viewer');
  el.setAttribute('base-url', tenant);
  el.setAttribute('dashboard', 'bench-0');
  el.sessionProvider = async () => {
    sessions += 1;
    return 'bench';
  };
  return el;
}

/** Resolves at the first animation frame in which `el` is ready, with that frame's time. */
function readyFrame(el) {
  return new Promise((resolve) => {
    const tick = () => (el.ready ? resolve(performance.now()) : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

async function keepOne() {
  const el = create();
  stage.append(el);
  await withTimeout(el.whenReady(), 10_000, 'a ready embed to keep');
  el.remove();
}

window.bench = {
  ready: true,
  async round(variant) {
    // Removed first: a ready element that leaves is kept, and would be adopted.
    stage.replaceChildren();
    Embed.discardKeptAlive();
    if (variant === 'adopted') await keepOne();
    const [s0, n0] = [sessions, navigations];
    const el = create();
    const start = performance.now();
    stage.append(el);
    const painted = await withTimeout(readyFrame(el), 10_000, `${variant}: ready`);
    await new Promise((r) => setTimeout(r, 100));
    return { ms: painted - start, sessions: sessions - s0, navigations: navigations - n0 };
  },
  async scroll() {
    stage.replaceChildren();
    Embed.discardKeptAlive();
    const el = create();
    stage.append(el);
    await withTimeout(el.whenReady(), 10_000, 'ready');
    await new Promise((r) => requestAnimationFrame(r));
    let worst = 0;
    let frames = 0;
    let running = true;
    const sample = () => {
      const a = el.getBoundingClientRect();
      const b = el.iframe.getBoundingClientRect();
      worst = Math.max(worst, Math.abs(a.top - b.top), Math.abs(a.left - b.left), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
      frames += 1;
      if (running) requestAnimationFrame(after);
    };
    // Sampled after the frame's animation callbacks and paint: what the viewer saw in that frame.
    const after = () => setTimeout(sample, 0);
    requestAnimationFrame(after);
    const result = {};
    for (const [name, target] of [['ancestor', document.getElementById('scroller')], ['page', document.scrollingElement]]) {
      worst = 0;
      frames = 0;
      for (const top of [500, 0]) {
        target.scrollTo({ top, behavior: 'smooth' });
        const deadline = performance.now() + 3000;
        while (Math.abs(target.scrollTop - top) > 1 && performance.now() < deadline) await new Promise((r) => requestAnimationFrame(r));
      }
      result[name] = { worstPx: worst, frames };
    }
    running = false;
    return result;
  },
};
