import { resolve } from 'node:path';
import type { Locator } from '@playwright/test';
import { startApp } from './support/accessibility';
import { expect, test } from './support/test';

/**
 * The visualizer on a 360 px touch phone: every button and link a visitor taps on the way to a fixed floor is at
 * least 44 px high (the size a fingertip hits without aiming), from the page's header to the "Fix the floor"
 * panel with a marker placed.
 */
test.use({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });

const ROOM_PHOTO = resolve('visualizer-processor/fixtures/images/room-carpet.jpg');
const MIN_TAP_HEIGHT = 44;

/** The names and heights of the targets in `scope` shorter than a fingertip. */
async function shortTargets(scope: Locator) {
  const targets = scope.locator('a, button, [role="button"]');
  const short: string[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (!box || box.height >= MIN_TAP_HEIGHT - 0.5) continue;
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText()).trim();
    short.push(`${name}: ${Math.round(box.height)} px`);
  }
  return short;
}

test('the visualizer, from the header to the "Fix the floor" panel, has tap targets of at least 44 px', async ({ page }) => {
  await page.goto('/floor-visualizer');
  await startApp(page);
  // The page's own header (inside main, so not a banner landmark): Back to Home and the phone number.
  const header = page.getByRole('main').locator('header');
  await expect(header.getByRole('link')).toHaveCount(2);
  expect(await shortTargets(header)).toEqual([]);
  await page.getByLabel('Choose a photo').setInputFiles(ROOM_PHOTO);
  await page.getByLabel('Name').fill('Tess Tapper');
  await page.getByLabel('Email').fill(`e2e-taps-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Process Image' }).tap();

  const fix = page.getByRole('button', { name: 'Not quite right? Fix the floor' });
  await expect(fix).toBeVisible({ timeout: 60_000 });
  const result = page.getByRole('region', { name: 'Your room with hardwood floors' });
  expect(await shortTargets(result)).toEqual([]);
  await fix.tap();
  const photo = page.getByRole('application', { name: 'Your photo: place markers' });
  // The panel opens where the picture was, above the button, and the page scrolls up to it: a tap on the locator
  // waits for the photo to be still and in view (a tap at coordinates taken mid-scroll lands elsewhere).
  const box = (await photo.boundingBox())!;
  await photo.tap({ position: { x: box.width / 2, y: box.height * 0.85 } });
  await expect(page.getByRole('button', { name: /^Remove marker 1/ })).toBeVisible();

  expect(await shortTargets(result)).toEqual([]);
});
