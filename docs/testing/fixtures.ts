// Playwright fixtures: one mock platform per worker (it starts in a few
// milliseconds and keeps every test's requests apart by time, not by port),
// and a fresh instance of the app under test for each test.
import { test as base } from '@playwright/test';
import { startMockPlatform, type MockPlatform } from 'platform-embed/testing';
import { startHostApp } from './host-app.mjs';

// Free ports by default. MOCK_PORT and APP_PORT name first ports instead (a
// firewall, a container's published ports): worker N takes that port + N, so
// workers running in parallel never share one.
const port = (name: string, worker: number) => (process.env[name] ? Number(process.env[name]) + worker : 0);

export const test = base.extend<{ app: string }, { platform: MockPlatform }>({
  platform: [
    async ({}, use, workerInfo) => {
      const platform = await startMockPlatform({ port: port('MOCK_PORT', workerInfo.parallelIndex) });
      await use(platform);
      await platform.close();
    },
    { scope: 'worker' },
  ],
  app: async ({ platform }, use, testInfo) => {
    const app = await startHostApp({ platformUrl: platform.url, apiKey: platform.apiKey, port: port('APP_PORT', testInfo.parallelIndex) });
    await use(app.url);
    await app.close();
  },
});

export { expect } from '@playwright/test';
