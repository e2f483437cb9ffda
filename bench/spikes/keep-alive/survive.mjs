// Does an iframe in a custom element's shadow root survive when the element is
// removed and the iframe is moveBefore()'d to a body-level holder from disconnectedCallback?
import puppeteer from 'puppeteer-core';
import { start } from './server.mjs';
const { server, port } = await start();
for (const name of ['chromium', 'firefox']) {
  const browser = await puppeteer.launch(name === 'firefox'
    ? { browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true }
    : { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/survive.html`);
  console.log(name, await browser.version(), JSON.stringify(await page.evaluate(() => window.run())));
  await browser.close();
}
server.close();
