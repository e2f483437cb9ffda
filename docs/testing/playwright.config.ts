// Playwright Test configuration for the examples. Our CI runs them with the
// system's Chromium (CHROMIUM_PATH, CHROMIUM_ARGS); without those variables
// Playwright uses the browser it installed.
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
