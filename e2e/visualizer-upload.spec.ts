import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { photoUpload } from '../src/config/photo-upload';
import { heicWithExif } from '../visualizer-processor/fixtures/make-heic-fixture';
import { expect, test } from './support/test';
import { uniqueEmail } from './support/visitor';

/**
 * What leaves the phone (issue 35): in Chromium against the built site, the real stack and the real processor, the
 * page sends its own upright, scaled JPEG of the photo with no metadata, shows how much of it has gone out, and a
 * photo the browser cannot decode still goes through the processor as chosen.
 */
const FIXTURES = resolve('visualizer-processor/fixtures/images');

/**
 * A 12 MP camera photo as a phone stores it: the GPS-tagged room fixture scaled up to 4032×3024, stored sideways
 * with EXIF orientation 6 (turn it back to view), and a GPS position, camera and time in its EXIF.
 */
async function cameraPhoto(): Promise<Buffer> {
  // Two steps: sharp turns before it resizes within one pipeline.
  const upright = await sharp(readFileSync(resolve(FIXTURES, 'room-gps.jpg'))).resize(4032, 3024).png().toBuffer();
  return sharp(upright)
    .rotate(270)
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'FixturePhone', Model: 'Synthetic Room Camera', DateTime: '2026:11:20 10:31:07' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 53/1 4212/100', GPSLongitudeRef: 'W', GPSLongitude: '75/1 2/1 2496/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A phone's photo of this many pixels: the room fixture `tiles` times side by side (one room; several for a
 * panorama's sweep), stretched to `width`×`height` and stored as a camera's JPEG. No sensor grain: these photos are
 * about their pixel count, which is what the page decodes and redraws (a grainy 48 MP file weighs 2-3 MB more).
 */
async function phonePhoto(tiles: number, width: number, height: number): Promise<Buffer> {
  const room = readFileSync(resolve(FIXTURES, 'room-gps.jpg'));
  const { width: roomWidth = 0, height: roomHeight = 0 } = await sharp(room).metadata();
  const sweep = await sharp({ create: { width: roomWidth * tiles, height: roomHeight, channels: 3, background: '#fff' } })
    .composite(Array.from({ length: tiles }, (_, i) => ({ input: room, left: i * roomWidth, top: 0 })))
    .png()
    .toBuffer();
  return sharp(sweep).resize(width, height, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Put before the worker's script (decision 043's test): the WebCodecs ImageDecoder as the page's worker has it, but
 * reporting the size each decode was asked for and the size it gave to `/__decoded`, which the test answers.
 */
const DECODER_SPY = `{
  const Native = globalThis.ImageDecoder;
  if (Native) {
    globalThis.ImageDecoder = class extends Native {
      constructor(init) {
        super(init);
        this.desired = [init.desiredWidth, init.desiredHeight];
      }
      async decode(options) {
        const decoded = await super.decode(options);
        const report = { desired: this.desired, given: [decoded.image.displayWidth, decoded.image.displayHeight] };
        await fetch('/__decoded?d=' + encodeURIComponent(JSON.stringify(report))).catch(() => undefined);
        return decoded;
      }
    };
  }
}
`;

/** The webhook body as JSON text: the page gzips it (Content-Encoding), so it is decompressed here as the processor does. */
function bodyText(request: Request): string {
  const bytes = request.postDataBuffer();
  if (!bytes) return '';
  return request.headers()['content-encoding'] === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
}

function isPhotoUpload(request: Request): boolean {
  return request.method() === 'POST' && bodyText(request).includes('"imageBase64"');
}

async function sendPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, tag: string) {
  await page.goto('/floor-visualizer');
  await page.getByLabel('Choose a photo').setInputFiles(file);
  await page.getByLabel('Name').fill('Morgan Reyes');
  await page.getByLabel('Email').fill(uniqueEmail(tag));
  const sent = page.waitForRequest(isPhotoUpload, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Process Image' }).click();
  const request = await sent;
  return {
    ...(JSON.parse(bodyText(request)) as { imageBase64: string; fileName: string; requestId: string }),
    wireBytes: request.postDataBuffer()!.length,
    encoding: request.headers()['content-encoding'],
  };
}

test.describe('the photo the visualizer sends', () => {
  test('a 12 MP phone photo with GPS goes out upright, scaled to the engine\'s size, with no EXIF, and the sending shows', async ({ page, context }) => {
    test.setTimeout(120_000);
    const original = await cameraPhoto();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('FixturePhone');

    // A slow phone's upload (300 kbit/s: the 0.21 MB copy takes about 6 s), so the sending takes long enough to be
    // seen. The bar shows once the row's insert is answered (decision 025, session 21), and the photo is now ready
    // at the click (decision 043): at slow 4G's 750 kbit/s (2.3 s) a first test on a cold, busy stack had its insert
    // answered after the last byte, and no bar to see (session 27, load 15).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300_000 / 8 });

    const progressSeen = page
      .getByRole('progressbar', { name: 'Photo sent' })
      .waitFor({ state: 'visible', timeout: 60_000 })
      .then(() => page.getByRole('progressbar', { name: 'Photo sent' }).getAttribute('aria-valuenow'));
    const payload = await sendPhoto(page, { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: original }, 'upload-exif');
    const percent = Number(await progressSeen);
    expect(percent).toBeGreaterThanOrEqual(0);
    expect(percent).toBeLessThan(100);

    expect(payload.fileName).toBe('IMG_2041.JPG');
    // Gzipped on the wire: the base64 text's spare bits are not sent.
    expect(payload.encoding).toBe('gzip');
    expect(payload.wireBytes).toBeLessThan(JSON.stringify({ imageBase64: payload.imageBase64 }).length * 0.8);
    expect(payload.imageBase64).toMatch(/^data:image\/jpeg;base64,/);
    const sentBytes = Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64');
    const sent = await sharp(sentBytes).metadata();
    // Upright (the camera's landscape, not the stored portrait) and 1440 px on its longest side: more than the widest
    // copy the result shows (1280 px, decision 026), and no more, as every byte is a phone's slowest line (decision 025).
    expect([sent.width, sent.height]).toEqual([1440, 1080]);
    expect(photoUpload.longestSidePx).toBe(1440);
    expect(sent.exif).toBeUndefined();
    expect(sent.xmp).toBeUndefined();
    expect(sent.iptc).toBeUndefined();
    expect(sent.orientation).toBeUndefined();
    for (const trace of ['Exif', 'FixturePhone', 'Synthetic Room Camera', '2026:11:20']) {
      expect(sentBytes.includes(Buffer.from(trace, 'latin1')), `the sent photo contains "${trace}"`).toBe(false);
    }
    expect(sentBytes.length).toBeLessThan(original.length / 3);

    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 60_000 });
  });

  test('a chosen photo is prepared off the page while the details are typed, and sent as prepared', async ({ page }) => {
    test.setTimeout(120_000);
    const original = await cameraPhoto();
    // The webhook is answered here: this test is about what happens before and at the click, not the render.
    await page.route('**/*', async (route) => {
      if (!isPhotoUpload(route.request())) return route.fallback();
      await route.fulfill({ status: 202, contentType: 'application/json', body: '{}' });
    });
    const workers: { at: 'chosen' | 'sent' }[] = [];
    let clicked = false;
    page.on('worker', () => workers.push({ at: clicked ? 'sent' : 'chosen' }));

    await page.goto('/floor-visualizer');
    const preparing = page.waitForEvent('worker', { timeout: 30_000 });
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: original });
    // The photo is being prepared before the visitor has typed anything, and the worker ends when it is done.
    const worker = await preparing;
    await new Promise<void>((done) => worker.on('close', () => done()));
    await page.getByLabel('Name').fill('Morgan Reyes');
    await page.getByLabel('Email').fill(uniqueEmail('upload-ahead'));
    const sent = page.waitForRequest(isPhotoUpload, { timeout: 30_000 });
    clicked = true;
    await page.getByRole('button', { name: 'Process Image' }).click();
    const payload = JSON.parse(bodyText(await sent)) as { imageBase64: string };

    // Prepared once, when chosen: nothing was prepared again at the click.
    expect(workers).toEqual([{ at: 'chosen' }]);
    const sentPhoto = await sharp(Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64')).metadata();
    expect([sentPhoto.width, sentPhoto.height]).toEqual([photoUpload.longestSidePx, photoUpload.longestSidePx * (3024 / 4032)]);
    expect(sentPhoto.exif).toBeUndefined();
  });

  test('a 12 MP camera JPEG is decoded near the copy\'s size, not whole, and its sideways copy goes out the right way up', async ({ page }) => {
    test.setTimeout(120_000);
    // Stored 3024×4032 with EXIF orientation 6, seen 4032×3024: the 1440×1080 copy is 1080×1440 as stored, and 3/8 of
    // the photo (1134×1512) is the smallest eighth that covers it (decision 043).
    const original = await cameraPhoto();
    await page.route('**/*', async (route) => {
      if (!isPhotoUpload(route.request())) return route.fallback();
      await route.fulfill({ status: 202, contentType: 'application/json', body: '{}' });
    });
    // What the worker asks of its JPEG decoder and is given: a few lines put before the worker's own script report
    // each decode to an address answered here.
    const decodes: unknown[] = [];
    await page.route('**/__decoded?*', async (route) => {
      decodes.push(JSON.parse(new URL(route.request().url()).searchParams.get('d')!));
      await route.fulfill({ status: 204 });
    });
    await page.route(/prepare-photo\.worker[^/]*\.js$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: DECODER_SPY + (await response.text()) });
    });

    const payload = await sendPhoto(page, { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: original }, 'upload-decoded-near');

    expect(decodes).toEqual([{ desired: [1135, 1513], given: [1134, 1512] }]);
    const sent = sharp(Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64'));
    expect(await sent.metadata()).toMatchObject({ width: 1440, height: 1080 });
    // The right way up, pixel for pixel: close to the photo as seen, scaled by sharp, and far from it upside down.
    const seen = await sharp(original).rotate().resize(1440, 1080).raw().toBuffer();
    const upsideDown = await sharp(original).rotate().rotate(180).resize(1440, 1080).raw().toBuffer();
    const pixels = await sent.raw().toBuffer();
    const meanDifference = (other: Buffer) => pixels.reduce((sum, value, i) => sum + Math.abs(value - other[i]!), 0) / pixels.length;
    expect(meanDifference(seen)).toBeLessThan(3);
    expect(meanDifference(upsideDown)).toBeGreaterThan(4 * meanDifference(seen));
  });

  test('the photo goes out beside the row\'s insert: sent before the insert is answered, and rendered all the same', async ({ page }) => {
    test.setTimeout(120_000);
    // The insert is held until the photo's request has gone out (or 30 s), and half a second more for its bytes to
    // reach the processor on this unthrottled line: the processor then has the photo before the row exists, and waits
    // for it (decision 025, sessions 20 and 21). Before, the photo waited for the insert's answer. (The page shows the
    // photo's progress only once the insert is answered, so the page's words cannot tell here.)
    let photoRequested = false;
    page.on('request', (request) => {
      if (isPhotoUpload(request)) photoRequested = true;
    });
    let photoOutBeforeTheRow = false;
    await page.route('**/rest/v1/floor_visualizer_requests*', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      photoOutBeforeTheRow = await expect
        .poll(() => photoRequested, { timeout: 30_000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        );
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fallback();
    });
    const sent = await sendPhoto(page, { name: 'room.jpg', mimeType: 'image/jpeg', buffer: readFileSync(resolve(FIXTURES, 'room-gps.jpg')) }, 'beside-insert');
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 60_000 });
    expect(photoOutBeforeTheRow).toBe(true);
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a small upright JPEG goes out as its own pixels, with its EXIF left out and no second JPEG loss', async ({ page }) => {
    test.setTimeout(120_000);
    // 960×720, stored upright, with the camera's EXIF: nothing to turn or scale, so nothing to redraw.
    const original = readFileSync(resolve(FIXTURES, 'room-gps.jpg'));
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const payload = await sendPhoto(page, { name: 'IMG_0007.JPG', mimeType: 'image/jpeg', buffer: original }, 'upload-small');

    const sentBytes = Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64');
    expect(payload.imageBase64).toMatch(/^data:image\/jpeg;base64,/);
    expect((await sharp(sentBytes).metadata()).exif).toBeUndefined();
    expect(sentBytes.includes(Buffer.from('Exif', 'latin1'))).toBe(false);
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(sentBytes)).equals(await pixels(original)), 'the sent pixels are the file\'s own').toBe(true);
    expect(sentBytes.length).toBeLessThan(original.length);

    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 90_000 });
  });

  // Decision 025, session 25: sent as chosen, but for its EXIF GPS position, blanked in the file (same length, same
  // picture); the camera's other details stay, as the privacy notice says.
  test('a photo Chromium cannot decode (an iPhone HEIC) is sent as chosen without its GPS position and the processor renders it as before', async ({ page }) => {
    test.setTimeout(120_000);
    const exif = (await sharp(resolve(FIXTURES, 'room-gps.jpg')).metadata()).exif!;
    const heic = heicWithExif(readFileSync(resolve(FIXTURES, 'room-gps-rotated.heic')), exif);
    const latitude = Buffer.alloc(24);
    [39, 1, 48, 1, 3000, 100].forEach((value, index) => latitude.writeUInt32LE(value, index * 4));
    expect((await sharp(heic).metadata()).exif!.includes(latitude)).toBe(true);
    const payload = await sendPhoto(page, { name: 'IMG_0412.HEIC', mimeType: 'image/heic', buffer: heic }, 'upload-heic');

    expect(payload.imageBase64.startsWith('data:image/heic;base64,')).toBe(true);
    const sent = Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64');
    expect(sent.length).toBe(heic.length);
    const sentExif = (await sharp(sent).metadata()).exif!;
    expect(sentExif.includes(latitude)).toBe(false);
    expect(sentExif.toString('latin1')).toContain('FixturePhone');
    // Everything before the EXIF item (the boxes and the picture) is the chosen file's own.
    expect(sent.subarray(0, heic.length - exif.length - 4).equals(heic.subarray(0, heic.length - exif.length - 4))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 90_000 });
  });

  // Photos as phones give them (an iPhone's HEIC and a sideways camera photo are above): the largest a phone's camera
  // takes and a panorama each come back as a picture, redrawn on the page to the size the engine works at. The
  // panorama has more pixels than the processor takes from a file (50 MP, decode-photo.ts): the page's copy is what
  // lets it through.
  // The result step either way: a stretched, tiled room is not always seen to have much floor, and the page then calls
  // the result by another name (result-step.tsx) with "Fix the floor" offered: a picture, not a spinner or a refusal.
  const resultHeading = /^(Your room with hardwood floors|Your Snap & See Wood result)$/;
  const resultPicture = /^(Your room with a new hardwood floor|Your room photo from our floor visualizer)$/;
  for (const { what, tiles, width, height } of [
    { what: 'a 48 MP photo (8064×6048)', tiles: 1, width: 8064, height: 6048 },
    { what: 'a 55 MP panorama (19200×2880)', tiles: 5, width: 19200, height: 2880 },
  ]) {
    test(`${what} goes out redrawn at 1440 px and comes back as a picture`, async ({ page }) => {
      test.setTimeout(180_000);
      const original = await phonePhoto(tiles, width, height);
      expect(original.length).toBeLessThan(10 * 1024 * 1024);
      const payload = await sendPhoto(page, { name: 'IMG_5120.JPG', mimeType: 'image/jpeg', buffer: original }, 'upload-phone-sized');
      const sent = await sharp(Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64')).metadata();
      expect([sent.width, sent.height]).toEqual([1440, Math.round((1440 * height) / width)]);
      await expect(page.getByRole('heading', { name: resultHeading })).toBeVisible({ timeout: 120_000 });
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: resultPicture })
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    });
  }

  test('a panorama so wide that 1440 px would leave its short side under the processor\'s 200 px goes out taller, and comes back as a picture', async ({ page }) => {
    test.setTimeout(180_000);
    // 15360×1440, 10.7:1: at 1440 px it would be 1440×135, which the processor refuses as too small to show a floor
    // ("at least 200 pixels on its shorter side"), a reason the visitor's 15360-pixel photo does not deserve.
    const original = await phonePhoto(8, 15360, 1440);
    const payload = await sendPhoto(page, { name: 'IMG_5121.JPG', mimeType: 'image/jpeg', buffer: original }, 'upload-wide-panorama');
    await expect(page.getByRole('heading', { name: resultHeading })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText(/too small to show a floor/)).toBeHidden();
    const sent = await sharp(Buffer.from(payload.imageBase64.slice(payload.imageBase64.indexOf(',') + 1), 'base64')).metadata();
    expect(sent.height).toBe(200);
    expect(sent.width).toBe(Math.round((200 * 15360) / 1440));
  });

  test('a phone that loses its connection while its photo goes out is told it is offline, and gets its result once back', async ({
    page,
    context,
    database,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('upload-drop');
    // A slow line (100 kbit/s up), so the connection is cut with most of the photo still to send.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const line = (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: 100_000 / 8 });
    await line(false);
    await page.goto('/floor-visualizer');
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await page.getByLabel('Name').fill('Morgan Reyes');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByRole('progressbar', { name: 'Photo sent' })).toBeVisible({ timeout: 60_000 });
    await line(true);

    // Chromium lets the request already under way finish (its send buffers had the photo: the render is made), but
    // the page hears nothing while offline, neither the answer nor a read of the row: it says it is offline, beside
    // "Photo sent", instead of a spinner standing for the render alone. (Without the line: nothing but "Photo sent.
    // Finding the floor in your photo..." for the answer's deadline, about a minute and a half.)
    const offline = page.getByRole('status').filter({ hasText: "You're offline. Keep this page open and reconnect to carry on." });
    await expect(offline).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => (await database.rowsWhere('floor_visualizer_requests', { email }))[0]?.status, { timeout: 120_000 })
      .toBe('completed');
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeHidden();
    await expect(offline).toBeVisible();

    await line(false);
    await expect(offline).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Your room with hardwood floors' })).toBeVisible({ timeout: 120_000 });
  });
});
