/**
 * Snap & See Wood on a phone's connection (issue 35): the production build in Chromium at 360 px against a
 * throwaway stack with the real processor, on slow 4G (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips, a 4x
 * slower CPU: the first-tap bench's phone) and, for comparison, unthrottled at 1280 px. The photo is a 12 MP camera
 * file with EXIF GPS: the largest imported real kitchen photo (`npm run eval:import`) scaled up to 4032×3024, or,
 * without imported photos, the synthetic fixture room rendered at that size. Never committed.
 *
 * Each run is a fresh browser context: the page loads, the app takes it over, the photo is chosen and the details
 * filled, and "Process Image" is clicked VISUALIZER_PHONE_FILL_MS (3000) after the choice: a visitor who picks the photo,
 * taps the browser's suggestion for their name and e-mail and taps the button (typing them takes longer). The clock
 * starts at the click. The phone is 360 px wide at VISUALIZER_PHONE_DPR (2; an iPhone is 3) device pixels per CSS px.
 *
 * Chromium's CPU throttling does not reach a worker (its target refuses Emulation.setCPUThrottlingRate: "Operation is
 * only supported for pages, not workers"; a busy loop ran 4x slower on the page and as fast as unthrottled in a
 * worker), so on the slow runs the photo's preparation would be a desktop's. The page's worker answers are held
 * instead until the throttling's factor times the worker's own time has passed since it was asked: the preparation
 * takes as long as it would on a CPU that much slower. Printed, medians of 3 (VISUALIZER_PHONE_RUNS):
 * the webhook body's size as it goes over the wire (gzip), the time to the webhook's answer (its response end, by Resource Timing), to the first
 * result picture on screen (the render loaded and decoded, whichever file the page chose: a web-sized copy), and to
 * all of the result's pictures that are on screen or not lazily deferred, and until all five woods can be chosen
 * (the default wood comes first, the others after: decision 025); the bytes of the pictures fetched until
 * then and the file the first picture shows; the machine's load average beside each row (it is shared).
 *
 * VISUALIZER_PHONE_SCREENSHOTS=DIR saves what the page shows 3 s after the click, at the first picture (and scrolled to
 * the wood styles under it), and at the result (those runs' timings then include the screenshots).
 *
 * Also printed: where each run's time went (the page's stamps, Resource Timing and the processor's log lines for the
 * request: its webhook's parts and the render's stages), per run and as medians.
 *
 * `npm run bench -- visualizer-phone`; VISUALIZER_PHONE_URL measures a site that is already up (its own stack; no
 * processor lines then).
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../tests/support/chromium-path';
import { startSiteUnderTest } from '../tests/support/site-under-test';
import { PHOTOS_DIR } from '../visualizer-processor/evaluation/evaluation-paths';
import { median, percentile, type BenchRow } from './bench-row';
import { PHONE, throttleLikeAPhone } from './first-tap.bench';

const RUNS = Number(process.env.VISUALIZER_PHONE_RUNS ?? 3);
const RESULT_TIMEOUT_MS = 240_000;
const RENDER_ALT = 'Your room with a new hardwood floor';

/** A request's body as text; the page gzips the webhook's (Content-Encoding), whose wire size is what is measured. */
function webhookBodyText(request: Request): string {
  const bytes = request.postDataBuffer();
  if (!bytes) return '';
  return request.headers()['content-encoding'] === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
}

/**
 * Run in the page before "Process Image" is clicked: marks the click, the first loaded render and the moment all the
 * result's pictures (those on screen or not lazily deferred) are loaded, in `window.__journey`. A string, as tsx
 * would give named functions a helper the page does not have.
 */
