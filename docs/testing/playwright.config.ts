// Playwright Test configuration for the examples. CHROMIUM_PATH points at a
// Chromium already on the machine (e.g. /usr/bin/chromium), so nothing is
// downloaded; CHROMIUM_ARGS adds flags, separated by spaces. Without
// CHROMIUM_PATH, Playwright uses the browser `npx playwright install chromium`
// downloaded.
import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH;

export default defineConfig({
  testMatch: '*.spec.ts',
  fullyParallel: true,
  reporter: 'list',
  // Generous for a loaded CI machine, where an embed can take over 15 s to get
  // ready: a passing test takes only as long as it needs.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    browserName: 'chromium',
    ...(executablePath ? { launchOptions: { executablePath, args: process.env.CHROMIUM_ARGS?.split(' ') ?? [] } } : {}),
  },
});
