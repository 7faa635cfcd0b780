import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { WITHDRAWN_REASON } from '../contracts/visualizer-webhook';
import { expect, test, type Database } from './support/test';

/**
 * The phone's Back and Forward between the visualizer's steps (session 33, journeys: Back on "Your info" left the
 * page, losing the photo and the name typed), in Chromium at a phone's width against the built site.
 */
const PHOTO = resolve('visualizer-processor/fixtures/images/room-carpet.jpg');
const INFO_HEADING = 'Where should we send your result?';
const RESULT_HEADING = 'Your room with hardwood floors';

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

/**
 * Back while the floor is laid, then "Process Image" again (session 34): a second request was made, a second row,
 * render and e-mail, and the first still rendered and e-mailed. The first photo is held on its way (Back stops it),
 * so the row is pending when the visitor comes back: the same details send the photo again under the same request;
 * a name corrected withdraws the first (the processor fails it) and makes one new request (decision 056).
 */
test.describe('at 360 px, "Process Image" after Back while the floor is laid', () => {
  async function backWhileLaying(page: Page, database: Database, email: string, { loseFirstWithdrawal = false } = {}) {
    let first = true;
    let withdrawalLost = !loseFirstWithdrawal;
    await page.route('**/functions/v1/floor-visualizer', async (route) => {
      // The photo goes gzipped; a withdrawal is plain JSON.
      let body: { withdraw?: boolean } | null = null;
      try {
        body = route.request().postDataJSON() as { withdraw?: boolean } | null;
      } catch {
        body = null;
      }
      // The first photo never gets there (held until Back stops it); every later call goes through.
      if (route.request().method() === 'POST' && first && !body?.withdraw) {
        first = false;
        return;
      }
      // The first withdrawal gets no answer, as from a phone that lost its connection as it went.
      if (body?.withdraw && !withdrawalLost) {
        withdrawalLost = true;
        return route.abort('internetdisconnected');
      }
      await route.continue();
    });
    await page.goto('/');
    await page.goto('/floor-visualizer');
    await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
    await page.getByLabel('Name').fill('Dana Whitman');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    // The row is stored beside the photo (a second on, when the browser reports no upload progress).
    await expect.poll(async () => (await database.rowsWhere('floor_visualizer_requests', { email })).length).toBe(1);
    await page.goBack();
    await expect(page.getByRole('heading', { name: INFO_HEADING })).toBeVisible();
    await expect(page.getByText('Back to your details')).toBeVisible();
    if (process.env.VIZ_HISTORY_SHOTS) await page.screenshot({ path: `${process.env.VIZ_HISTORY_SHOTS}/4-back-while-laying.png` });
  }

  test('the same details: the photo goes again under the same request, one row, completed', async ({ page, database }) => {
    const email = `e2e-back-resume-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await backWhileLaying(page, database, email);
    await page.getByRole('button', { name: 'Process Image' }).click();

    await expect(page.getByRole('heading', { name: RESULT_HEADING })).toBeVisible({ timeout: 60_000 });
    const rows = await database.rowsWhere('floor_visualizer_requests', { email });
    expect(rows.map((row) => [row.customer_name, row.status])).toEqual([['Dana Whitman', 'completed']]);
  });

  test('the name corrected: the first request is withdrawn (no result, no e-mail), one new request completes', async ({
    page,
    database,
  }) => {
    const email = `e2e-back-withdraw-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await backWhileLaying(page, database, email);
    await page.getByLabel('Name').fill('Dana Whitmore');
    await page.getByRole('button', { name: 'Process Image' }).click();

    await expect(page.getByRole('heading', { name: RESULT_HEADING })).toBeVisible({ timeout: 60_000 });
    if (process.env.VIZ_HISTORY_SHOTS) await page.screenshot({ path: `${process.env.VIZ_HISTORY_SHOTS}/5-result-after-withdrawal.png` });
    await expect
      .poll(async () => {
        const rows = await database.rowsWhere('floor_visualizer_requests', { email });
        return rows.map((row) => [row.customer_name, row.status, row.failure_reason, row.failure_kind]).sort();
      })
      .toEqual([
        ['Dana Whitman', 'failed', WITHDRAWN_REASON, 'withdrawn'],
        ['Dana Whitmore', 'completed', null, null],
      ]);
  });

  test('the name corrected, its withdrawal lost: sent again once the new photo is answered, the first row withdrawn', async ({
    page,
    database,
  }) => {
    const email = `e2e-back-withdraw-lost-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await backWhileLaying(page, database, email, { loseFirstWithdrawal: true });
    await page.getByLabel('Name').fill('Dana Whitmore');
    await page.getByRole('button', { name: 'Process Image' }).click();

    await expect(page.getByRole('heading', { name: RESULT_HEADING })).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(async () => {
        const rows = await database.rowsWhere('floor_visualizer_requests', { email });
        return rows.map((row) => [row.customer_name, row.status, row.failure_kind]).sort();
      })
      .toEqual([
        ['Dana Whitman', 'failed', 'withdrawn'],
        ['Dana Whitmore', 'completed', null],
      ]);
  });
});