const WATCH_THE_JOURNEY = `(() => {
  const marks = (window.__journey = {});
  const loaded = (img) => img.complete && img.naturalWidth > 0;
  const watch = () => {
    const render = [...document.querySelectorAll('main img[alt="${RENDER_ALT}"]')];
    if (marks.firstAt === undefined && render.some(loaded)) marks.firstAt = performance.now();
    const pictures = [...document.querySelectorAll('main img')].filter(
      (img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight,
    );
    if (marks.firstAt !== undefined && marks.allAt === undefined && pictures.length > 0 && pictures.every(loaded)) {
      marks.allAt = performance.now();
      marks.pictures = pictures.length;
    }
    const woods = [...document.querySelectorAll('main input[name="wood-style"]')];
    // Each wood's arrival: when its choice is first enabled (the default's is its first picture's frame or sooner).
    marks.woodAt ??= {};
    for (const wood of woods) if (!wood.disabled && marks.woodAt[wood.value] === undefined) marks.woodAt[wood.value] = performance.now();
    if (marks.firstAt !== undefined && marks.woodsAt === undefined && woods.length >= 5 && woods.every((wood) => !wood.disabled)) {
      marks.woodsAt = performance.now();
    }
    if (marks.allAt !== undefined && marks.woodsAt !== undefined) return;
    requestAnimationFrame(watch);
  };
  const onClick = (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('button')?.textContent?.includes('Process Image')) return;
    document.removeEventListener('click', onClick, { capture: true });
    marks.clickAt = performance.now();
    requestAnimationFrame(watch);
  };
  document.addEventListener('click', onClick, { capture: true });
})()`;

/** The click comes this long after the photo is chosen (see the top of the file). */
const FILL_MS = Number(process.env.VISUALIZER_PHONE_FILL_MS ?? 3000);
/** The phone's device pixels per CSS pixel: 2 (the default, a mid-range Android) or 3 (an iPhone). */
const PHONE_DPR = Number(process.env.VISUALIZER_PHONE_DPR ?? 2);

/**
 * Run in every page before its scripts (`workerSlowdown`: the factor a worker's answers are held to, 1 for none):
 * stamps (epoch ms, the clock the processor's log lines are read on) when the
 * photo's preparation is handed to a worker and answered (as the page sees it, after any hold; \`workedMs\`: the
 * worker's own time), when the page starts compressing the webhook's body
 * (CompressionStream: the payload is built), when the XMLHttpRequest is sent, when its last byte is out and when its
 * answer arrives. Wrappers only: the page's own code runs as it is.
 */
const STAMP_THE_PAGE = (workerSlowdown: number) => `(() => {
  const stamps = (window.__stamps = { workers: [] });
  const now = () => performance.timeOrigin + performance.now();
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    const replayed = new WeakSet();
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        const entry = { createdAt: now() };
        stamps.workers.push(entry);
        // Registered before the page's own handler: a held answer stops here and is dispatched again later.
        this.addEventListener('message', (event) => {
          if (replayed.has(event)) return;
          const worked = now() - (entry.askedAt ?? entry.createdAt);
          entry.workedMs = worked;
          const hold = (${workerSlowdown} - 1) * worked;
          if (!(hold > 0)) { entry.answeredAt = now(); return; }
          event.stopImmediatePropagation();
          setTimeout(() => {
            const again = new MessageEvent('message', { data: event.data });
            replayed.add(again);
            entry.answeredAt = now();
            this.dispatchEvent(again);
          }, hold);
        });
      }
      postMessage(...args) { stamps.workers.at(-1).askedAt ??= now(); return super.postMessage(...args); }
    };
  }
  const NativeCompression = window.CompressionStream;
  if (NativeCompression) {
    window.CompressionStream = class extends NativeCompression {
      constructor(...args) { super(...args); stamps.compressAt = now(); }
    };
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    const size = body && (body.byteLength ?? body.length);
    if (size > 100000) {
      stamps.sendAt = now();
      this.upload.addEventListener('load', () => { stamps.uploadedAt = now(); });
      this.addEventListener('load', () => { stamps.answeredAt = now(); });
    }
    return send.call(this, body);
  };
})()`;

/** Where one run's time went, in ms from the click (page stamps, Resource Timing, the processor's log lines). */
type Breakdown = Record<string, number>;

