import { startApp } from './support/accessibility';
import { expect, test } from './support/test';

test.describe('the app shell', () => {
  test('an unknown path shows the 404 page, logs the path, and links home', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));

    await page.goto('/no/such/page');

    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    // The page is prerendered, so its text shows before the app that logs the path has started.
    await expect.poll(() => consoleErrors.some((text) => text.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page that fails to load shows the router error page with the message', async ({ page }) => {
    await page.goto('/');
    await startApp(page);
    // The realtor page is its own chunk; a deploy that removed it (or a dropped connection) fails its import.
    await page.route(/\/assets\/realtors-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: /realtor/i }).first().click();

    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/dynamically imported module|Importing a module script failed/i);
  });

  test('navigates between the four pages without a full reload', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { spaMarker: boolean }).spaMarker = true));

    for (const [name, path] of [
      [/realtor/i, '/realtors'],
      [/investor/i, '/investors'],
      [/visuali[sz]er|snap/i, '/floor-visualizer'],
    ] as const) {
      await page.goto('/');
      // Once the app is up (before its entry has arrived, a link is a plain link: decision 011).
      await startApp(page);
      await page.evaluate(() => ((window as unknown as { spaMarker: boolean }).spaMarker = true));
      await page.getByRole('link', { name }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { spaMarker?: boolean }).spaMarker)).toBe(true);
    }
  });
});
