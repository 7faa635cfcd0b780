import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/support/chromium-path';

/**
 * End-to-end tests: a real Chromium against the production build and a real local stack, both started by
 * the global setup on free ports. Run through `npm run test:e2e`, which finds Chromium first (CHROME_PATH).
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROME_PATH, args: CHROMIUM_ARGS },
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
