// The host's work per message, for every kind a customer's page receives.
// The runner builds one arm at a time (setup), drains a queued burst of each
// kind in it (drain), and tears it down:
//
//   baseline  a plain <iframe> of the tenant and the listener a host without
//             the SDK needs (origin, sending window, the envelope's `source`
//             and `direction`), counting messages;
//   bare      the same iframe and a listener checking only `origin` and the
//             sending window, never reading `data` (reported, for comparison
//             with measurements of that kind);
//   floor     the baseline plus what the contract makes any implementation do
//             with an accepted message, without validation: the specific DOM
//             event (known types) and `platform-event`, composed and bubbling,
//             each with its own fresh payload;
//   embed     a ready <platform-embed> of the tenant, counted by a listener of
//             the DOM event a customer would listen to.
//
// Every arm also has a second plain iframe of the tenant, the `foreign`
// window. Rejected kinds (`foreign`, `origin`, `malformed`, `invalid`) make no
// DOM event, so a counter on the window that compares `event.source` (and
// reads nothing else) tells when their queue is drained, in every arm alike.
//
// One drain: the host posts the start message, then holds its main thread on
// a synchronous request to the bench server (/hold); the sender waits until
// the server has it (/held), posts the burst and after 100 ms asks the server
// to answer it (/release). Only the draining of the queue is timed.
import '/dist/platform-embed-embed.min.js';
import { createEmbed, embedUrl, frameReady, once, stage, tenant, withTimeout } from './common.js';

const READY_TIMEOUT = 60_000;
/** A third origin (the bench server on IPv6 loopback) for the wrong-origin kind. */
const otherOrigin = `http://[::1]:${location.port}`;
let current = null;
let holds = 0;
/** The spec's eight event types, without their `platform:event:` prefix. */
const KNOWN = ['ready', 'view', 'navigate', 'dashboard-loaded', 'download', 'drilldown', 'ai-query', 'error'];

function frame(url, title) {
  const el = document.createElement('iframe');
  el.title = title;
  el.src = url;
  return el;
}

/** The listener of the `baseline` and `bare` arms; `readData: false` is the bare one. */
function bareListener(sender, readData, onAccepted) {
  return (event) => {
    if (event.origin !== tenant || event.source !== sender) return;
    if (readData) {
      const data = event.data;
      if (data?.source !== 'platform-embed' || data.direction !== 'event') return;
    }
    onAccepted(event);
  };
}

/**
 * What every accepted message must become by the contract, and no more: two
 * composed, bubbling CustomEvents with fresh payload copies.
 */
function floorListener(sender, target) {
  // The DOM event names, made once: the floor does no string work per message.
  const names = new Map(KNOWN.map((name) => [`platform:event:${name}`, `platform-${name}`]));
  return bareListener(sender, true, (event) => {
    const { type, surface, timestamp, payload } = event.data;
    const name = names.get(type);
    if (name) target.dispatchEvent(new CustomEvent(name, { detail: { ...payload }, bubbles: true, composed: true }));
    const detail = { type, surface, timestamp, payload: { ...payload } };
    target.dispatchEvent(new CustomEvent('platform-event', { detail, bubbles: true, composed: true }));
  });
}

/** Builds an arm: `baseline`, `bare`, `floor` or `embed`. */
async function setup(arm) {
  if (current) throw new Error('teardown the previous arm first');
  const foreign = frame(embedUrl('foreign'), 'another iframe of the tenant');
  const nodes = [foreign];
  const ready = [frameReady(foreign)];
  let sender;
  let target;
  let listener = null;
  if (arm === 'embed') {
    target = createEmbed(0);
    ready.push(once(target, 'platform-ready'));
    nodes.push(target);
  } else {
    const own = frame(embedUrl(0), 'the embed');
    ready.push(frameReady(own));
    nodes.push(own);
    target = document.createElement('div');
    nodes.push(target);
  }
  stage.append(...nodes);
  await withTimeout(Promise.all(ready), READY_TIMEOUT, `${arm} ready`);
  sender = arm === 'embed' ? target.iframe.contentWindow : nodes[1].contentWindow;
  let onAccepted = () => {};
  if (arm === 'floor') listener = floorListener(sender, target);
  else if (arm !== 'embed') listener = bareListener(sender, arm === 'baseline', (event) => onAccepted(event));
  if (listener) addEventListener('message', listener);
  current = {
    arm,
    sender,
    foreign: foreign.contentWindow,
    target,
    setCounter: (fn) => { onAccepted = fn; },
    teardown() {
      if (listener) removeEventListener('message', listener);
      for (const node of nodes) node.remove();
    },
  };
}

/** Points the arm's own iframe at a document of a third origin (the `origin` kind). */
async function leaveOrigin() {
  const { sender } = current;
  const arrived = new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.source !== sender || event.origin !== otherOrigin || event.data?.type !== 'platform:event:ready') return;
      removeEventListener('message', onMessage);
      resolve();
    };
    addEventListener('message', onMessage);
  });
  sender.postMessage({ bench: 'goto', url: `${otherOrigin}/embed/dashboard/bench-0?session=bench` }, '*');
  await withTimeout(arrived, READY_TIMEOUT, 'the iframe on another origin');
  current.left = true;
}

/**
 * Counts the handled messages of `kind`: the DOM event a customer listens to
 * (embed, floor), the bare listener's accepted messages, or, for rejected
 * kinds, every message of the sending window.
 */
function counter(kind, count) {
  let handled = 0;
  let resolve;
  const done = new Promise((r) => { resolve = r; });
  const hit = () => {
    handled += 1;
    if (handled === count) resolve(performance.now());
  };
  const rejected = kind === 'foreign' || kind === 'origin' || kind === 'malformed' || kind === 'invalid';
  const from = kind === 'foreign' ? current.foreign : current.sender;
  if (rejected) {
    const onMessage = (event) => { if (event.source === from) hit(); };
    addEventListener('message', onMessage);
    return { from, done, count: () => handled, stop: () => removeEventListener('message', onMessage) };
  }
  if (current.arm === 'baseline' || current.arm === 'bare') {
    current.setCounter(hit);
    return { from, done, count: () => handled, stop: () => current.setCounter(() => {}) };
  }
  const type = kind === 'unknown' ? 'platform-event' : `platform-${kind}`;
  current.target.addEventListener(type, hit);
  return { from, done, count: () => handled, stop: () => current.target.removeEventListener(type, hit) };
}

/** Drains `count` queued messages of `kind` and resolves with the time it took. */
async function drain(kind, count, timeoutMs = 120_000) {
  if (kind === 'origin' && !current.left) await leaveOrigin();
  const c = counter(kind, count);
  const id = `${Date.now()}-${(holds += 1)}`;
  const sendKind = kind === 'foreign' || kind === 'origin' ? 'view' : kind;
  try {
    c.from.postMessage({ bench: 'start', count, kind: sendKind, release: id }, '*');
    // One task boundary, so the start message leaves this process before the main thread is held.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const hold = new XMLHttpRequest();
    hold.open('GET', `/hold?id=${id}`, false);
    hold.send();
    const start = performance.now();
    const queued = c.count();
    const end = await withTimeout(c.done, timeoutMs, `${count} queued ${kind} messages handled`);
    return { ms: end - start, handled: c.count(), handledWhileHeld: queued };
  } catch (error) {
    return { error: String(error), handled: c.count() };
  } finally {
    c.stop();
  }
}

function teardown() {
  current?.teardown();
  current = null;
}

window.bench = { setup, drain, teardown, ready: true };
