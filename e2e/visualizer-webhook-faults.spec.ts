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
const PHOTO = { name: 'room-carpet.jpg', mimeType: 'image/jpeg', buffer: readFileSync(resolve('visualizer-processor/fixtures/images/room-carpet.jpg')) };

const lostAnswers: [string, (route: Route) => Promise<void>][] = [
  ['a 502 from the gateway', (route) => route.fulfill({ status: 502, json: { message: 'The local service behind the gateway is not answering' } })],
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

      await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
      const rows = await database.rowsWhere('floor_visualizer_requests', { email });
      expect(rows.map((row) => row.status)).toEqual(['completed']);
    });
  }
});
