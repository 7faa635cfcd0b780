import type { Page } from '@playwright/test';
import { startApp } from './accessibility';

/** An address no earlier run has used, so a test finds exactly the rows it sent; `tag` says which test sent it. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The map's host answered with a blank page: nothing in a test may reach the internet. */
export async function stubMapHost(page: Page): Promise<void> {
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Map</title><p>Map</p></html>' }),
  );
}

/** Opens a page as a visitor does, with the map's host stubbed, and lets the app take the page over. */
export async function openAsVisitor(page: Page, path: string): Promise<void> {
  await stubMapHost(page);
  await page.goto(path);
  await startApp(page);
}
