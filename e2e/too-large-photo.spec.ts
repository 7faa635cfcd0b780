import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './support/test';
import { openAsVisitor } from './support/visitor';

/**
 * A phone photo over the visualizer's 10 MB: the spec's "File too large" toast shows and goes after 6 s, and the
 * upload box still says why the photo was not taken and how to get one under the limit, for the visitor who looked
 * away meanwhile, in view on a phone. A photo within the limit then goes on as usual, and the words go.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const ROOM_PHOTO = resolve('visualizer-processor/fixtures/images/room-carpet.jpg');

test('a photo over 10 MB: after the toast has gone, the upload box still says what to do', async ({ page }) => {
  await openAsVisitor(page, '/floor-visualizer');
  const photo = readFileSync(ROOM_PHOTO);
  // 11 MB: a 48-megapixel phone photo's size.
  const big = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024 - photo.length)]);
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: big });

  const toast = page.getByText('File too large');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 15_000 });

  const upload = page.getByRole('region', { name: 'Upload a photo of your room' });
  const problem = upload.getByRole('alert');
  await expect(problem).toHaveText(/^That photo is 11\.0 MB, over the 10 MB limit\. Please choose a smaller one/);
  await expect(problem).toBeInViewport();
  await expect(page.getByLabel('Choose a photo')).toHaveAccessibleDescription(/over the 10 MB limit/);
  await expect(page.getByRole('navigation', { name: 'Progress' }).locator('[aria-current="step"]')).toContainText(
    'Upload',
  );

  await page.getByLabel('Choose a photo').setInputFiles(ROOM_PHOTO);
  await expect(page.getByRole('button', { name: 'Process Image' })).toBeVisible();
  await expect(page.getByText(/over the 10 MB limit/)).toHaveCount(0);
});

test('a file that is not an image: the words saying so come into view on a phone', async ({ page }) => {
  await openAsVisitor(page, '/floor-visualizer');
  await page
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });

  const problem = page.getByRole('region', { name: 'Upload a photo of your room' }).getByRole('alert');
  await expect(problem).toHaveText(/^That file isn't an image\./);
  await expect(problem).toBeInViewport();
});
