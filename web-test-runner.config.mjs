// Browser tests: `npm test` runs this config once per browser (see
// scripts/test.mjs). TEST_BROWSER picks the browser; coverage is collected in
// Chromium only (Firefox has no coverage API through WebDriver BiDi).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import puppeteer from 'puppeteer-core';
import { browserPath, chromiumArgs } from './scripts/browsers.mjs';
import { countingReporter } from './scripts/counting-reporter.mjs';
import { mockPlatformPlugin } from './scripts/mock-platform-plugin.mjs';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';

const browser = process.env.TEST_BROWSER ?? 'chromium';
const coverage = process.env.TEST_COVERAGE === '1';

function launcher() {
  if (browser === 'firefox') {
    return chromeLauncher({
      puppeteer,
      launchOptions: {
        browser: 'firefox',
        executablePath: browserPath('firefox'),
        headless: true,
      },
    });
  }
  return chromeLauncher({
    launchOptions: {
      executablePath: browserPath('chromium'),
      headless: true,
      args: chromiumArgs,
    },
  });
}

export default {
  files: process.env.TEST_FILES ? process.env.TEST_FILES.split(',') : ['test/**/*.test.ts'],
  // Listen on every interface: the test page runs on http://localhost:PORT and
  // the fixture embed on http://127.0.0.1:PORT, two real origins.
  hostname: 'localhost',
  nodeResolve: { exportConditions: ['development'] },
  browsers: [launcher()],
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: Number(process.env.TESTS_FINISH_TIMEOUT) || 300_000,
  browserStartTimeout: 120_000,
  testFramework: { config: { timeout: 15_000 } },
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2021' }), mockPlatformPlugin(), (await import('./scripts/wtr-model-plugins.mjs')).modelPlugin(), a11ySnapshotPlugin(), ...(await import('./scripts/wtr-framework-plugins.mjs')).frameworkPlugins],
  middleware: [
    ...(await import('./scripts/wtr-hardening-plugins.mjs')).hardeningMiddlewares(),
    ...(await import('./scripts/wtr-takeover-plugins.mjs')).takeoverMiddlewares(),
    (await import('./scripts/wtr-server-plugins.mjs')).serverRenderMiddleware(),
    ...(await import('./scripts/wtr-session-plugins.mjs')).sessionUrlMiddlewares(),
    (await import('./scripts/wtr-model-plugins.mjs')).modelSessionMiddleware(),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countingReporter(`test-results/browser-${browser}.json`)],
  coverage,
  coverageConfig: {
    include: ['src/**/*.ts'],
    exclude: ['node_modules/**', 'test/**'],
    threshold: { statements: 90, branches: 75, functions: 85, lines: 90 },
    reportDir: 'coverage',
    report: true,
  },
};
