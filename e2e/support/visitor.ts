import type { Page } from '@playwright/test';
import { ANSWER_DEADLINE_MS } from '../../src/lib/answer-deadline';
import { startApp } from './accessibility';

/**
 * How long a test waits for the answer to a form the visitor sent (its success toast): the page itself waits up to
 * ANSWER_DEADLINE_MS for the insert and as long again for its fallback (insert-with-fallback.ts), and on a loaded
 * runner the insert with its e-mail's outbox row took longer than Playwright's 10 s.
 */
export const FORM_ANSWER = { timeout: 2 * ANSWER_DEADLINE_MS };

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