type Journey = {
  bodyBytes: number;
  answerMs: number;
  firstPictureMs: number;
  allPicturesMs: number;
  /** From the click until all five woods can be chosen (their buttons enabled). */
  allWoodsMs: number;
  /**
   * From the click until the 2nd, 3rd, 4th and 5th wood could be chosen, in the order they came (the default wood is
   * the 1st, with the first picture): whether the later woods reach the page one by one or together.
   */
  laterWoodsMs: number[];
  pictures: number;
  /** Bytes of the Storage files the page fetched from the click until all pictures were on screen. */
  pictureBytes: number;
  /** The file the first result picture shows (its currentSrc's name: a web-sized copy or the full render). */
  firstPictureFile: string;
  /** Each Storage file fetched from the click until all pictures were on screen, and its bytes. */
  pictureFiles: Record<string, number>;
  /** The machine's 1-minute load average when the run ended (the machine is shared). */
  load: number;
  breakdown: Breakdown;
};

/** Writes the 12 MP camera photo (GPS in its EXIF, as a phone writes it) and says what it is. */
async function makeCameraPhoto(directory: string): Promise<{ file: string; description: string }> {
  const file = path.join(directory, 'IMG_4032x3024.jpg');
  const exif = {
    IFD0: { Make: 'BenchPhone', Model: '12 MP main camera' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '39/1 53/1 4212/100',
      GPSLongitudeRef: 'W',
      GPSLongitude: '75/1 2/1 2496/100',
    },
  };
  let best: { name: string; pixels: number; width: number; height: number } | null = null;
  try {
    for (const name of (await readdir(PHOTOS_DIR)).filter((n) => /^kitchen-.*\.(jpe?g|png|webp)$/i.test(n))) {
      const { width = 0, height = 0 } = await sharp(path.join(PHOTOS_DIR, name)).metadata();
      if (!best || width * height > best.pixels) best = { name, pixels: width * height, width, height };
    }
  } catch {
    // no imported photos
  }
  if (best) {
    // Camera-like detail: the scaled-up photo is smoother than a sensor's, so a little grain is added back.
    const { data, info } = await sharp(path.join(PHOTOS_DIR, best.name))
      .rotate()
      .resize(4032, 3024, { fit: 'cover', kernel: 'lanczos3' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let seed = 1;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >> 16) % 9) - 4));
    }
    await sharp(data, { raw: info }).jpeg({ quality: 92 }).withExif(exif).toFile(file);
    return {
      file,
      description: `real photo ${best.name} (${best.width}×${best.height}) scaled up to 4032×3024 with grain`,
    };
  }
  const { writeRoomPhoto } = await import('../visualizer-processor/fixtures/make-fixtures.ts');
  const { FIXTURE_SCENES } = await import('../visualizer-processor/fixtures/synthetic-room.ts');
  await writeRoomPhoto(FIXTURE_SCENES.carpet, 4032, 3024, file, (image) => image.jpeg({ quality: 92 }).withExif(exif));
  return { file, description: 'synthetic fixture room rendered at 4032×3024 (no real photos imported)' };
}

