// The embed side of the benchmarks. It speaks the spec's envelope to the host
// page, plus bench-only messages that the element ignores (they are not
// `platform-embed` envelopes): `{ bench: 'time-origin' }` and `{ bench: 'sent' }`
// out, `{ bench: 'start' }` and `{ bench: 'report' }` in. A start with `release`
// waits until the host holds its main thread (on a request to the bench
// server), posts the burst, then tells the server to let the host go on.
(() => {
  const surface = 'dashboard';
  const publicId = location.pathname.split('/').pop();
  // The host origin, where the browser tells it; the stand-in only talks to its parent.
  const hostOrigin = location.ancestorOrigins?.[0] ?? '*';

  const envelope = (type, payload) => ({
    source: 'platform-embed',
    direction: 'event',
    type,
    payload,
    timestamp: Date.now(),
    surface,
  });

  const events = {
    view: () => envelope('platform:event:view', { surface, path: location.pathname, publicId, title: 'Bench dashboard' }),
    drilldown: (i) => envelope('platform:event:drilldown', { member: 'orders.count', value: i, widgetId: 'w1' }),
  };

  // The start-up benchmark compares this document's navigation start across variants.
  parent.postMessage({ bench: 'time-origin', timeOrigin: performance.timeOrigin }, hostOrigin);
  parent.postMessage(
    envelope('platform:event:ready', { embedTenant: null, deploymentId: null, mode: 'signed', surface, publicId }),
    hostOrigin,
  );

  // How long the last burst took to post here, to tell a sender-bound run from
  // a host-bound one. Reported on request, after the run, so the host needs no
  // extra listener while it measures.
  let sentMs = null;

  addEventListener('message', async (event) => {
    const data = event.data;
    if (event.source !== parent) return;
    if (data?.bench === 'report') parent.postMessage({ bench: 'sent', ms: sentMs }, hostOrigin);
    if (data?.bench !== 'start') return;
    // With `release`, the burst goes out only once the host's main thread is held.
    if (data.release) await fetch(`/held?id=${encodeURIComponent(data.release)}`);
    const make = events[data.kind] ?? events.view;
    const start = performance.now();
    for (let i = 0; i < data.count; i += 1) parent.postMessage(make(i), hostOrigin);
    sentMs = performance.now() - start;
    // A short pause first, so every message of the burst is queued at the host before it is released.
    if (data.release) setTimeout(() => fetch(`/release?id=${encodeURIComponent(data.release)}`), 100);
  });
})();
