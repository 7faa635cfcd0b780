import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { appIsUp } from './support/app-ready';
import { expect, test } from './support/test';

/**
 * Issue 24: the first tap on each control does its job, whether it comes before the app is up (the page is
 * still its prerendered HTML; the tap is held, or answered at once, and React takes over) or after. Behaviour
 * only: how fast the answer paints is `npm run bench -- first-tap`'s business.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

type Moment = 'before the app is up' | 'once the app is up';
const MOMENTS: Moment[] = ['before the app is up', 'once the app is up'];

/**
 * Opens `path` and, before the app is up, holds the app's chunk back until the visitor's tap has been made;
 * `tapped()` then lets it through. Once the app is up: waits for it first.
 */
async function open(page: Page, path: string, moment: Moment): Promise<{ tapped(): Promise<void> }> {
  if (moment === 'once the app is up') {
    await page.goto(path);
    await expect.poll(() => appIsUp(page)).toBe(true);
    return { tapped: async () => {} };
  }
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return {
    async tapped() {
      expect(await appIsUp(page), 'the tap came before the app was up').toBe(false);
      release();
    },
  };
}

for (const moment of MOMENTS) {
  test.describe(`tapped ${moment}`, () => {
    test('"Get Free Pro Tips" opens the free-guide dialog', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      await page.getByRole('button', { name: 'Get Free Pro Tips' }).tap();
      await tapped();
      const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('5 Pro Tips to Choose the Right Floors (And Save Money Doing It)')).toBeVisible();
      await expect(dialog.getByLabel('Email address')).toBeVisible();
    });

    test('the menu button opens the menu', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      const menuButton = page.getByRole('button', { name: 'Menu' });
      await menuButton.tap();
      await tapped();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Realtors' })).toBeVisible();
    });

    test('the estimate form sends what was typed and says so', async ({ page, database }) => {
      const email = `e2e-first-tap-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const { tapped } = await open(page, '/', moment);
      const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
      await form.getByLabel('Name').fill('Tapping Visitor');
      await form.getByLabel('Phone').fill('(856) 555-0177');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Tell us about your project').fill('Oak in the hallway.');
      await form.getByRole('button', { name: 'Send My Request' }).tap();
      await tapped();
      await expect(page.getByText("Message received! We'll be in touch soon.")).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');
      await expect.poll(async () => (await database.rowsWhere('contacts', { email })).length).toBe(1);
    });

    test('"Next testimonial" shows the second testimonial', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      const carousel = page.getByRole('region', { name: /testimonial/i }).first();
      await expect(carousel.getByRole('group', { name: /^1 of \d+$/ })).toBeVisible();
      await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
      await tapped();
      await expect(carousel.getByRole('group', { name: /^2 of \d+$/ })).toBeVisible();
    });

    test('an empty partner application is not sent: the fields to fix are listed', async ({ page }) => {
      const { tapped } = await open(page, '/realtors', moment);
      await page.getByRole('button', { name: 'Submit Application' }).tap();
      await tapped();
      await expect(page.getByRole('alert').filter({ hasText: /Please fix \d+ fields before sending your application:/ })).toBeVisible();
      await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
    });

    test('"Choose a photo" opens the file picker, and the chosen photo is shown', async ({ page }) => {
      const { tapped } = await open(page, '/floor-visualizer', moment);
      const picker = page.waitForEvent('filechooser');
      await page.getByText('Choose a photo', { exact: true }).tap();
      const chooser = await picker;
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 120, b: 90 } } })
        .jpeg()
        .toBuffer();
      await chooser.setFiles({ name: 'first-tap-room.jpg', mimeType: 'image/jpeg', buffer: photo });
      await tapped();
      await expect(page.getByRole('img', { name: 'Your photo: first-tap-room.jpg' })).toBeVisible();
    });
  });
}
