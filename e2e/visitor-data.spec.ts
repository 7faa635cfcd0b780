import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { LOCAL_JWT_SECRET, signJwt } from '../local-stack/keys';
import { dataRetention } from '../src/config/data-retention';
import { expectAccessible, startApp, VIEWPORTS } from './support/accessibility';
import { expect, test } from './support/test';

/**
 * A visualizer result's link over its life (issues 26 and 36): the result e-mail's link shows the result, its
 * pictures opened through signed links to a private bucket; once those links have ended, or the retention job has
 * deleted the pictures, it says the result has expired, plainly and accessibly, with no broken image.
 */
const PHOTO = resolve('visualizer-processor/fixtures/images/room-carpet.jpg');

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  await expect.poll(probe, { message: what, timeout: 60_000, intervals: [250] }).toBe(true);
}

/** A request rendered through the real webhook, as the page makes one. */
async function renderedRequest(): Promise<string> {
  const supabaseUrl = process.env.E2E_SUPABASE_URL!;
  const anonKey = process.env.E2E_ANON_KEY!;
  const id = randomUUID();
  const email = `e2e-result-link-${id.slice(0, 8)}@example.com`;
  const insert = await fetch(`${supabaseUrl}/rest/v1/floor_visualizer_requests`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify({ id, customer_name: 'Result Link', email }),
  });
  expect(insert.status).toBe(201);
  const photo = `data:image/jpeg;base64,${readFileSync(PHOTO).toString('base64')}`;
  const webhook = await fetch(`${supabaseUrl}/functions/v1/floor-visualizer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestId: id, name: 'Result Link', email, imageBase64: photo, fileName: 'room.jpg' }),
  });
  expect([200, 202]).toContain(webhook.status);
  await until('the render to complete', async () => {
    // Completed shows the default wood; the other woods follow it (decision 025), and this test rewrites their links.
    const [row] = await sql<{ status: string; styles_coming: string[] }>('select status, styles_coming from public.floor_visualizer_requests where id = $1', [id]);
    return row?.status === 'completed' && row.styles_coming.length === 0;
  });
  return id;
}

/** What the hourly cron does, now: the retention job on the queue, for a request older than the setting. */
async function expireByRetention(id: string): Promise<void> {
  await sql('update public.floor_visualizer_requests set created_at = now() - make_interval(days => $2) where id = $1', [
    id,
    dataRetention.visualizerImagesDays + 1,
  ]);
  await sql(`select graphile_worker.add_job('enforce_retention', '{}'::json, queue_name => 'retention', job_key => 'enforce_retention')`);
  await until('the retention job to delete the images', async () => {
    const [row] = await sql<{ images_deleted_at: Date | null }>('select images_deleted_at from public.floor_visualizer_requests where id = $1', [id]);
    return row?.images_deleted_at != null;
  });
}

test('a result link shows the result, then says it has expired once the retention job deleted the pictures', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const id = await renderedRequest();
  const [row] = await sql<{ original_image_url: string }>('select original_image_url from public.floor_visualizer_requests where id = $1', [id]);

  await page.goto(`/floor-visualizer#result=${id}`);
  await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 20_000 });

  await expireByRetention(id);
  // Storage answers a deleted object's link with 400, "statusCode": "404".
  const gone = await fetch(row!.original_image_url);
  expect([gone.status, ((await gone.json()) as { statusCode: string }).statusCode]).toEqual([400, '404']);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // A fresh load, as when the e-mail's link is opened (the same URL again would only move to its fragment).
    await page.goto('about:blank');
    await page.goto(`/floor-visualizer#result=${id}`);
    const expired = page.getByRole('heading', { name: 'This result has expired' });
    await expect(expired).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`${dataRetention.visualizerImagesDays} days after they are sent`)).toBeVisible();
    // No broken image anywhere: every image on the page has loaded.
    expect(await page.locator('img').evaluateAll((images) => images.filter((image) => !(image as HTMLImageElement).complete || (image as HTMLImageElement).naturalWidth === 0).length)).toBe(0);
    await expectAccessible(page, `expired result at ${viewport.name}`);
    await page.screenshot({ path: testInfo.outputPath(`expired-result-${viewport.width}.png`), fullPage: true });
  }

  await startApp(page);
  await page.getByRole('button', { name: 'Try Another Photo' }).click();
  await expect(page.getByRole('heading', { name: 'Upload a photo of your room' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});

/** The same object's link, signed as Storage signs it but ended a minute ago: what a link is once its time is up. */
function endedLink(link: string): string {
  const url = new URL(link);
  const objectPath = decodeURIComponent(url.pathname.replace('/storage/v1/object/sign/', ''));
  const now = Math.floor(Date.now() / 1000);
  url.searchParams.set('token', signJwt({ url: objectPath, iat: now - 86_400, exp: now - 60 }, LOCAL_JWT_SECRET));
  return url.toString();
}

test('the pictures open by their signed links only, and a link whose time is up shows the expired notice', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const id = await renderedRequest();
  const [row] = await sql<{ original_image_url: string; processed_image_url: string; style_image_urls: Record<string, string> }>(
    'select original_image_url, processed_image_url, style_image_urls from public.floor_visualizer_requests where id = $1',
    [id],
  );

  await page.goto(`/floor-visualizer#result=${id}`);
  await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 20_000 });
  for (const name of ['Your original photo', 'Your room with a new hardwood floor']) {
    const image = page.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/floor-visualizer\/.+\?token=/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  // From the page itself: the same picture by the bucket's public address, or with no token, opens nothing.
  const refused = await page.evaluate(async (link) => {
    const url = new URL(link);
    const publicUrl = `${url.origin}${url.pathname.replace('/object/sign/', '/object/public/')}`;
    return [(await fetch(publicUrl)).status, (await fetch(`${url.origin}${url.pathname}`)).status];
  }, row!.processed_image_url);
  expect(refused).toEqual([400, 400]);

  // The request is now older than the retention period and its links have ended; the hourly job has not run yet.
  const ended = Object.fromEntries(Object.entries(row!.style_image_urls).map(([style, link]) => [style, endedLink(link)]));
  await sql(
    `update public.floor_visualizer_requests set created_at = now() - make_interval(days => $2, mins => 1),
       original_image_url = $3, processed_image_url = $4, style_image_urls = $5 where id = $1`,
    [id, dataRetention.visualizerImagesDays, endedLink(row!.original_image_url), endedLink(row!.processed_image_url), ended],
  );
  const late = await fetch(endedLink(row!.processed_image_url));
  expect([late.status, await late.json()]).toEqual([400, { statusCode: '400', error: 'InvalidJWT', message: 'jwt expired' }]);

  await page.goto('about:blank');
  await page.goto(`/floor-visualizer#result=${id}`);
  await expect(page.getByRole('heading', { name: 'This result has expired' })).toBeVisible({ timeout: 20_000 });
  expect(await page.locator('img').evaluateAll((images) => images.filter((image) => !(image as HTMLImageElement).complete || (image as HTMLImageElement).naturalWidth === 0).length)).toBe(0);
  const [after] = await sql<{ images_deleted_at: Date | null }>('select images_deleted_at from public.floor_visualizer_requests where id = $1', [id]);
  expect(after!.images_deleted_at).toBeNull();
  await page.screenshot({ path: testInfo.outputPath('ended-links.png'), fullPage: true });
});
