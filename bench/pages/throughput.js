// Host cost per accepted message. The runner drives each variant in three
// steps (setup, measure, teardown) so it can force a GC between them:
//
//   baseline:N  N plain <iframe>s of the tenant, the last one sending, and the
//               listener a host without the SDK needs (the spec's own check:
//               origin, `source`, `direction`), counting messages;
//   embed:N     N <platform-embed> elements of the same tenant, all ready, the
//               last one's iframe sending; `platform-<kind>` DOM events counted.
//
//   floor:1     one plain <iframe> and a listener doing only what the contract
//               makes every implementation do per message (see setupFloor).
//
// Comparing each embed:N with baseline:N keeps what the browser itself pays
// for N iframes on a page (layout, compositing, frame proxies) out of the
// element's cost.
//
// `measure` times from asking the iframe to start posting until the host has
// handled the last of `count` messages (delivery included). The host's work
// alone, per kind of message, is bench/pages/host-cost.js.
import '/dist/platform-embed-embed.min.js';
import { createEmbed, embedUrl, frameReady, once, stage, tenant, withTimeout } from './common.js';

const READY_TIMEOUT = 60_000;
let current = null;

async function setupBaseline(n) {
  const frames = Array.from({ length: n }, (_, i) => {
    const frame = document.createElement('iframe');
    frame.title = `baseline embed ${i}`;
    frame.src = embedUrl(i);
    return frame;
  });
  const ready = Promise.all(frames.map(frameReady));
  stage.append(...frames);
  await withTimeout(ready, READY_TIMEOUT, `${n} baseline iframes ready`);
  const sender = frames[n - 1].contentWindow;
  return {
    sender,
    handled(count) {
      let handled = 0;
      let resolve;
      const done = new Promise((r) => { resolve = r; });
      // The checks every host needs (origin and sending window, the envelope's
      // `source` and `direction`), and nothing else.
      const onMessage = (event) => {
        if (event.origin !== tenant || event.source !== sender) return;
        const data = event.data;
        if (data?.source !== 'platform-embed' || data.direction !== 'event') return;
        handled += 1;
        if (handled === count) resolve(performance.now());
      };
      addEventListener('message', onMessage);
      return { done, count: () => handled, stop: () => removeEventListener('message', onMessage) };
    },
    teardown: () => { for (const frame of frames) frame.remove(); },
  };
}

/**
 * The contract's floor: the bare listener plus what every accepted message
 * must become, two composed, bubbling CustomEvents with fresh payload copies
 * (`platform-<kind>` and `platform-event`), dispatched on a plain element.
 * No validation and no routing: what no implementation can avoid.
 */
async function setupFloor() {
  const base = await setupBaseline(1);
  const target = document.createElement('div');
  stage.append(target);
  return {
    sender: base.sender,
    handled(count, kind) {
      const type = `platform-${kind}`;
      let handled = 0;
      let resolve;
      const done = new Promise((r) => { resolve = r; });
      const onEvent = () => {
        handled += 1;
        if (handled === count) resolve(performance.now());
      };
      const onMessage = (event) => {
        if (event.origin !== tenant || event.source !== base.sender) return;
        const data = event.data;
        if (data?.source !== 'platform-embed' || data.direction !== 'event') return;
        const options = { bubbles: true, composed: true };
        target.dispatchEvent(new CustomEvent(type, { ...options, detail: { ...data.payload } }));
        const { surface, timestamp, payload } = data;
        const detail = { type: data.type, surface, timestamp, payload: { ...payload } };
        target.dispatchEvent(new CustomEvent('platform-event', { ...options, detail }));
      };
      target.addEventListener(type, onEvent);
      addEventListener('message', onMessage);
      return {
        done,
        count: () => handled,
        stop: () => {
          removeEventListener('message', onMessage);
          target.removeEventListener(type, onEvent);
        },
      };
    },
    teardown: () => {
      target.remove();
      base.teardown();
    },
  };
}

async function setupEmbeds(n) {
  const elements = Array.from({ length: n }, (_, i) => createEmbed(i));
  const ready = Promise.all(elements.map((el) => once(el, 'platform-ready')));
  stage.append(...elements);
  await withTimeout(ready, READY_TIMEOUT, `${n} embeds ready`);
  const senderElement = elements[n - 1];
  return {
    sender: senderElement.iframe.contentWindow,
    handled(count, kind) {
      const type = `platform-${kind}`;
      let handled = 0;
      let all = 0;
      let resolve;
      const done = new Promise((r) => { resolve = r; });
      const onView = () => {
        handled += 1;
        if (handled === count) resolve(performance.now());
      };
      // Every such event bubbles to the stage: any event another element
      // dispatched for the sender's messages shows up as all > n.
      const onAny = () => { all += 1; };
      senderElement.addEventListener(type, onView);
      stage.addEventListener(type, onAny);
      return {
        done,
        count: () => handled,
        crossTalk: () => all - handled,
        stop: () => {
          senderElement.removeEventListener(type, onView);
          stage.removeEventListener(type, onAny);
        },
      };
    },
    teardown: () => { for (const el of elements) el.remove(); },
  };
}

const setups = { baseline: setupBaseline, floor: setupFloor, embed: setupEmbeds };

/** Builds a variant: `baseline:N`, `floor:1` or `embed:N`. */
async function setup(variant) {
  if (current) throw new Error('teardown the previous variant first');
  const [kind, n] = variant.split(':');
  current = await setups[kind](Number(n));
}

/**
 * Asks the sender how long its burst took to post. The reply comes after any
 * message still in flight from the burst, so stray duplicates are counted too.
 */
function senderReport() {
  return new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.origin !== tenant || event.source !== current.sender || event.data?.bench !== 'sent') return;
      removeEventListener('message', onMessage);
      resolve(event.data.ms);
    };
    addEventListener('message', onMessage);
    current.sender.postMessage({ bench: 'report' }, tenant);
  });
}

/** Posts `count` events of `kind` from the sender and resolves with the elapsed milliseconds. */
async function measure(count, kind = 'view', timeoutMs = 120_000) {
  const counter = current.handled(count, kind);
  const start = performance.now();
  current.sender.postMessage({ bench: 'start', count, kind }, tenant);
  try {
    const end = await withTimeout(counter.done, timeoutMs, `${count} messages handled`);
    const sentMs = await withTimeout(senderReport(), 10_000, 'sender report');
    return { ms: end - start, sentMs, handled: counter.count(), crossTalk: counter.crossTalk?.() ?? 0 };
  } catch (error) {
    return { error: String(error), handled: counter.count() };
  } finally {
    counter.stop();
  }
}

function teardown() {
  current?.teardown();
  current = null;
}

window.bench = { setup, measure, teardown, ready: true };
