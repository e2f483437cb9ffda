// Leaks: connect/disconnect cycles of <platform-embed>, with and without the
// embed's ready handshake, checked through the DevTools protocol: `message`
// listeners on window, entries in the shared router, pending timers, DOM
// counters and the JS heap after forced GCs.
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

  const run = (count, withReady) => page.evaluate(([n, r]) => window.bench.cycles(n, r), [count, withReady]);
  await run(10, false);
  await run(10, true);
  const warm = await snapshot(page, cdp);

  const left = [];
  left.push(await run(options.cycles, false));
  const afterPlain = await snapshot(page, cdp);
  log(`leaks: ${options.cycles} cycles without ready done`);
  left.push(await run(options.cycles, true));
  const after = await snapshot(page, cdp);
  log(`leaks: ${options.cycles} cycles with ready done`);

  const heapGrowth = after.heapUsedBytes - warm.heapUsedBytes;
  const clean = after.routerEntries === 0
    && after.routerObservers === 0
    && after.messageListeners === initial.messageListeners
    && after.pendingTimers === initial.pendingTimers
    && left.every((n) => n === 0);

  return {
    raw: { cycles: options.cycles, initial, warm, afterPlain, after, heapGrowthBytes: heapGrowth },
    budgets: [
      {
        id: 'leaks-handles',
        measure: `leaks: router entries, window message listeners, timers after ${options.cycles} + ${options.cycles} cycles`,
        value: `${after.routerEntries} / ${after.messageListeners - initial.messageListeners} / ${after.pendingTimers - initial.pendingTimers}`,
        budget: '0 / 0 / 0',
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
