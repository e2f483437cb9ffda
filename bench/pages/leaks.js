// Leaks: the runner snapshots listeners, timers, the router and the heap
// around many connect/disconnect cycles driven from here. The harness keeps no
// reference to a cycled element and uses the unwrapped timers, so whatever is
// left afterwards was left by the element.
import '/dist/embed.js';
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

/**
 * One connect/disconnect cycle. Without ready, the element is removed once its
 * first render has created the iframe (and any ready timer has started); with
 * ready, after the embed's handshake.
 */
async function cycle(withReady) {
  const el = createEmbed(0);
  if (withReady) {
    const done = ready(el, 30_000);
    stage.append(el);
    await done;
  } else {
    stage.append(el);
    await el.updateComplete;
  }
  el.remove();
}

/** Runs `count` cycles, then lets pending work settle. Resolves with the elements still on the page. */
async function cycles(count, withReady) {
  for (let i = 0; i < count; i += 1) await cycle(withReady);
  await sleep(250);
  return stage.childElementCount;
}

function counters() {
  return {
    routerEntries: routerSize(),
    routerObservers: observerCount(),
    pendingTimers: window.benchTimers.pending(),
  };
}

window.bench = { cycles, counters, ready: true };
