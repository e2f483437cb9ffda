// Start-up cost. Each round inserts one node into the page and measures, from
// the insertion, two points of the iframe's navigation:
//
//   navigationStart  the `startTime` of the iframe's resource-timing entry in
//                    this page (when the browser began the navigation); only an
//                    iframe's `src` navigation gets one, so an element that
//                    navigates its iframe otherwise has none (`null`);
//   documentStart    the embed document's own `performance.timeOrigin`, which it
//                    posts back (when its navigation started, in its process):
//                    the one point every variant has, so the guard compares it;
//   blocked          until the page's next task can run: how long the insertion
//                    and the microtasks after it held the main thread.
//
// Variants: `element` (<platform-embed>), `iframe` (a plain <iframe> with the
// very attributes the element gave its iframe: src, allow, referrerpolicy,
// title, read from a first element round), and three floors:
//   `microtask`  that plain iframe appended in a microtask after the insertion:
//                the least any element pays that takes into account the
//                attributes and properties set in the same task as its
//                insertion, as the contract requires;
//   `reactive`   the smallest Lit ReactiveElement creating that iframe in its
//                first update (the base class <platform-embed> uses);
//   `lit`        the smallest LitElement rendering it with a template.
import { LitElement, ReactiveElement, html } from 'lit';
import { createEmbed, embedUrl, stage, tenant, withTimeout } from './common.js';

// `?dist=baseline` measures the build the runner serves as /baseline-dist/ (the last
// release, say), so both builds are compared in one run on one machine.
const dist = new URL(location.href).searchParams.get('dist') === 'baseline' ? '/baseline-dist/' : '/dist/';
await import(`${dist}platform-embed-embed.min.js`);

class BenchLitFrame extends LitElement {
  static properties = { attrs: { attribute: false } };

  render() {
    const a = this.attrs;
    return html`<iframe title=${a.title} allow=${a.allow} referrerpolicy=${a.referrerpolicy} src=${a.src}></iframe>`;
  }
}
customElements.define('bench-lit-frame', BenchLitFrame);

class BenchReactiveFrame extends ReactiveElement {
  static properties = { attrs: { attribute: false } };

  update(changed) {
    super.update(changed);
    const frame = document.createElement('iframe');
    for (const [name, value] of Object.entries(this.attrs)) frame.setAttribute(name, value);
    this.renderRoot.append(frame);
  }
}
customElements.define('bench-reactive-frame', BenchReactiveFrame);

const COPIED = ['src', 'allow', 'referrerpolicy', 'title'];
let iframeAttributes = null;

/** The resource-timing entry of the iframe's navigation, when it has one. */
function iframeEntry() {
  return performance.getEntriesByType('resource').find((e) => e.initiatorType === 'iframe' && e.name.startsWith(tenant)) ?? null;
}

function nextTimeOrigin() {
  return new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.origin !== tenant || event.data?.bench !== 'time-origin') return;
      removeEventListener('message', onMessage);
      resolve(event.data);
    };
    addEventListener('message', onMessage);
  });
}

/** Resolves in the next task (a MessageChannel message: no timer clamping). */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function litFrame(tag = 'bench-lit-frame') {
  const el = document.createElement(tag);
  el.attrs = { allow: '', referrerpolicy: '', title: '', ...iframeAttributes };
  return el;
}

function microtaskIframe() {
  const holder = document.createElement('div');
  queueMicrotask(() => holder.append(plainIframe()));
  return holder;
}

function plainIframe() {
  const frame = document.createElement('iframe');
  for (const [name, value] of Object.entries(iframeAttributes)) frame.setAttribute(name, value);
  return frame;
}

const create = {
  element: () => createEmbed(0),
  iframe: plainIframe,
  microtask: microtaskIframe,
  reactive: () => litFrame('bench-reactive-frame'),
  lit: () => litFrame(),
};

/** One insertion of `variant` (a key of `create`); resolves with its timings in ms. */
async function round(variant) {
  if (variant !== 'element' && !iframeAttributes) throw new Error('run an element round first');
  const node = create[variant]();
  const documentOrigin = nextTimeOrigin();
  // Set up before the clock starts: creating a MessageChannel is not free,
  // and it would delay every variant's microtasks.
  const afterMicrotasks = nextTask();
  const inserted = performance.now();
  stage.append(node);
  // The insertion's synchronous work and the microtasks after it (a Lit
  // element's first update) end before the next task runs.
  await afterMicrotasks;
  const blocked = performance.now() - inserted;
  const { timeOrigin, href } = await withTimeout(documentOrigin, 30_000, `${variant} navigation`);
  const frame = variant === 'iframe' ? node : (node.renderRoot ?? node).querySelector('iframe');
  if (variant === 'element' && !iframeAttributes) {
    // The element's iframe may carry no `src` (it is navigated otherwise): the URL is the one it builds.
    iframeAttributes = Object.fromEntries(COPIED.filter((a) => frame.hasAttribute(a)).map((a) => [a, frame.getAttribute(a)]));
    iframeAttributes.src = embedUrl(0);
  }
  const timing = iframeEntry();
  node.remove();
  performance.clearResourceTimings();
  return {
    navigationStart: timing ? timing.startTime - inserted : null,
    documentStart: timeOrigin - (performance.timeOrigin + inserted),
    blocked,
    // The embed document reports where it was loaded: every variant must load the same URL.
    sameUrl: href === iframeAttributes.src,
  };
}

window.bench = {
  round,
  ready: true,
  isolated: crossOriginIsolated,
  iframeAttributes: () => iframeAttributes,
};
