// The host page's own behaviour around the embed, driven from the platform's
// side: what the page does when the dashboard reports something, what it
// asks of the dashboard, and how it survives an expired session.
import { test, expect } from './fixtures.js';

// The kit's waits give up after 5 s by default; a loaded CI machine can take
// over 15 s to bring an embed page up, so these wait up to 30 s (a wait ends
// as soon as what it waits for happens).
const slow = { timeout: 30_000 };

test('a drilldown in the dashboard opens the orders drawer', async ({ page, app, platform }) => {
  await page.goto(app);
  const embed = await platform.nextEmbed(slow);
  await expect(page.locator('platform-embed')).toHaveAttribute('ready', '');

  await embed.send('drilldown', { widgetId: 'bar-region', member: 'orders.region', value: 'APAC' });

  await expect(page.getByRole('dialog', { name: 'Orders in APAC' })).toBeVisible();
});

test('the region picker filters the dashboard', async ({ page, app, platform }) => {
  await page.goto(app);
  const embed = await platform.nextEmbed(slow);
  await expect(page.locator('platform-embed')).toHaveAttribute('ready', '');

  await page.getByLabel('Region').selectOption('APAC');

  const filter = await embed.waitForAction('set-filter', slow);
  expect(filter.payload.filterUrlParameter).toContain('APAC');
});

test('an expired session is renewed without the user noticing', async ({ page, app, platform }) => {
  await page.goto(app);
  const embed = await platform.nextEmbed(slow);
  await expect(page.locator('platform-embed')).toHaveAttribute('ready', '');

  await embed.fail('The session has expired.', { context: 'auth' });

  const renewed = await platform.nextEmbed(slow);
  expect(renewed.session).toBe(true);
  await expect(page.locator('platform-embed')).toHaveAttribute('ready', '');
  const mine = platform.sessions().filter((s) => s.externalId === 'ada@example.com');
  expect(mine.slice(-2).map((s) => s.used)).toEqual([true, true]);
});
