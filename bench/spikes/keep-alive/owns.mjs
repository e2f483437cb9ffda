// Which light element can own the holder's iframe in Chromium's accessibility tree?
import puppeteer from 'puppeteer-core';
import { start } from './server.mjs';
const { server, port } = await start();
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const owner of ['host', 'scroller']) {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/holder.html?mode=anchor&sentinels&owner=${owner}`);
  await new Promise((r) => setTimeout(r, 800));
  const cdp = await page.createCDPSession();
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const f = nodes.find((n) => n.role?.value === 'Iframe');
  const chain = []; for (let x = f; x; x = byId.get(x.parentId)) chain.unshift(`${x.role?.value}${x.properties?.find((p) => p.name === 'owns') ? '[owns]' : ''}`);
  console.log(owner, chain.join('/'));
  await page.close();
}
await browser.close(); server.close();
