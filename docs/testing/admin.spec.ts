// Fault injection for the admin screen: the platform answers a save with 409
// (someone else changed the deployment). The screen must say so and keep
// the user's edit, so that a second save goes through.
import { test, expect } from './fixtures.js';

test('a conflicting save is explained, and the edit survives it', async ({ page, app, platform }) => {
  await page.goto(`${app}/admin`);
  const name = page.locator('platform-admin-panel #field-name');
  await expect(name).toHaveValue('Orders analytics');

  platform.fail({ operation: 'updateDeploymentSettings', status: 409 });
  await name.fill('Orders analytics EU');
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.locator('platform-admin-panel')).toContainText('The settings were changed elsewhere');
  await expect(name).toHaveValue('Orders analytics EU');

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('platform-admin-panel')).toContainText('Settings saved.');
  const saves = platform.requests().filter((r) => r.method === 'PUT');
  expect(saves.map((r) => r.body)).toEqual([{ name: 'Orders analytics EU' }, { name: 'Orders analytics EU' }]);
});
