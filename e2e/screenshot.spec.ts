import sharp from 'sharp';
import { shootFullPage } from '../scripts/screenshot/shoot-full-page';
import { expect, test } from './support/test';

/**
 * scripts/screenshot.ts is how we look at the site; it used to wait for the network to go idle and timed out
 * on the home page, whose embedded map never lets it (offline, the map's host does not even resolve).
 */
test('the screenshot script shoots the whole home page, images drawn, without waiting for an idle network', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('home.png');
  const { horizontalOverflow } = await shootFullPage(page, '/', file);

  const { width, height } = await sharp(file).metadata();
  expect(width).toBe(page.viewportSize()?.width);
  expect(height).toBe(await page.evaluate(() => document.documentElement.scrollHeight));
  expect(horizontalOverflow).toBe(0);
  const undrawn = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.getClientRects().length > 0 && image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src),
  );
  expect(undrawn).toEqual([]);
});
