import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './support/test';

/**
 * The phone's Back and Forward between the visualizer's steps (session 33, journeys: Back on "Your info" left the
 * page, losing the photo and the name typed), in Chromium at a phone's width against the built site.
 */
const PHOTO = resolve('visualizer-processor/fixtures/images/room-carpet.jpg');
const INFO_HEADING = 'Where should we send your result?';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('at 360 px, Back on the info step keeps the photo chosen, and Forward comes back to the name typed', async ({
  page,
}) => {
  // Came from the home page, as a visitor does: Back must not leave for it.
  await page.goto('/');
  await page.goto('/floor-visualizer');
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'room-carpet.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(PHOTO),
  });
  await expect(page.getByRole('heading', { name: INFO_HEADING })).toBeVisible();
  await page.getByLabel('Name').fill('Dana Whitman');
  if (process.env.VIZ_HISTORY_SHOTS) await page.screenshot({ path: `${process.env.VIZ_HISTORY_SHOTS}/1-info.png` });

  await page.goBack();
  await expect(page).toHaveURL(/\/floor-visualizer$/);
  await expect(page.getByRole('heading', { name: 'Upload a photo of your room' })).toBeVisible();
  await expect(page.getByText('room-carpet.jpg')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with this photo' })).toBeVisible();
  if (process.env.VIZ_HISTORY_SHOTS) await page.screenshot({ path: `${process.env.VIZ_HISTORY_SHOTS}/2-back.png` });

  await page.goForward();
  await expect(page.getByRole('heading', { name: INFO_HEADING })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Dana Whitman');
  await expect(page.getByRole('img', { name: 'Your photo: room-carpet.jpg' })).toBeVisible();

  // A reload starts on the upload step, as the prerendered page does (the photo lives only in the page).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Upload a photo of your room' })).toBeVisible();
  if (process.env.VIZ_HISTORY_SHOTS) await page.screenshot({ path: `${process.env.VIZ_HISTORY_SHOTS}/3-reload.png` });
});