async function runJourney(
  browser: Browser,
  siteUrl: string,
  photo: string,
  throttled: boolean,
  run: number,
  processorLines: { at: number; line: string }[],
): Promise<Journey> {
  const context = throttled
    ? await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: PHONE_DPR,
        isMobile: true,
        hasTouch: true,
      })
    : await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (throttled) await throttleLikeAPhone(context, page);
    await page.addInitScript(STAMP_THE_PAGE(throttled ? PHONE.cpuSlowdown : 1));
    let webhook: Request | undefined;
    page.on('request', (request) => {
      if (request.method() === 'POST' && webhookBodyText(request).includes('"imageBase64"')) webhook = request;
    });
    await page.goto(`${siteUrl}/floor-visualizer`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('app-ready', 'mark').length > 0, undefined, {
      timeout: 60_000,
    });
    await page.getByLabel('Choose a photo').setInputFiles(photo);
    const chosenAt = Date.now();
    await page.getByLabel('Name').fill('Bench Visitor');
    await page.getByLabel('Email').fill(`bench.phone.${Date.now()}.${run}@example.com`);
    // The page's own clock, from the click: the pictures are watched on every frame.
    await page.evaluate(WATCH_THE_JOURNEY);
    if (chosenAt + FILL_MS > Date.now()) await page.waitForTimeout(chosenAt + FILL_MS - Date.now());
    await page.getByRole('button', { name: 'Process Image' }).click();
    // VISUALIZER_PHONE_SCREENSHOTS=DIR: what the visitor sees while the photo goes out (not for timing: a screenshot
    // costs the page's CPU).
    const shots = process.env.VISUALIZER_PHONE_SCREENSHOTS;
    const shot = (what: string) =>
      shots
        ? page.screenshot({
            path: path.join(shots, `${throttled ? 'slow-4g' : 'unthrottled'}-run${run + 1}-${what}.png`),
          })
        : undefined;
    if (shots) {
      await page.waitForTimeout(3000);
      await shot('processing');
      // The first picture, and the woods under it while the other four are still coming (decision 025).
      await page.waitForFunction(
        () => (window as unknown as { __journey: Record<string, number> }).__journey.firstAt !== undefined,
        undefined,
        {
          timeout: RESULT_TIMEOUT_MS,
        },
      );
      await shot('first-picture');
      await page.getByRole('group', { name: 'Wood style' }).scrollIntoViewIfNeeded();
      await shot('first-picture-woods');
    }
    const marks = (await (
      await page
        .waitForFunction(
          () => {
            const marks = (window as unknown as { __journey: Record<string, number> }).__journey;
            return marks.allAt !== undefined && marks.woodsAt !== undefined ? marks : undefined;
          },
          undefined,
          { timeout: RESULT_TIMEOUT_MS, polling: 250 },
        )
        .catch(async (error: unknown) => {
          const seen = await page.evaluate(() => ({
            marks: (window as unknown as { __journey: Record<string, number> }).__journey,
            headings: [...document.querySelectorAll('h2')].map((h) => h.textContent),
            pictures: [...document.querySelectorAll<HTMLImageElement>('main img')].map(
              (img) => `${img.alt} ${img.complete} ${img.naturalWidth}`,
            ),
            // The woods' names say which are still coming or could not be made, and the line under them why.
            woods: [...document.querySelectorAll<HTMLInputElement>('main input[name="wood-style"]')].map(
              (wood) => wood.getAttribute('aria-label') ?? wood.labels?.[0]?.textContent ?? wood.value,
            ),
            said: [...document.querySelectorAll('main [role="status"]')]
              .map((status) => status.textContent)
              .filter(Boolean),
          }));
          // What the processor said after the click (its later woods' lines), when it runs here.
          const said = processorLines
            .filter(({ at }) => at >= Date.now() - RESULT_TIMEOUT_MS - 60_000)
            .map(({ line }) => line);
          throw new Error(
            `no result pictures within ${RESULT_TIMEOUT_MS / 1000} s: ${JSON.stringify(seen)}\n${said.join('\n')}`,
            {
              cause: error,
            },
          );
        })
    ).jsonValue()) as Record<string, number>;
    const woodAt = await page.evaluate(
      () => (window as unknown as { __journey: { woodAt?: Record<string, number> } }).__journey.woodAt ?? {},
    );
    if (!webhook) throw new Error('no webhook call seen');
    await shot('result');
    const answerEnd = await page.evaluate(
      (url) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name === url)
          .at(-1)?.responseEnd,
      webhook.url(),
    );
    // What the visitor's phone downloaded for the pictures: Storage's answers carry Timing-Allow-Origin on the local
    // stack (decision 022), so their sizes are readable; the name of the file the first picture shows.
    const pictures = await page.evaluate(
      ({ from, to, alt }) => {
        const storage = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (entry) =>
            entry.name.includes('/storage/v1/object/') && entry.startTime >= from && entry.responseEnd <= to + 1,
        );
        const first = document.querySelector<HTMLImageElement>(`main img[alt="${alt}"]`)?.currentSrc ?? '';
        return {
          bytes: storage.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
          first: new URL(first).pathname.split('/').pop() ?? '',
          // (No named function here: tsx would wrap it in a helper the page does not have.)
          files: Object.fromEntries(
            storage.map((entry) => [
              new URL(entry.name).pathname.split('/').slice(-2).join('/'),
              entry.encodedBodySize,
            ]),
          ),
        };
      },
      { from: marks.clickAt!, to: marks.allAt!, alt: RENDER_ALT },
    );
    const breakdown = await whereTheTimeWent(page, marks, processorLines);
    return {
      bodyBytes: webhook.postDataBuffer()!.length,
      answerMs: (answerEnd ?? Number.NaN) - marks.clickAt!,
      firstPictureMs: marks.firstAt! - marks.clickAt!,
      allPicturesMs: marks.allAt! - marks.clickAt!,
      allWoodsMs: marks.woodsAt! - marks.clickAt!,
      laterWoodsMs: Object.values(woodAt)
        .map((woodAt) => woodAt - marks.clickAt!)
        .sort((a, b) => a - b)
        .slice(1),
      pictures: marks.pictures!,
      pictureBytes: pictures.bytes,
      firstPictureFile: pictures.first,
      pictureFiles: pictures.files,
      load: loadavg()[0]!,
      breakdown,
    };
  } finally {
    await context.close();
  }
}

