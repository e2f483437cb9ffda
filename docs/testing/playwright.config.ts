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
  use: {
    browserName: 'chromium',
    ...(executablePath ? { launchOptions: { executablePath, args: process.env.CHROMIUM_ARGS?.split(' ') ?? [] } } : {}),
  },
});
