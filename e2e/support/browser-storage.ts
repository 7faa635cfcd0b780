import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * What the site has left on the visitor's device, as the privacy notice states it: "The site sets no cookies ... The
 * one thing it keeps in your browser is how far down you had scrolled on each page you opened ... (session storage)"
 * (src/features/legal/components/privacy-page.tsx; decision 040, session 19). Asked after a journey that used the
 * page's own code (a form sent, a photo rendered and fixed): no cookie, nothing in local storage, no IndexedDB
 * database, no Cache Storage and no service worker, and in session storage the router's scroll positions at most.
 */
export async function expectOnlyScrollPositionsKept(page: Page): Promise<void> {
  // Leaving a page is when the router writes the scroll positions: the journey's last page writes them too.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const kept = await page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker?.getRegistrations())?.length ?? 0,
  }));
  expect(kept).toEqual({
    localStorage: [],
    sessionStorage: kept.sessionStorage.length > 0 ? ['react-router-scroll-positions'] : [],
    indexedDB: [],
    caches: [],
    serviceWorkers: 0,
  });
  expect(await page.context().cookies()).toEqual([]);
}
