// The holder design: an iframe in a body-level holder positioned over the element.
// Measures (a) the worst rect offset per animation frame during smooth scrolls,
// (b) clipping by a scrolling ancestor, (c) keyboard focus order, (d) the a11y tree.
import puppeteer from 'puppeteer-core';
import { start } from './server.mjs';
const { server, port } = await start();
const which = process.argv[2] ? [process.argv[2]] : ['chromium', 'firefox'];
for (const name of which) {
  const browser = await puppeteer.launch(name === 'firefox'
    ? { browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true }
    : { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const out = { browser: await browser.version() };
  for (const mode of ['anchor', 'listeners']) {
    const page = await browser.newPage();
    await page.setViewport({ width: 800, height: 600 });
    await page.goto(`http://localhost:${port}/holder.html?mode=${mode}`);
    await new Promise((r) => setTimeout(r, 500));
    out[`${mode}:page`] = await page.evaluate(() => window.sample('page'));
    out[`${mode}:scroller`] = await page.evaluate(() => window.sample('scroller'));
    out[`${mode}:clip`] = await page.evaluate(() => window.clipCheck());
    await page.close();
  }
  for (const sentinels of [false, true]) {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${port}/holder.html?mode=anchor${sentinels ? '&sentinels' : ''}`);
    await new Promise((r) => setTimeout(r, 800));
    await page.focus('#before');
    const stops = [];
    const where = async () => {
      const top = await page.evaluate(() => { const a = document.activeElement; return a?.shadowRoot?.activeElement?.id ? `${a.tagName}>${a.shadowRoot.activeElement.id}` : (a?.id || a?.tagName); });
      if (top !== 'f') return top;
      const inner = page.frames().find((f) => f.url().includes('/frame'));
      return `iframe>${await inner.evaluate(() => document.activeElement?.id || document.activeElement?.tagName)}`;
    };
    for (let i = 0; i < 5; i++) { await page.keyboard.press('Tab'); stops.push(await where()); }
    for (let i = 0; i < 5; i++) { await page.keyboard.down('Shift'); await page.keyboard.press('Tab'); await page.keyboard.up('Shift'); stops.push('⇧' + await where()); }
    out[`focus${sentinels ? '+sentinels' : ''}`] = stops.join(' ');
    if (name === 'chromium') {
      const cdp = await page.createCDPSession();
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const byId = new Map(nodes.map((n) => [n.nodeId, n]));
      const path = (n) => { const p = []; for (let x = n; x; x = byId.get(x.parentId)) p.unshift(`${x.role?.value}${x.name?.value ? `(${x.name.value})` : ''}`); return p.join('/'); };
      const iframeNode = nodes.find((n) => n.role?.value === 'Iframe');
      const host = nodes.find((n) => n.backendDOMNodeId && n.role?.value === 'generic' && n.childIds?.length && nodes.some((c) => c.parentId === n.nodeId && c.role?.value === 'Iframe'));
      out[`a11yOwner${sentinels ? '+aria-owns' : ''}`] = host ? 'a generic owns the iframe' : 'no generic parent';
      const order = nodes.filter((n) => ['button', 'Iframe'].includes(n.role?.value)).map((n) => n.name?.value || n.role.value);
      out[`a11y${sentinels ? '+aria-owns' : ''}`] = { iframePath: iframeNode && path(iframeNode), order: order.join(',') };
    } else {
      const snap = await page.accessibility.snapshot({ interestingOnly: false }).catch((e) => String(e));
      const flat = []; const walk = (n, d) => { if (!n) return; if (['button', 'iframe', 'document'].includes(n.role) || n.name) flat.push(`${n.role}:${n.name ?? ''}`); for (const c of n.children ?? []) walk(c, d + 1); };
      typeof snap === 'object' ? walk(snap, 0) : flat.push(snap);
      out[`a11y${sentinels ? '+aria-owns' : ''}`] = flat.join(',').slice(0, 300);
    }
    await page.close();
  }
  console.log(JSON.stringify(out, null, 1));
  await browser.close();
}
server.close();
