import type { Page } from '@playwright/test';

/**
 * Whether React has taken over the prerendered page: the app sets this performance mark once it has hydrated
 * (APP_READY_MARK in src/app/start-app.tsx; the first-tap bench reads it too).
 */
export const appIsUp = (page: Page): Promise<boolean> =>
  page.evaluate(() => performance.getEntriesByName('app-ready', 'mark').length > 0);

/**
 * How long a test waits for the app to take the page over (its chunks fetched, parsed and hydrated in Chromium),
 * and for what only the app can show after a tap made before it was up: a hang guard, not a speed check (the
 * first-tap bench times it). Playwright's 10 s default ran out at load ~20 on the 2-core runner.
 */
export const APP_START = { timeout: 30_000 };
