import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { RENDERED_ROOMS } from '../visualizer-processor/evaluation/rendered/rendered-room-scenes';
import { renderRoomScene } from '../visualizer-processor/evaluation/rendered/room-ray-tracer';
import { expectAccessible } from './support/accessibility';
import { expectOnlyScrollPositionsKept } from './support/browser-storage';
import { LATE_WOODS_TEST_DOMAIN } from './support/late-woods';
import { expect, test } from './support/test';
import { uniqueEmail } from './support/visitor';

/**
 * Snap & See Wood (issue 5) in Chromium against the built site, the real stack and the real processor: a room
 * photo goes in, both images come back, and the row is completed with both URLs readable.
 */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const FIXTURE = resolve('visualizer-processor/fixtures/images/room-carpet.jpg');
/**
 * What the page says once a fix came back. These tests' tap (the bottom middle, already floor) leaves room-carpet's
 * floor as it was (0.2384 of the photo either way, npm run floor-mask), so the page says the markers barely changed it
 * (result-step.tsx's fixOutcome); with another photo, or an engine whose floor the tap changes, it says they were used.
 */
const FIX_RENDERED = /^Your floor was re-rendered(, but your markers barely changed it\.| with your markers\.)/;

/** The processor engineer's room fixture; a small generated room-like JPEG if that is not there. */
async function roomPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  if (existsSync(FIXTURE)) return { name: 'room-carpet.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FIXTURE) };
  const wall = { r: 226, g: 218, b: 204 };
  const floor = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640"><rect width="960" height="380" fill="rgb(226,218,204)"/>` +
      `<polygon points="0,640 960,640 760,380 200,380" fill="rgb(120,118,112)"/></svg>`,
  );
  const buffer = await sharp({ create: { width: 960, height: 640, channels: 3, background: wall } })
    .composite([{ input: floor }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: 'generated-room.jpg', mimeType: 'image/jpeg', buffer };
}

function currentStep(page: Page) {
  return page.getByRole('navigation', { name: 'Progress' }).locator('[aria-current="step"]');
}

