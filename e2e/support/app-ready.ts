import type { Page } from '@playwright/test';

/**
 * Whether React has taken over the prerendered page: the app sets this performance mark once it has hydrated
 * (APP_READY_MARK in src/app/start-app.tsx; the first-tap bench reads it too).
 */
export const appIsUp = (page: Page): Promise<boolean> =>
  page.evaluate(() => performance.getEntriesByName('app-ready', 'mark').length > 0);
