import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Route } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * Issue 27: the webhook's answer is lost while the render goes on (the processor restarting under the gateway
 * answers 502; a connection can drop after the photo was sent). The real processor takes the photo and
 * renders it; the page is handed the lost answer instead of the processor's, and must follow the row to the
 * result rather than show an error for a render that completes.
 */
const PHOTO = {
  name: 'room-carpet.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(resolve('visualizer-processor/fixtures/images/room-carpet.jpg')),
};

const lostAnswers: [string, (route: Route) => Promise<void>][] = [
  [
    'a 502 from the gateway',
    (route) =>
      route.fulfill({ status: 502, json: { message: 'The local service behind the gateway is not answering' } }),
  ],
  ['a connection dropped after the photo was sent', (route) => route.abort('connectionreset')],
];

test.describe('Snap & See Wood when the webhook answer is lost', () => {
  for (const [what, loseAnswer] of lostAnswers) {
    test(`${what}: the page follows the row to the result, with no error`, async ({ page, database }) => {
      const email = `e2e-lost-answer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await page.route('**/functions/v1/floor-visualizer', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await route.fetch(); // the processor has the photo and has queued its render
        await loseAnswer(route);
      });
      await page.goto('/floor-visualizer');
      await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
      await page.getByLabel('Name').fill('Robin Lost');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Process Image' }).click();

      await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
      const rows = await database.rowsWhere('floor_visualizer_requests', { email });
      expect(rows.map((row) => row.status)).toEqual(['completed']);
    });
  }
});

/**
 * A processor killed after the photo reached it, before it stored it (decision 016, item 23): the gateway answers 502
 * and nothing of the photo is kept, so the row stays pending. The page said "Photo sent. Your render starts in a
 * moment." for the spec's 30 reads (5 minutes), then timed out. It holds the photo, so it sends it again.
 */
test.describe('Snap & See Wood when the processor dies before it stores the photo', () => {
  test('the page sends the photo again under the same request, and shows the result', async ({ page, database }) => {
    const email = `e2e-lost-photo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const sentIds: string[] = [];
    await page.route('**/functions/v1/floor-visualizer', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sentIds.push(route.request().headers()['x-visualizer-request'] ?? '');
      // The first photo is lost with its processor: the processor never sees it.
      if (sentIds.length === 1)
        return route.fulfill({
          status: 502,
          json: { message: 'The local service behind the gateway is not answering' },
        });
      return route.continue();
    });
    await page.goto('/floor-visualizer');
    await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
    await page.getByLabel('Name').fill('Robin Resent');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();

    // Within 60 s, where following the pending row took 5 minutes.
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
    expect(sentIds).toHaveLength(2);
    expect(sentIds[1]).toBe(sentIds[0]);
    const rows = await database.rowsWhere('floor_visualizer_requests', { email });
    expect(rows.map((row) => [row.id, row.status])).toEqual([[sentIds[0], 'completed']]);
  });
});

/**
 * Every send lost (decision 016, items 23 and 26: a processor down for more than about 17 s): the spec's error, back to
 * the details. The next "Process Image" made a second row beside the first, which stayed pending for the hour's sweep
 * and then e-mailed staff of a failed request. It now resumes the first: one row, one render.
 */
test.describe('Snap & See Wood when every send of the photo is lost', () => {
  test('"Process Image" after the error sends the photo again under the same request: one row, completed', async ({
    page,
    database,
  }) => {
    // Four sends and the pauses between them (about 17 s), then a render.
    test.setTimeout(150_000);
    const email = `e2e-every-send-lost-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const sentIds: string[] = [];
    await page.route('**/functions/v1/floor-visualizer', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sentIds.push(route.request().headers()['x-visualizer-request'] ?? '');
      // The first send and the three made again reach no processor.
      if (sentIds.length <= 4)
        return route.fulfill({ status: 502, json: { message: 'The local service behind the gateway is not answering' } });
      return route.continue();
    });
    await page.goto('/floor-visualizer');
    await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
    await page.getByLabel('Name').fill('Robin Lost Four Times');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();

    await expect(page.getByText('Failed to process your image. Please try again.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Where should we send your result?' })).toBeVisible();
    if (process.env.VIZ_FAULTS_SHOTS) await page.screenshot({ path: `${process.env.VIZ_FAULTS_SHOTS}/every-send-lost.png` });
    expect(sentIds).toHaveLength(4);

    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 60_000 });
    expect(new Set(sentIds)).toEqual(new Set([sentIds[0]]));
    const rows = await database.rowsWhere('floor_visualizer_requests', { email });
    expect(rows.map((row) => [row.id, row.status])).toEqual([[sentIds[0], 'completed']]);
  });
});

/**
 * The processor down or stopped (review, session 18): none of the photo goes out, and the row stays pending. The page
 * waited for the answer's deadline (about a minute and a half), then followed the row for the spec's 30 reads (5
 * minutes) before "Try again". Chromium reports no upload progress for these calls, intercepted or not.
 */
test.describe('Snap & See Wood when the webhook cannot be reached', () => {
  test('a refused connection: the page says at once that the photo was not sent, and "Try again" sends it', async ({
    page,
    database,
  }) => {
    const email = `e2e-refused-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const refuse = (route: Route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue();
    await page.route('**/functions/v1/floor-visualizer', refuse);
    await page.goto('/floor-visualizer');
    await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
    await page.getByLabel('Name').fill('Robin Refused');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();

    // Told after one read of the row: within the assertion's wait (10 s), where the answer's deadline is over 60 s.
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't send your photo" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('your photo was not sent and nothing will be rendered from it');
    // The row is inserted once the photo moves, or a second after the click (decision 025, session 20): a photo refused
    // at once gets none, one refused later a row left pending (the processor never had the photo).
    const before = (await database.rowsWhere('floor_visualizer_requests', { email })).map((row) => row.status);
    expect(before.length <= 1 && before.every((status) => status === 'pending')).toBe(true);

    await page.unroute('**/functions/v1/floor-visualizer', refuse);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });
    const statuses = (await database.rowsWhere('floor_visualizer_requests', { email })).map((row) => row.status);
    expect(statuses.sort()).toEqual(['completed', ...before]);
  });

  test('a connection never answered (a stopped processor): the page says the photo was not sent after 20 s, not after the deadline', async ({
    page,
    database,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-unanswered-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    // Held for ever, as a stopped processor's host holds the connection and its preflight.
    await page.route('**/functions/v1/floor-visualizer', (route) =>
      route.request().method() === 'POST' ? new Promise<void>(() => undefined) : route.continue(),
    );
    await page.goto('/floor-visualizer');
    await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
    await page.getByLabel('Name').fill('Robin Unanswered');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();

    await expect(page.getByRole('status')).toContainText('Sending your photo to our visualizer.');
    // UPLOAD_STALL_MS (20 s), then one read of the row; the answer's deadline is over 60 s.
    await expect(page.getByRole('alert').filter({ hasText: "We couldn't send your photo" })).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose another photo' })).toBeVisible();
    expect((await database.rowsWhere('floor_visualizer_requests', { email })).map((row) => row.status)).toEqual([
      'pending',
    ]);
  });
});
