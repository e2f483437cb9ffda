// A page with `COUNT` embeds stacked (two fit in the first viewport), each
// asking the bench server's session route for its session, as a host page
// with a backend does. The runner loads the page once per measurement and
// calls `run(loading)`: eager or lazy, everything else equal.
import '/dist/platform-embed-embed.min.js';
import { once, stage, tenant, withTimeout } from './common.js';

const COUNT = 20;

/** Inserts the embeds and resolves when the first (visible) one is ready: milliseconds since insertion. */
async function run(loading) {
  let providerCalls = 0;
  const sessionProvider = async () => {
    providerCalls += 1;
    const response = await fetch('/session');
    return (await response.json()).sessionId;
  };
  const elements = Array.from({ length: COUNT }, (_, i) => {
    const el = document.createElement('platform-embed');
    el.setAttribute('base-url', tenant);
    el.setAttribute('dashboard', `report-${i}`);
    el.setAttribute('loading', loading);
    el.sessionProvider = sessionProvider;
    return el;
  });
  window.elements = elements;
  const firstReady = once(elements[0], 'platform-ready');
  const start = performance.now();
  stage.append(...elements);
  await withTimeout(firstReady, 60_000, 'the first embed ready');
  const firstReadyMs = performance.now() - start;
  // Let whatever this arm starts before any scroll start (navigations, session requests).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    firstReadyMs,
    providerCallsBeforeScroll: providerCalls,
    framesWithSrcBeforeScroll: elements.filter((el) => el.iframe?.getAttribute('src')).length,
    readyBeforeScroll: elements.filter((el) => el.ready).length,
  };
}

/** Scrolls to the bottom and resolves with how many embeds are ready once the last one is. */
async function scrollToEnd() {
  const last = window.elements.at(-1);
  const ready = last.ready ? Promise.resolve() : once(last, 'platform-ready');
  window.scrollTo(0, document.body.scrollHeight);
  await withTimeout(ready, 60_000, 'the last embed ready after scrolling');
  return { readyAfterScroll: window.elements.filter((el) => el.ready).length };
}

window.bench = { run, scrollToEnd, count: COUNT, ready: true };
