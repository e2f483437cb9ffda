// Leaks: connect/disconnect cycles of <platform-embed>, with and without the
// embed's ready handshake, and lazy ones (removed while waiting far below the
// visible area, or after loading in view), checked through the DevTools
// protocol and the page: `message` listeners on window, entries in the shared
// router, pending timers, elements waiting for lazy loading and elements
// still observed by an IntersectionObserver, DOM counters and the JS heap
// after forced GCs.
const MB = 1024 * 1024;

async function collectGarbage(cdp) {
  // Several passes: objects freed by one pass (weak maps, finalizers) are
  // collected by the next.
  for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
}

async function windowMessageListeners(cdp) {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window', objectGroup: 'bench-leaks' });
  try {
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
    return listeners.filter((l) => l.type === 'message').length;
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench-leaks' });
  }
}

async function snapshot(page, cdp) {
  await collectGarbage(cdp);
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const inPage = await page.evaluate(() => window.bench.counters());
  return {
    heapUsedBytes: usedSize,
    messageListeners: await windowMessageListeners(cdp),
    routerEntries: inPage.routerEntries,
    routerObservers: inPage.routerObservers,
    pendingTimers: inPage.pendingTimers,
    lazyWaiting: inPage.lazyWaiting,
    observedElements: inPage.observedElements,
    domNodes: dom.nodes,
    jsEventListeners: dom.jsEventListeners,
    documents: dom.documents,
  };
}

/**
 * `initial` is taken before any element connected; `warm` after a few warm-up
 * cycles (Lit's template caches, JIT code), the heap's reference point;
 * `after` after every cycle.
 */
export async function runLeaks({ page, cdp, server, options, log }) {
  await page.goto(`${server.hostOrigin}/pages/leaks.html?tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  const initial = await snapshot(page, cdp);

  const run = (count, mode) => page.evaluate(([n, m]) => window.bench.cycles(n, m), [count, mode]);
  for (const mode of ['plain', 'ready', 'lazy-far', 'lazy-ready']) await run(10, mode);
  const warm = await snapshot(page, cdp);

  const left = [];
  left.push(await run(options.cycles, 'plain'));
  const afterPlain = await snapshot(page, cdp);
  log(`leaks: ${options.cycles} cycles without ready done`);
  left.push(await run(options.cycles, 'ready'));
  const afterReady = await snapshot(page, cdp);
  log(`leaks: ${options.cycles} cycles with ready done`);
  const lazyCycles = Math.max(10, Math.round(options.cycles / 2));
  left.push(await run(lazyCycles, 'lazy-far'));
  left.push(await run(lazyCycles, 'lazy-ready'));
  const after = await snapshot(page, cdp);
  log(`leaks: ${lazyCycles} + ${lazyCycles} lazy cycles done`);

  const heapGrowth = after.heapUsedBytes - warm.heapUsedBytes;
  const clean = after.routerEntries === 0
    && after.lazyWaiting === 0
    && after.observedElements === 0
    && after.routerObservers === 0
    && after.messageListeners === initial.messageListeners
    && after.pendingTimers === initial.pendingTimers
    && left.every((n) => n === 0);

  return {
    raw: { cycles: options.cycles, lazyCycles, initial, warm, afterPlain, afterReady, after, heapGrowthBytes: heapGrowth },
    budgets: [
      {
        id: 'leaks-handles',
        measure: `leaks: router entries, window message listeners, timers, lazy waits, observed elements after ${options.cycles} + ${options.cycles} cycles and ${lazyCycles} + ${lazyCycles} lazy ones`,
        value: `${after.routerEntries} / ${after.messageListeners - initial.messageListeners} / ${after.pendingTimers - initial.pendingTimers} / ${after.lazyWaiting} / ${after.observedElements}`,
        budget: '0 / 0 / 0 / 0 / 0',
        detail: `listeners before any element: ${initial.messageListeners}, after: ${after.messageListeners}`,
        pass: clean,
      },
      {
        id: 'leaks-heap',
        measure: 'leaks: JS heap growth after forced GC',
        value: `${(heapGrowth / MB).toFixed(3)} MB`,
        budget: '≤ 1 MB',
        detail: `${(warm.heapUsedBytes / MB).toFixed(2)} MB → ${(after.heapUsedBytes / MB).toFixed(2)} MB; DOM nodes ${warm.domNodes} → ${after.domNodes}`,
        pass: heapGrowth <= MB,
      },
    ],
  };
}
