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

  // A burst of each kind: what a dashboard's embed sends, with payloads of the
  // size the spec's examples have. `malformed` and `invalid` are rejected by the
  // element (an envelope without a usable timestamp or surface; a known type
  // whose payload breaks its schema); foreign windows and wrong origins send `view`.
  const events = {
    ready: () => envelope('platform:event:ready', { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface, publicId }),
    view: () => envelope('platform:event:view', { surface, path: location.pathname, publicId, title: 'Bench dashboard' }),
    navigate: (i) => envelope('platform:event:navigate', { path: `${location.pathname}/tabs/${i % 4}`, previousPath: location.pathname }),
    'dashboard-loaded': (i) => envelope('platform:event:dashboard-loaded', { publicId, widgetCount: 12, loadDurationMs: 800 + (i % 100) }),
    download: (i) => envelope('platform:event:download', { format: 'csv', target: 'widget', widgetId: `w${i % 12}`, title: 'Orders by month', rowCount: 1_200 }),
    drilldown: (i) => envelope('platform:event:drilldown', { member: 'orders.count', value: i, widgetId: 'w1' }),
    'ai-query': () => envelope('platform:event:ai-query', { query: 'Top 10 customers by revenue this quarter', status: 'completed', chatId: 'chat-1', agentId: 'agent-1' }),
    error: () => envelope('platform:event:error', { message: 'Widget w3 could not load its data', name: 'QueryError', context: 'widget', fatal: false }),
    unknown: (i) => envelope('platform:event:filter-change', { member: 'orders.status', values: ['shipped', 'paid'], widgetId: `w${i % 12}` }),
    malformed: () => ({ ...envelope('platform:event:view', { surface, path: location.pathname }), timestamp: 'now', surface: undefined }),
    invalid: () => envelope('platform:event:view', { surface, title: 'Bench dashboard' }),
  };

  // The start-up benchmark compares this document's navigation start across variants.
  parent.postMessage({ bench: 'time-origin', timeOrigin: performance.timeOrigin, href: location.href }, hostOrigin);
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
    // Another origin's document in this iframe: the wrong-origin case of the host-cost benchmark.
    if (data?.bench === 'goto') location.replace(data.url);
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
