import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { GUIDE_FILE_NAME, GUIDE_TITLE } from '../email-worker/src/guide/guide-content';
import { expect, test } from './support/test';
import { FORM_ANSWER } from './support/visitor';

/**
 * The free guide as a visitor lives it: the modal on the home page, then the e-mail in their inbox (the local
 * mail catcher's web inbox, where the stack's e-mail worker delivered it) with the guide attached as a PDF.
 */
test('the guide asked for in the modal arrives by e-mail with its PDF', async ({ page }) => {
  const email = `e2e-guide-mail-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Free Flooring Guide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Get My Free Guide' }).click();
  await expect(page.getByText('Success! Your free flooring guide is on its way to your inbox!')).toBeVisible(FORM_ANSWER);

  const inboxUrl = process.env.E2E_MAIL_INBOX_URL;
  if (!inboxUrl) throw new Error('E2E_MAIL_INBOX_URL is not set: run the end-to-end tests with npm run test:e2e');
  await page.goto(inboxUrl);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  // The e-mail travels through the queue and the worker; reload the inbox until it is there.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('link', { name: `Your free guide: ${GUIDE_TITLE}` }).click();

  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Your free flooring guide is here' })).toBeVisible();
  // The way out is a link a reader can press, not an address to copy (session 23, decision 040).
  await expect(page.frameLocator('iframe').getByRole('link', { name: 'unsubscribe', exact: true })).toHaveAttribute('href', /\/unsubscribe\?token=[0-9a-f]{64}\./);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: GUIDE_FILE_NAME }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(GUIDE_FILE_NAME);
  const pdf = await PDFDocument.load(await readFile((await download.path())!));
  expect(pdf.getTitle()).toBe(GUIDE_TITLE);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
});