/**
 * The run's time by part, each measured: on the page (its stamps and Resource Timing, in epoch ms) and in the
 * processor (its webhook and render lines for this request). Parts that overlap nothing add up to the first picture.
 */
async function whereTheTimeWent(
  page: Page,
  marks: Record<string, number>,
  processorLines: { at: number; line: string }[],
): Promise<Breakdown> {
  const seen = await page.evaluate(
    ({ alt }) => {
      const origin = performance.timeOrigin;
      const stamps = (window as unknown as { __stamps: Record<string, unknown> }).__stamps;
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name: entry.name,
        type: entry.initiatorType,
        start: origin + entry.startTime,
        requestStart: origin + entry.requestStart,
        responseStart: origin + entry.responseStart,
        end: origin + entry.responseEnd,
        bytes: entry.encodedBodySize,
      }));
      const first = document.querySelector<HTMLImageElement>(`main img[alt="${alt}"]`)?.currentSrc ?? '';
      return { origin, stamps, entries, first };
    },
    { alt: RENDER_ALT },
  );
  const at = (pageMs: number) => seen.origin + pageMs;
  const click = at(marks.clickAt!);
  const stamps = seen.stamps as {
    workers: { askedAt?: number; answeredAt?: number; workedMs?: number }[];
    compressAt?: number;
    sendAt?: number;
    uploadedAt?: number;
    answeredAt?: number;
  };
  const since = (time: number | undefined) => (time === undefined ? Number.NaN : Math.round(time - click));
  const rows = seen.entries.filter((entry) => entry.name.includes('/rest/v1/floor_visualizer_requests'));
  const insert = rows.find((entry) => entry.start >= click - 1);
  // The first read of the row after the webhook's answer (its response's end: the page's own listener, which asks
  // the read, runs before this bench's answer stamp; decision 058); the insert reads back only its id.
  const webhookEntry = seen.entries.filter((entry) => entry.type === 'xmlhttprequest').at(-1);
  const answerEnd = webhookEntry?.end ?? stamps.answeredAt;
  const rowRead = rows.find(
    (entry) => answerEnd !== undefined && entry.name.includes('select=id%2Ccreated_at') && entry.start >= answerEnd - 1,
  );
  const picture = seen.entries.find((entry) => entry.name === seen.first && entry.start >= click - 1);
  const worker = stamps.workers.find((entry) => entry.askedAt !== undefined);
  // The processor's lines name the request: the webhook's parts and the render's stages.
  const webhookLine = processorLines.find(({ line, at }) => at >= click && / webhook: body /.test(line));
  const requestId = webhookLine?.line.match(/request=([0-9a-f-]{36})/)?.[1];
  const stagesLine = requestId
    ? processorLines.find(({ line }) => line.includes(`request=${requestId} render 1 stages: `))
    : undefined;
  // The render's last line comes after its row is written and its upload dropped; the webhook's once it has answered.
  const doneLine = requestId
    ? processorLines.find(({ line }) => line.includes(`request=${requestId} render 1 done in `))
    : undefined;
  const parts = (line: string | undefined, pattern: RegExp) =>
    Object.fromEntries([...(line ?? '').matchAll(pattern)].map((match) => [match[1]!.trim(), Number(match[2])]));
  const webhookParts = parts(webhookLine?.line.replace(/.* webhook: /, ''), /(?:^|, )([a-z ]+?) (\d+)ms/g);
  const stageParts = parts(stagesLine?.line.replace(/.* stages: /, ''), /(?:^|, )([a-z ]+?) (\d+)ms/g);
  // The row's reads while the later woods come (from the first picture until all five can be chosen): how often the
  // page asks, start to start, and how long one read takes on this link (a wood waits for the next read's answer).
  const woodReads = rows.filter(
    (entry) => entry.start >= at(marks.firstAt!) - 1 && marks.woodsAt !== undefined && entry.start <= at(marks.woodsAt),
  );
  const gaps = woodReads.slice(1).map((entry, index) => entry.start - woodReads[index]!.start);
  return {
    'woods: ms between row reads, start to start (median)': gaps.length > 0 ? Math.round(median(gaps)) : Number.NaN,
    'woods: ms a row read takes (median)':
      woodReads.length > 0 ? Math.round(median(woodReads.map((entry) => entry.end - entry.start))) : Number.NaN,
    'photo prepared (worker, from the choice; on the slow runs held to the CPU throttling)':
      worker?.answeredAt && worker.askedAt ? Math.round(worker.answeredAt - worker.askedAt) : Number.NaN,
    "the worker's own time": worker?.workedMs === undefined ? Number.NaN : Math.round(worker.workedMs),
    'photo ready, ms after the click (<= 0: before)': since(worker?.answeredAt),
    'row inserted': since(insert?.end),
    'body built (compression starts)': since(stamps.compressAt),
    'upload starts (send)': since(stamps.sendAt),
    'last byte out': since(stamps.uploadedAt),
    'webhook answered': since(stamps.answeredAt),
    'row read asked': since(rowRead?.start),
    'row read after the answer': since(rowRead?.end),
    'picture requested': since(picture?.start),
    'picture downloaded': since(picture?.end),
    'picture on screen': Math.round(marks.firstAt! - marks.clickAt!),
    ...Object.fromEntries(Object.entries(webhookParts).map(([name, ms]) => [`processor: ${name}`, ms])),
    ...Object.fromEntries(Object.entries(stageParts).map(([name, ms]) => [`render: ${name}`, ms])),
    'processor: webhook line, ms after the render done line':
      webhookLine && doneLine ? webhookLine.at - doneLine.at : Number.NaN,
    // Each later wood's row write, in the order they joined (decision 049: one by one; before it, all four in one).
    ...Object.fromEntries(
      (requestId
        ? processorLines.filter(({ line }) => line.includes(`request=${requestId} render 1 later wood `))
        : []
      ).map(({ at }, index) => [`later wood ${index + 2} in the row`, since(at)]),
    ),
    // The stages line is logged just after the later woods' row write (render-floor-task.ts): how long the page took
    // to see them there is the woods' read of the row (decision 025, session 21).
    'later woods in the row': since(stagesLine?.at),
    'all five woods choosable': since(marks.woodsAt === undefined ? undefined : at(marks.woodsAt)),
    'woods choosable, ms after their row write':
      stagesLine && marks.woodsAt !== undefined ? Math.round(at(marks.woodsAt) - stagesLine.at) : Number.NaN,
  };
}

