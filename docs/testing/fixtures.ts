// Playwright fixtures: one mock platform per worker (it starts in a few
// milliseconds and keeps every test's requests apart by time, not by port),
// and a fresh instance of the app under test for each test.
import { test as base } from '@playwright/test';
import { startMockPlatform, type MockPlatform } from 'platform-embed/testing';
import { startHostApp } from './host-app.mjs';

export const test = base.extend<{ app: string }, { platform: MockPlatform }>({
  platform: [
    async ({}, use) => {
      const platform = await startMockPlatform();
      await use(platform);
      await platform.close();
    },
    { scope: 'worker' },
  ],
  app: async ({ platform }, use) => {
    const app = await startHostApp({ platformUrl: platform.url, apiKey: platform.apiKey });
    await use(app.url);
    await app.close();
  },
});

export { expect } from '@playwright/test';
