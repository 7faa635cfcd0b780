import { expect, test } from './support/test';
import { openAsVisitor } from './support/visitor';

/**
 * An address typed with capitals ("/Investors", from a flyer or a card) names no file the host has, so it answers
 * with the prerendered 404 page. The page that takes it over agrees (no page drawn over the 404 with a hydration
 * error, as the app's case-blind router did) and offers the page the visitor meant.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('/Investors: the 404 page stays, offers /investors, and its link leads there', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await openAsVisitor(page, '/Investors');

  const meant = page.getByRole('link', { name: '/investors' });
  await expect(meant).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found \| /);
  expect(consoleErrors.filter((text) => text.includes('Hydration'))).toEqual([]);

  await meant.tap();
  await expect(page).toHaveURL(/\/investors$/);
  await expect(page.getByRole('heading', { level: 1, name: /Better Floors/ })).toBeVisible();
});
