// Leaks: the runner snapshots listeners, timers, the router and the heap
// around many connect/disconnect cycles driven from here. The harness keeps no
// reference to a cycled element and uses the unwrapped timers, so whatever is
// left afterwards was left by the element.
import '/dist/embed.js';
import { lazyWatchCount } from '/dist/embed/lazy.js';
import { observerCount, routerSize } from '/dist/embed/router.js';
import { createEmbed, stage } from './common.js';

const { raw } = window.benchTimers;
const sleep = (ms) => new Promise((resolve) => raw.setTimeout(resolve, ms));

function ready(el, ms) {
  return new Promise((resolve, reject) => {
    const timer = raw.setTimeout(() => reject(new Error(`no platform-ready within ${ms} ms`)), ms);
    el.addEventListener('platform-ready', () => {
      raw.clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** Elements attached to the live IntersectionObservers of the page (all observers, not only the element's). */
const observed = new Set();
const NativeObserver = window.IntersectionObserver;
window.IntersectionObserver = class extends NativeObserver {
  #targets = new Set();
  observe(target) {
    this.#targets.add(target);
    observed.add(target);
    super.observe(target);
  }
  unobserve(target) {
    this.#targets.delete(target);
    observed.delete(target);
    super.unobserve(target);
  }
  disconnect() {
    for (const target of this.#targets) observed.delete(target);
    this.#targets.clear();
    super.disconnect();
  }
};

/** A spacer that puts what follows far below the visible area. */
const spacer = document.createElement('div');
spacer.style.height = '500vh';

/**
 * One connect/disconnect cycle. `plain`: removed once its first render has
 * created the iframe (and any ready timer has started); `ready`: after the
 * embed's handshake; `lazy-far`: a lazy element far below the visible area,
 * removed while it waits; `lazy-ready`: a lazy element in view, after its
 * handshake.
 */
async function cycle(mode) {
  const el = createEmbed(0);
  if (mode.startsWith('lazy')) el.setAttribute('loading', 'lazy');
  if (mode === 'lazy-far') {
    stage.append(spacer, el);
    await el.updateComplete;
    await sleep(0);
    spacer.remove();
  } else if (mode === 'ready' || mode === 'lazy-ready') {
    const done = ready(el, 30_000);
    stage.append(el);
    await done;
  } else {
    stage.append(el);
    await el.updateComplete;
  }
  el.remove();
}

/** Runs `count` cycles of `mode`, then lets pending work settle. Resolves with the elements still on the page. */
async function cycles(count, mode) {
  for (let i = 0; i < count; i += 1) await cycle(mode);
  await sleep(250);
  return stage.childElementCount;
}

function counters() {
  return {
    routerEntries: routerSize(),
    routerObservers: observerCount(),
    pendingTimers: window.benchTimers.pending(),
    lazyWaiting: lazyWatchCount(),
    observedElements: observed.size,
  };
}

window.bench = { cycles, counters, ready: true };