async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Choose a photo').setInputFiles(file);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('Snap & See Wood', () => {
  test('a room photo goes in, the hardwood result comes back, and the row is completed with both images readable', async ({
    page,
    database,
    request,
  }) => {
    const email = uniqueEmail('journey');
    await page.goto('/floor-visualizer');
    await expect(page.getByRole('heading', { level: 1, name: 'Snap & See Wood' })).toBeVisible();
    await expect(page).toHaveTitle(/Snap & See Wood/);
    await expect(currentStep(page)).toContainText('Upload');
    await expect(page.getByText('Supported formats: JPG, PNG, WEBP (Max 10MB)')).toBeVisible();

    const photo = await roomPhoto();
    await choosePhoto(page, photo);
    await expect(currentStep(page)).toContainText('Your info');
    const preview = page.getByRole('img', { name: `Your photo: ${photo.name}` });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const processButton = page.getByRole('button', { name: 'Process Image' });
    await expect(processButton).toBeDisabled();
    await page.getByLabel('Name').fill('Erin Castellano');
    await page.getByLabel('Email').fill(email);
    const photoInAt = Date.now();
    await processButton.click();

    await expect(currentStep(page)).toContainText(/Processing|Result/);
    await expect(page.getByText('Processing started')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 45_000,
    });
    test.info().annotations.push({ type: 'photo in to result shown', description: `${Date.now() - photoInAt} ms` });
    await expect(currentStep(page)).toContainText('Result');

    // Both images are shown, and really decoded (not broken links).
    const original = page.getByRole('img', { name: 'Your original photo' });
    const processed = page.getByRole('img', { name: 'Your room with a new hardwood floor' });
    for (const image of [original, processed]) {
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }

    // The row: completed, with both URLs, and the page shows exactly those.
    const rows = await database.rowsWhere('floor_visualizer_requests', { email });
    expect(rows).toHaveLength(1);
    type Copies = { webp: { url: string }[]; jpeg: { url: string } };
    const row = rows[0] as {
      status: string;
      customer_name: string;
      original_image_url: string;
      processed_image_url: string;
      image_renditions: Record<string, Copies>;
    };
    expect(row.status).toBe('completed');
    expect(row.customer_name).toBe('Erin Castellano');
    // The page shows the web-sized copies the row names (issue 35), in WebP: never the full pictures, which stay
    // the row's URLs and the download. The local stack's Storage answers with Timing-Allow-Origin (hosted Storage does
    // not: decision 022), so their sizes are visible here.
    const webpCopies = row.image_renditions['natural-white-oak']!.webp.map((copy) => copy.url);
    await expect(processed).toHaveAttribute('src', row.image_renditions['natural-white-oak']!.jpeg.url);
    expect(webpCopies).toContain(await processed.evaluate((img: HTMLImageElement) => img.currentSrc));
    // The "before" is the page's own copy of the photo, the one it sent (decision 025, session 25): the processor's
    // copies of the same pixels are not downloaded beside the new floor. Its size is the stored original's.
    await expect(original).toHaveAttribute('src', /^blob:/);
    const storedOriginal = await sharp(await (await request.get(row.original_image_url)).body()).metadata();
    expect(await original.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      storedOriginal.width,
      storedOriginal.height,
    ]);
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: entry.name, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
    );
    const pictures = fetched.filter((entry) => entry.name.includes('/storage/v1/object/sign/'));
    expect(pictures.map((entry) => entry.name)).not.toContain(row.processed_image_url);
    expect(pictures.map((entry) => entry.name)).not.toContain(row.original_image_url);
    const originalCopies = [...row.image_renditions.original!.webp, row.image_renditions.original!.jpeg].map(
      (copy) => copy.url,
    );
    expect(pictures.map((entry) => entry.name).filter((name) => originalCopies.includes(name))).toEqual([]);
    for (const picture of pictures) expect(picture.bytes, picture.name).toBeGreaterThan(0);
    for (const url of [row.original_image_url, row.processed_image_url]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toMatch(/^image\//);
      const metadata = await sharp(await response.body()).metadata();
      expect(metadata.width, url).toBeGreaterThan(0);
    }
    // The download saves the result file (the images live on the storage origin, where `download` alone is ignored).
    const downloadLink = page.getByRole('link', { name: 'Download result' });
    await expect(downloadLink).toHaveAttribute('href', row.processed_image_url);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^hardwood-.+\.(jpe?g|png|webp)$/);
    const saved = await download.path();
    expect((await sharp(saved).metadata()).width).toBeGreaterThan(0);

    // The before/after slider works from the keyboard.
    const slider = page.getByRole('slider', { name: 'Before and after comparison' });
    await slider.focus();
    await expect(slider).toHaveValue('50');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('51');
    await page.keyboard.press('Home');
    await expect(slider).toHaveValue('0');
    await expect(slider).toHaveAttribute('aria-valuetext', '0% original photo, 100% new hardwood floor');

    // Try Another Photo: back to an empty upload step.
    await page.getByRole('button', { name: 'Try Another Photo' }).click();
    await expect(currentStep(page)).toContainText('Upload');
    await choosePhoto(page, photo);
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
  });

  test('five woods from one upload, then "Fix the floor" with one tap: the new render is shown in the chosen wood', async ({
    page,
    database,
    request,
  }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('fix-floor');
    await page.goto('/floor-visualizer');
    await choosePhoto(page, await roomPhoto());
    await page.getByLabel('Name').fill('Morgan Hale');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });
    // The default wood comes first; the other four follow it one by one, named as still coming until they are there
    // (decision 049: walnut may come before the last of them).
    await expect(page.getByRole('radio', { name: 'Walnut' })).toBeEnabled({ timeout: 60_000 });
    await expect(page.getByRole('radio', { name: /still coming/ })).toHaveCount(0, { timeout: 60_000 });

    const [first] = (await database.rowsWhere('floor_visualizer_requests', { email })) as {
      id: string;
      style_image_urls: Record<string, string>;
      image_renditions: Record<string, { webp: { url: string }[]; jpeg: { url: string } }>;
      floor_mask_url: string;
    }[];
    expect(Object.keys(first!.style_image_urls).sort()).toEqual([
      'grey-washed-oak',
      'hickory',
      'honey-oak',
      'natural-white-oak',
      'walnut',
    ]);

    // Switching is instant: every wood's picture, at the size the page shows it, was fetched once the first had arrived.
    const walnut = first!.style_image_urls.walnut!;
    const walnutCopies = first!.image_renditions.walnut!.webp.map((copy) => copy.url);
    await expect
      .poll(() =>
        page.evaluate((urls) => urls.some((url) => performance.getEntriesByName(url).length > 0), walnutCopies),
      )
      .toBe(true);
    await page.getByRole('radio', { name: 'Walnut' }).check();
    const after = page.getByRole('img', { name: 'Your room with a new hardwood floor' });
    await expect(after).toHaveAttribute('src', first!.image_renditions.walnut!.jpeg.url);
    expect(walnutCopies).toContain(await after.evaluate((img: HTMLImageElement) => img.currentSrc));
    await expect
      .poll(() => after.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Download result' })).toHaveAttribute('href', walnut);
    // The wood picked is recorded on the visitor's own request, for the e-mails to show (decision 046).
    const woodOf = async () =>
      (
        (await database.rowsWhere('floor_visualizer_requests', { email })) as {
          wood_style: string | null;
          wood_settled_at: string | null;
        }[]
      )[0]!;
    await expect.poll(async () => (await woodOf()).wood_style).toBe('walnut');

    // The floor outline comes from the mask stored beside the render.
    const mask = await request.get(first!.floor_mask_url);
    expect([mask.status(), mask.headers()['content-type']]).toEqual([200, 'image/png']);
    await page.getByRole('button', { name: 'Not quite right? Fix the floor' }).click();
    await expect(page.getByRole('heading', { name: 'Fix the floor' })).toBeFocused();
    await expect(page.getByText('The gold line shows the floor we found.', { exact: false })).toBeVisible();

    // One tap: the bottom middle of the photo is wood.
    const photo = page.getByRole('application', { name: 'Your photo: place markers' });
    // At most 70 % of the window's height, as the slider: at the panel's full width the photo ran past the screen.
    const windowHeight = page.viewportSize()!.height;
    await expect.poll(async () => (await photo.boundingBox())!.height).toBeLessThanOrEqual(windowHeight * 0.7 + 1);
    const box = (await photo.boundingBox())!;
    await photo.click({ position: { x: box.width / 2, y: box.height * 0.9 } });
    await expect(page.getByRole('listitem').filter({ hasText: '1. Wood here' })).toBeVisible();
    await page.getByRole('button', { name: 'Re-render my floor' }).click();
    await expect(page.getByText('Re-rendering your floor with your markers...')).toBeVisible();

    await expect(page.getByText(FIX_RENDERED)).toBeVisible({ timeout: 60_000 });
    const [second] = (await database.rowsWhere('floor_visualizer_requests', { email })) as {
      render_number: number;
      style_image_urls: Record<string, string>;
      image_renditions: Record<string, { webp: { url: string }[]; jpeg: { url: string } }>;
      floor_mask_url: string;
    }[];
    expect(second!.render_number).toBe(2);
    // The re-render's files are new, and so are their signed links (decision 022).
    expect(second!.style_image_urls.walnut).toMatch(/\/render-2\/walnut\.jpg\?token=/);
    expect(second!.floor_mask_url).toMatch(/\/render-2\/floor-mask\.png\?token=/);
    expect(second!.image_renditions.walnut!.jpeg.url).toMatch(/\/render-2\/walnut-\d+w\.jpg\?token=/);
    expect(second!.image_renditions.original).toEqual(first!.image_renditions.original);
    await expect(after).toHaveAttribute('src', second!.image_renditions.walnut!.jpeg.url);
    await expect(page.getByRole('link', { name: 'Download result' })).toHaveAttribute(
      'href',
      second!.style_image_urls.walnut!,
    );
    await expect
      .poll(() => after.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByText('You can fix this photo 4 more times.')).toBeVisible();
    // The new picture is focused, so on screen: the Fix button the focus used to go back to lies below the woods.
    await expect(page.getByRole('slider', { name: 'Before and after comparison' })).toBeFocused();
    await expect(page.getByRole('slider', { name: 'Before and after comparison' })).toBeInViewport();
    // Leaving the result step says the choice is final: the e-mails about it go now, in walnut.
    expect((await woodOf()).wood_settled_at).toBeNull();
    await page.getByRole('button', { name: 'Try Another Photo' }).click();
    await expect.poll(async () => (await woodOf()).wood_settled_at).not.toBeNull();
    expect((await woodOf()).wood_style).toBe('walnut');
    // The privacy notice's "what it keeps in your browser", after the page's whole journey. Last: the pagehide it
    // sends is a leaving too, which settled the wood before 'Try Another Photo' could (a race the test lost at times).
    await expectOnlyScrollPositionsKept(page);
  });

  test('leaving the result by "Back to Home" settles the wood and sends the e-mail at once (decision 046); its link reopens the result, its title focused without a box', async ({
    page,
    database,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('leave-home');
    await page.goto('/floor-visualizer');
    await choosePhoto(page, await roomPhoto());
    await page.getByLabel('Name').fill('Robin Leaves');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('radio', { name: 'Hickory' })).toBeEnabled({ timeout: 60_000 });
    await page.getByRole('radio', { name: 'Hickory' }).check();
    const woodOf = async () =>
      (
        (await database.rowsWhere('floor_visualizer_requests', { email })) as {
          wood_style: string | null;
          wood_settled_at: string | null;
        }[]
      )[0]!;
    await expect.poll(async () => (await woodOf()).wood_style).toBe('hickory');
    expect((await woodOf()).wood_settled_at).toBeNull();
    const resultLink = page.url();

    // Another page of the site: no pagehide, the router tells it.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Floors. Neighborly Service.' })).toBeVisible();
    await expect.poll(async () => (await woodOf()).wood_settled_at).not.toBeNull();
    expect((await woodOf()).wood_style).toBe('hickory');
    // The e-mail comes well inside the 3 minutes it waits for a visitor who stays.
    const inboxUrl = process.env.E2E_MAIL_INBOX_URL;
    if (!inboxUrl) throw new Error('E2E_MAIL_INBOX_URL is not set: run the end-to-end tests with npm run test:e2e');
    await page.goto(inboxUrl);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // The result link reopened (as from the e-mail, before any tap): the result's title takes the focus without a box
    // drawn round it.
    await page.goto(resultLink);
    const title = page.getByRole('heading', { name: 'Your room with hardwood floors' });
    await expect(title).toBeFocused({ timeout: 30_000 });
    expect(await title.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
  });

  test('woods that come after the row said they were not made: the page says "not made in time", then "The other woods are ready.", and they can be picked', async ({
    page,
    database,
  }) => {
    test.setTimeout(150_000);
    // The stack says this domain's later woods were not made as soon as the default is shown, as the processor's 90 s
    // bound does for a slow render, and adds them to the row when laid (support/late-woods.ts).
    const email = uniqueEmail('late-woods').replace(/@example\.com$/, `@${LATE_WOODS_TEST_DOMAIN}`);
    await page.goto('/floor-visualizer');
    await choosePhoto(page, await roomPhoto());
    await page.getByLabel('Name').fill('Morgan Late');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });

    const woodsLine = page.getByRole('group', { name: 'Wood style' }).getByRole('status');
    await expect(woodsLine).toHaveText("We couldn't make the other woods in time. The one shown is ready.");
    await expect(page.getByRole('radio', { name: 'Walnut (not made in time)' })).toBeDisabled();

    // Their work went on and added them to the row; the page, which read "not made", reads again every 15 s.
    type Row = {
      style_image_urls: Record<string, string>;
      image_renditions: Record<string, { jpeg: { url: string } }>;
    };
    const row = async () => ((await database.rowsWhere('floor_visualizer_requests', { email })) as Row[])[0]!;
    await expect.poll(async () => Object.keys((await row()).style_image_urls).length, { timeout: 60_000 }).toBe(5);
    await expect(woodsLine).toHaveText('The other woods are ready.', { timeout: 40_000 });
    await expect(page.getByRole('radio', { name: /not made in time/ })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Walnut' }).check();
    const after = page.getByRole('img', { name: 'Your room with a new hardwood floor' });
    await expect(after).toHaveAttribute('src', (await row()).image_renditions.walnut!.jpeg.url);
    await expect
      .poll(() => after.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('a portrait photo at 1280 px: after a fix the new picture is focused and on screen whole', async ({ page }) => {
    test.setTimeout(150_000);
    // The room photo's middle, cut to a portrait's shape: at the page's full width it is far taller than the window.
    const room = await roomPhoto();
    const { width = 0, height = 0 } = await sharp(room.buffer).metadata();
    const portraitWidth = Math.round(height * 0.6);
    const buffer = await sharp(room.buffer)
      .extract({ left: Math.round((width - portraitWidth) / 2), top: 0, width: portraitWidth, height })
      .jpeg({ quality: 90 })
      .toBuffer();
    await page.goto('/floor-visualizer');
    await choosePhoto(page, { name: 'room-portrait.jpg', mimeType: 'image/jpeg', buffer });
    await page.getByLabel('Name').fill('Jordan Tall');
    await page.getByLabel('Email').fill(uniqueEmail('portrait-fix'));
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('radio', { name: /still coming/ })).toHaveCount(0, { timeout: 60_000 });

    await page.getByRole('button', { name: 'Not quite right? Fix the floor' }).click();
    const photo = page.getByRole('application', { name: 'Your photo: place markers' });
    await expect
      .poll(async () => (await photo.boundingBox())!.height)
      .toBeLessThanOrEqual(page.viewportSize()!.height * 0.7 + 1);
    const box = (await photo.boundingBox())!;
    await photo.click({ position: { x: box.width / 2, y: box.height * 0.9 } });
    await page.getByRole('button', { name: 'Re-render my floor' }).click();
    await expect(page.getByText(FIX_RENDERED)).toBeVisible({ timeout: 60_000 });
    const slider = page.getByRole('slider', { name: 'Before and after comparison' });
    await expect(slider).toBeFocused();
    await expect
      .poll(async () =>
        page
          .getByRole('img', { name: 'Your room with a new hardwood floor' })
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    await expect(slider).toBeInViewport({ ratio: 1 });
  });

  test('a room with an area rug: "Keep my rugs" by default; "Replace carpet and rugs too" is the next render, laid over the rug, in the wood chosen', async ({
    page,
    database,
  }, testInfo) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('rugs');
    // A rendered living room whose rug the network sees as rug (the engine's own test room).
    const room = renderRoomScene(RENDERED_ROOMS.find((item) => item.id === 'rendered-living-rug')!.scene);
    const buffer = await sharp(room.rgb, { raw: { width: room.width, height: room.height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await page.goto('/floor-visualizer');
    await choosePhoto(page, { name: 'living-room-rug.jpg', mimeType: 'image/jpeg', buffer });
    await page.getByLabel('Name').fill('Robin Carpet');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });

    const rugs = page.getByRole('group', { name: 'Rugs and carpet' });
    await expect(rugs.getByRole('radio', { name: 'Keep my rugs' })).toBeChecked();
    await page.getByRole('radio', { name: 'Walnut' }).check();
    await page.screenshot({ path: testInfo.outputPath('rugs-kept-1280.png'), fullPage: true });

    // What takes the focus in the choice from here on: once the render came, nothing should (the picture has it; a
    // second focus on the choice scrolled the picture away again).
    await rugs.evaluate((group) => {
      const seen: string[] = [];
      (window as unknown as { focusedInRugChoice: string[] }).focusedInRugChoice = seen;
      group.addEventListener('focusin', (event) =>
        seen.push((event.target as HTMLElement).closest('label')?.textContent ?? ''),
      );
    });
    await rugs.getByRole('radio', { name: 'Replace carpet and rugs too' }).check();
    await expect(page.getByText('Your floor was re-rendered with the carpet and rugs replaced by wood.')).toBeVisible({
      timeout: 60_000,
    });
    const [row] = (await database.rowsWhere('floor_visualizer_requests', { email })) as {
      render_number: number;
      rug_choice: string;
      style_image_urls: Record<string, string>;
      image_renditions: Record<string, { jpeg: { url: string } }>;
    }[];
    expect([row!.render_number, row!.rug_choice]).toEqual([2, 'replace']);
    const after = page.getByRole('img', { name: 'Your room with a new hardwood floor' });
    await expect(after).toHaveAttribute('src', row!.image_renditions.walnut!.jpeg.url);
    await expect
      .poll(() => after.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Download result' })).toHaveAttribute(
      'href',
      row!.style_image_urls.walnut!,
    );
    await expect(rugs.getByRole('radio', { name: 'Replace carpet and rugs too' })).toBeChecked();
    // The new picture is focused (the choice, disabled while it rendered, had let the focus fall to the page's start).
    await expect(page.getByRole('slider', { name: 'Before and after comparison' })).toBeFocused();
    // The click's own focus only.
    expect(
      await page.evaluate(() => (window as unknown as { focusedInRugChoice: string[] }).focusedInRugChoice),
    ).toEqual(['Replace carpet and rugs too']);
    await page.screenshot({ path: testInfo.outputPath('rugs-replaced-1280.png'), fullPage: true });
    await expectAccessible(page, 'result: rug choice made');

    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
    await rugs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('rugs-replaced-360.png') });
  });

  test('after a reload the result comes back without its token: no one fixes a floor from an image link', async ({
    page,
    request,
    database,
  }) => {
    const email = uniqueEmail('no-token');
    await page.goto('/floor-visualizer');
    await choosePhoto(page, await roomPhoto());
    await page.getByLabel('Name').fill('Casey Brandt');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('button', { name: 'Not quite right? Fix the floor' })).toBeVisible({ timeout: 60_000 });
    const [row] = (await database.rowsWhere('floor_visualizer_requests', { email })) as {
      id: string;
      processed_image_url: string;
    }[];

    // Someone holding the image link (and so the id) but not the token is refused by the webhook.
    const guess = await request.post(`${process.env.E2E_SUPABASE_URL}/functions/v1/floor-visualizer`, {
      data: { requestId: row!.id, correctionToken: 'A'.repeat(43), taps: [{ x: 0.5, y: 0.9, floor: true }] },
      failOnStatusCode: false,
    });
    expect(guess.status()).toBe(409);

    // The address names the request, as the result e-mail's link does: a reload shows the same result again.
    expect(new URL(page.url()).hash).toBe(`#result=${row!.id}`);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible();
    await expect(currentStep(page)).toContainText('Result');
    await expect(page.getByRole('button', { name: /Fix the floor/ })).toHaveCount(0);
  });

  test("'Get Free Quote' lands on the home page's estimate form", async ({ page }) => {
    await page.goto('/floor-visualizer');
    await choosePhoto(page, await roomPhoto());
    await page.getByLabel('Name').fill('Sam Ortiz');
    await page.getByLabel('Email').fill(uniqueEmail('quote'));
    await page.getByRole('button', { name: 'Process Image' }).click();
    await page.getByRole('link', { name: 'Get Free Quote' }).click({ timeout: 45_000 });

    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('heading', { name: 'Get Your Free Estimate' })).toBeInViewport();
  });

  test('the 10 MB boundary: exactly 10 MB is taken, one byte more gets the spec toast', async ({ page }) => {
    await page.goto('/floor-visualizer');
    const { buffer } = await roomPhoto();
    const sized = (size: number) => Buffer.concat([buffer, Buffer.alloc(size - buffer.length)]);

    await choosePhoto(page, { name: 'too-big.jpg', mimeType: 'image/jpeg', buffer: sized(MAX_IMAGE_BYTES + 1) });
    await expect(page.getByText('File too large')).toBeVisible();
    await expect(page.getByText('Please select an image smaller than 10MB')).toBeVisible();
    await expect(currentStep(page)).toContainText('Upload');

    await choosePhoto(page, { name: 'exactly-10mb.jpg', mimeType: 'image/jpeg', buffer: sized(MAX_IMAGE_BYTES) });
    await expect(currentStep(page)).toContainText('Your info');
  });

  test('a photo with no floor in it: the result says so and offers "Fix the floor"', async ({ page, database }) => {
    test.setTimeout(120_000);
    // A wall with a picture on it, nothing below: the engine finds no floor and the render is the photo.
    const wall = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640"><rect width="960" height="640" fill="rgb(228,221,208)"/>` +
        `<rect x="380" y="180" width="200" height="150" fill="rgb(90,110,130)" stroke="rgb(60,50,40)" stroke-width="10"/></svg>`,
    );
    const email = uniqueEmail('no-floor');
    await page.goto('/floor-visualizer');
    await choosePhoto(page, {
      name: 'wall.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp(wall).jpeg({ quality: 85 }).toBuffer(),
    });
    await page.getByLabel('Name').fill('Robin Ames');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    // Not "Your room with hardwood floors": the picture barely changed (session 24).
    await expect(page.getByRole('heading', { name: 'Your Snap & See Wood result' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('img', { name: 'Your room photo from our floor visualizer' })).toBeVisible();
    await expect(
      page.getByText('We found little or no floor in this photo, so it barely changed.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Not quite right? Fix the floor' })).toBeVisible();
    const [stored] = (await database.rowsWhere('floor_visualizer_requests', { email })) as { floor_share: number }[];
    expect(stored!.floor_share).toBeLessThan(0.01);
  });

  test('a portrait photo: the comparison fits the window, handle and all, and the "Processing started" toast goes with the result', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const photo = await roomPhoto();
    const portrait = {
      name: 'portrait-room.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp(photo.buffer).rotate(90).jpeg({ quality: 85 }).toBuffer(),
    };
    const { width, height } = await sharp(portrait.buffer).metadata();
    await page.goto('/floor-visualizer');
    await choosePhoto(page, portrait);
    await page.getByLabel('Name').fill('Kim Ortega');
    await page.getByLabel('Email').fill(uniqueEmail('portrait'));
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByText('Processing started')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('Processing started')).toBeHidden();

    const slider = page.getByRole('slider', { name: 'Before and after comparison' });
    await expect(async () => {
      const box = (await slider.boundingBox())!;
      // At most 70 % of the window's height, in the photo's own shape (taller than wide).
      expect(box.height).toBeLessThanOrEqual(800 * 0.7 + 1);
      expect(Math.abs(box.width / box.height - width! / height!)).toBeLessThan(0.02);
    }).toPass();
  });

  test('a photo the browser cannot show (an iPhone HEIC) gets a named panel, not a broken image', async ({ page }) => {
    const heic = readFileSync(resolve('visualizer-processor/fixtures/images/room-gps-rotated.heic'));
    await page.goto('/floor-visualizer');
    await choosePhoto(page, { name: 'room-gps-rotated.heic', mimeType: 'image/heic', buffer: heic });
    const preview = page.getByRole('img', { name: 'Your photo: room-gps-rotated.heic' });
    await expect(preview).toContainText('This browser cannot show a preview of this photo.');
    await expect(page.getByRole('button', { name: 'Process Image' })).toBeVisible();
  });

  test('a file that is not an image gets a clear error and stays on upload', async ({ page }) => {
    await page.goto('/floor-visualizer');
    await choosePhoto(page, { name: 'estimate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
    await expect(page.getByRole('alert')).toContainText("That file isn't an image.");
    await expect(currentStep(page)).toContainText('Upload');
  });

  test('with the API stopped, the Error toast shows and the visitor is back on info with their details', async ({
    page,
  }) => {
    await page.route('**/rest/v1/**', (route) => route.abort());
    await page.goto('/floor-visualizer');
    await choosePhoto(page, await roomPhoto());
    await page.getByLabel('Name').fill('Pat Lee');
    await page.getByLabel('Email').fill(uniqueEmail('offline'));
    await page.getByRole('button', { name: 'Process Image' }).click();

    // The API cannot be reached: the spec's network text, not the default one.
    await expect(page.getByText('Network error. Please check your connection and try again.')).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(currentStep(page)).toContainText('Your info');
    await expect(page.getByLabel('Name')).toHaveValue('Pat Lee');
    await expect(page.getByRole('button', { name: 'Process Image' })).toBeEnabled();
  });

  // The first render is what the visitor waited for: its heading was focused where it stood, below the title and the
  // steps, and the picture's lower part (the floor) lay below the screen.
  for (const { width, height, shape } of [
    { width: 360, height: 740, shape: 'portrait' },
    { width: 1280, height: 800, shape: 'landscape' },
  ] as const) {
    test(`the first result at ${width} x ${height} (a ${shape} photo): its heading focused and the whole comparison on screen`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      const room = await roomPhoto();
      const photo =
        shape === 'portrait'
          ? {
              ...room,
              name: 'portrait-room.jpg',
              buffer: await sharp(room.buffer).rotate(90).jpeg({ quality: 85 }).toBuffer(),
            }
          : room;
      await page.goto('/floor-visualizer');
      await choosePhoto(page, photo);
      await page.getByLabel('Name').fill('Robin First');
      await page.getByLabel('Email').fill(uniqueEmail(`first-result-${width}`));
      await page.getByRole('button', { name: 'Process Image' }).click();
      const heading = page.getByRole('heading', { name: 'Your room with hardwood floors' });
      await expect(heading).toBeFocused({ timeout: 60_000 });
      await expect
        .poll(async () =>
          page
            .getByRole('img', { name: 'Your room with a new hardwood floor' })
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await expect(page.getByRole('slider', { name: 'Before and after comparison' })).toBeInViewport({ ratio: 1 });
      await expect(heading).toBeInViewport({ ratio: 1 });
    });
  }

  // Session 20: after a fix the new picture is focused (so scrolled to), and the line saying how the fix went lay under
  // the woods and the Fix button, a screen below it at 360 px: the visitor saw a picture and not whether it changed.
  // Session 21: with the line under the picture the focus's own (smooth) scroll still left it under the two captions,
  // below 740 px, with this portrait photo (the fresh-clone check).
  test('at 360 x 740, after a fix the line saying how it went is on screen with the new picture', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const room = await roomPhoto();
    await page.goto('/floor-visualizer');
    await choosePhoto(page, {
      ...room,
      name: 'portrait-room.jpg',
      buffer: await sharp(room.buffer).rotate(90).jpeg({ quality: 85 }).toBuffer(),
    });
    await page.getByLabel('Name').fill('Sam Small');
    await page.getByLabel('Email').fill(uniqueEmail('fix-360'));
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeFocused({
      timeout: 60_000,
    });
    await expect(page.getByRole('radio', { name: /still coming/ })).toHaveCount(0, { timeout: 60_000 });

    await page.getByRole('button', { name: 'Not quite right? Fix the floor' }).click();
    const photo = page.getByRole('application', { name: 'Your photo: place markers' });
    await expect.poll(async () => (await photo.boundingBox())!.height).toBeGreaterThan(0);
    const box = (await photo.boundingBox())!;
    await photo.click({ position: { x: box.width / 2, y: box.height * 0.9 } });
    await page.getByRole('button', { name: 'Re-render my floor' }).click();
    const outcome = page.getByText(FIX_RENDERED);
    await expect(outcome).toBeVisible({ timeout: 60_000 });
    const slider = page.getByRole('slider', { name: 'Before and after comparison' });
    await expect(slider).toBeFocused();
    await expect
      .poll(async () =>
        page
          .getByRole('img', { name: 'Your room with a new hardwood floor' })
          .first()
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    await page.screenshot({ path: testInfo.outputPath('fix-outcome-360.png') });
    await expect(slider).toBeInViewport();
    await expect(outcome).toBeInViewport({ ratio: 1 });
  });

  test('fits a 360 px phone screen at every step, and offers the camera there', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/floor-visualizer');
    await expect(page.getByText('Take a photo', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Take a photo')).toHaveAttribute('capture', 'environment');
    await expectNoHorizontalScroll(page);

    await choosePhoto(page, await roomPhoto());
    await expect(currentStep(page)).toContainText('Your info');
    await expectNoHorizontalScroll(page);

    await page.getByLabel('Name').fill('Jo Park');
    await page.getByLabel('Email').fill(uniqueEmail('phone'));
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({
      timeout: 45_000,
    });
    await expectNoHorizontalScroll(page);
  });
});