export default async function benchVisualizerPhone(): Promise<BenchRow[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'visualizer-phone-'));
  const external = process.env.VISUALIZER_PHONE_URL;
  // The processor's lines, stamped as they arrive: its webhook and render stages for the breakdown.
  const processorLines: { at: number; line: string }[] = [];
  const site = external
    ? undefined
    : await startSiteUnderTest({
        throttleMaxWrites: 100_000,
        log: (line) => {
          if (line.startsWith('processor: ')) processorLines.push({ at: Date.now(), line });
        },
      });
  const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
  const rows: BenchRow[] = [];
  try {
    const photo = await makeCameraPhoto(directory);
    const photoBytes = (await stat(photo.file)).size;
    const note = `${photo.description}, ${(photoBytes / 1e6).toFixed(2)} MB`;
    console.log(`  photo: ${note}`);
    // VISUALIZER_PHONE_ONLY=slow-4g or unthrottled runs one of the two (alternated comparisons of two builds).
    const only = process.env.VISUALIZER_PHONE_ONLY;
    for (const throttled of [true, false].filter((slow) => !only || only === (slow ? 'slow-4g' : 'unthrottled'))) {
      const journeys: Journey[] = [];
      for (let run = 0; run < RUNS; run++) {
        const journey = await runJourney(
          browser,
          external ?? site!.siteUrl,
          photo.file,
          throttled,
          run,
          processorLines,
        );
        console.log(
          `  ${throttled ? 'slow 4G, 360 px' : 'unthrottled, 1280 px'} run ${run + 1}: ${JSON.stringify(journey)}`,
        );
        journeys.push(journey);
      }
      const where = throttled ? `slow 4G, CPU x4, 360 px at ${PHONE_DPR}x` : 'unthrottled, 1280 px';
      console.log(
        `  where the time went (${where}), medians of ${journeys.length}, ms from the click unless a duration:`,
      );
      for (const part of Object.keys(journeys[0]!.breakdown)) {
        const values = journeys
          .map((j) => j.breakdown[part])
          .filter((value): value is number => Number.isFinite(value));
        if (values.length > 0) console.log(`    ${part}: ${median(values)}`);
      }
      const loads = journeys.map((j) => j.load.toFixed(1)).join('/');
      const shown = [...new Set(journeys.map((j) => j.firstPictureFile))].join(', ');
      const row = (metric: string, values: number[], unit: string, extra = '') =>
        rows.push({
          metric: `${metric} (${where})`,
          median: median(values),
          p95: percentile(values, 95),
          unit,
          runs: values.length,
          note: `${note}${extra}; load average ${loads}`,
        });
      row(
        'webhook body, 12 MP photo',
        journeys.map((j) => j.bodyBytes / 1e6),
        'MB',
      );
      row(
        '"Process Image" to the webhook\'s answer',
        journeys.map((j) => j.answerMs / 1000),
        's',
      );
      row(
        '"Process Image" to the first result picture',
        journeys.map((j) => j.firstPictureMs / 1000),
        's',
      );
      row(
        '"Process Image" to all result pictures',
        journeys.map((j) => j.allPicturesMs / 1000),
        's',
        `; ${median(journeys.map((j) => j.pictures))} pictures`,
      );
      row(
        '"Process Image" to all five woods choosable',
        journeys.map((j) => j.allWoodsMs / 1000),
        's',
      );
      // Each later wood's arrival, in the order they came (decision 049): the 2nd wood is the first a visitor who
      // taps another wood early can have.
      for (const [index, nth] of ['2nd', '3rd', '4th', '5th'].entries()) {
        const values = journeys.map((j) => j.laterWoodsMs[index]).filter((ms): ms is number => ms !== undefined);
        if (values.length > 0) {
          row(
            `"Process Image" to the ${nth} wood choosable`,
            values.map((ms) => ms / 1000),
            's',
          );
        }
      }
      row(
        'result pictures downloaded, click to all on screen',
        journeys.map((j) => j.pictureBytes / 1e3),
        'KB',
        `; the first shows ${shown}`,
      );
    }
  } finally {
    await browser.close();
    await site?.stop();
    await rm(directory, { recursive: true, force: true });
  }
  return rows;
}
