import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_CORRECTIONS_PER_REQUEST,
  MAX_IMAGE_BYTES,
  MAX_WEBHOOK_REFUSALS_PER_HOUR,
  WEBHOOK_REFUSAL,
  WEBHOOK_REQUEST_ID_HEADER,
  WITHDRAWN_REASON,
} from '../../contracts/visualizer-webhook.ts';
import type { FloorEngine } from '../engine/floor-engine.ts';
import { createOfflineFloorEngine } from '../engine/offline-floor-engine.ts';
import { prepareWoodStyles } from '../engine/rendering/render-wood-styles.ts';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { makeDecompressionBombPng, toDataUrl } from '../testing/bad-inputs.ts';
import { newRequestRow } from '../testing/request-rows.ts';
import { createLocalVisitorFiles } from '../../visitor-data/visitor-files.ts';
import { StorageAnswerError, createLocalImageStorage, type ImageStorage } from './image-storage.ts';
import { MAX_BODY_BYTES, NOT_SENT_AS_JSON, TOO_INTRICATE, createProcessorServer, type ProcessorServer } from './processor-server.ts';
import { createRenderFloorTask } from './render-floor-task.ts';
import { createRenderFinishedSignal } from './render-finished.ts';
import { RENDER_MAX_ATTEMPTS, type RenderJob } from './render-job.ts';
import { createLocalUploadStore, type UploadStore } from './upload-store.ts';
import { FAILURE_REASONS } from './visitor-failure-reasons.ts';
import { createInMemoryVisualizerRequestRepository, rugChoiceJob, type VisualizerRequestRow } from './visualizer-request-repository.ts';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS } from '../../contracts/wood-styles.ts';

/**
 * The webhook and the render job together, on in-memory rows and a stand-in for the queue that runs each
 * queued render at once and retries it as the queue would (the real queue is tested against the stack).
 */
const SUPABASE_URL = 'http://127.0.0.1:24321';
const run = promisify(execFile);
const FLOOR_MASK_COMMAND = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'floor-mask.ts');
/** tsx's loader by its full address, as the command's own test runs it. */
const TSX = import.meta.resolve('tsx');
const renders = new Set<Promise<void>>();
const repository = createInMemoryVisualizerRequestRepository([], { onRenderQueued: (job) => void runRender(job) });
const logLines: string[] = [];
let engine: FloorEngine = createOfflineFloorEngine();
let syncReplyMs = 30_000;
let pollMs = 20;
/** Short, so a refused made-up id answers quickly; a test that sends the photo before its row sets it longer. */
let rowWaitMs = 300;
const renderFinished = createRenderFinishedSignal();
let storageDir: string;
let uploadsDir: string;
let processor: ProcessorServer;
let baseUrl: string;
let renderTask: ReturnType<typeof createRenderFloorTask>;
/** Where the webhook stores photos (a test may make it fail). */
let uploads: UploadStore;

function runRender(job: RenderJob): void {
  const run = (async () => {
    for (let attempts = 1; attempts <= RENDER_MAX_ATTEMPTS; attempts++) {
      try {
        return await renderTask(job, { job: { attempts, max_attempts: RENDER_MAX_ATTEMPTS } });
      } catch {
        // The queue would try again after its backoff.
      }
    }
  })();
  renders.add(run);
  void run.finally(() => renders.delete(run));
}

async function rendersDone(): Promise<void> {
  while (renders.size > 0) await Promise.allSettled([...renders]);
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'visualizer-storage-'));
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'visualizer-uploads-'));
  uploads = createLocalUploadStore(uploadsDir);
  renderTask = renderTaskWith(createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL }));
  processor = createProcessorServer({
    repository,
    uploads,
    engineName: 'test',
    get syncReplyMs() {
      return syncReplyMs;
    },
    get pollMs() {
      return pollMs;
    },
    get rowWaitMs() {
      return rowWaitMs;
    },
    renderFinished,
    allowedOrigins: ['https://floors.example'],
    log: (line) => logLines.push(line),
  });
  await new Promise<void>((resolve) => processor.server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(processor.server.address() as AddressInfo).port}`;
});

/** The render job on the tests' rows, uploads and engine, storing through `storage`. */
function renderTaskWith(
  storage: ImageStorage,
  laterStylesTimeoutMs?: number,
  lateWoodsTestDomain?: string,
  laterWoodRetryDelaysMs?: readonly number[],
): ReturnType<typeof createRenderFloorTask> {
  return createRenderFloorTask({
    ...(laterStylesTimeoutMs === undefined ? {} : { laterStylesTimeoutMs }),
    ...(laterWoodRetryDelaysMs === undefined ? {} : { laterWoodRetryDelaysMs }),
    ...(lateWoodsTestDomain === undefined ? {} : { lateWoodsTestDomain }),
    repository,
    uploads: createLocalUploadStore(uploadsDir),
    storage,
    // An indirection so a test can swap the engine without a new task.
    engine: {
      name: 'test',
      get offersRugChoice() {
        return engine.offersRugChoice;
      },
      findFloor: (photo, options) => engine.findFloor(photo, options),
      visualize: (photo, options) => engine.visualize(photo, options),
    },
    deleteRequestFiles: (requestId) => createLocalVisitorFiles({ storageDir, uploadDir: uploadsDir }).deleteRequestFiles(requestId),
    log: (line) => logLines.push(line),
    renderFinished,
  });
}

afterAll(async () => {
  await new Promise((resolve) => processor.server.close(resolve));
  await rm(storageDir, { recursive: true, force: true });
  await rm(uploadsDir, { recursive: true, force: true });
});

beforeEach(() => {
  repository.rowlessCalls.clear();
  engine = createOfflineFloorEngine();
  syncReplyMs = 30_000;
  pollMs = 20;
  rowWaitMs = 300;
});

function addPendingRow(overrides: Partial<VisualizerRequestRow> = {}): VisualizerRequestRow {
  const row = newRequestRow(overrides);
  repository.rows.set(row.id, { ...row });
  return row;
}

async function fixtureDataUrl(file: string): Promise<string> {
  const bytes = await readFile(path.join(FIXTURE_DIR, file));
  return toDataUrl(bytes, file.endsWith('.png') ? 'image/png' : 'image/jpeg');
}

function payloadFor(row: VisualizerRequestRow, imageBase64: string, extra: Record<string, unknown> = {}) {
  return { requestId: row.id, name: row.customer_name, email: row.email, imageBase64, fileName: 'room.jpg', ...extra };
}

async function postWebhook(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://floors.example' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function expectStillServing(): Promise<void> {
  const health = await fetch(`${baseUrl}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
}

/** A stored floor mask: a one-channel PNG of the photo's proportions, only 0 and 255; returns its floor share. */
async function expectFloorMask(file: string): Promise<number> {
  const metadata = await sharp(file).metadata();
  expect([metadata.format, metadata.channels, metadata.width, metadata.height]).toEqual(['png', 1, 720, 540]);
  const data = await sharp(file).extractChannel(0).raw().toBuffer();
  const floor = data.filter((value) => value === 255).length;
  expect(floor + data.filter((value) => value === 0).length).toBe(data.length);
  expect(floor).toBeGreaterThan(0);
  return floor / data.length;
}

function storedFile(url: unknown): string {
  const prefix = `${SUPABASE_URL}/storage/v1/object/public/`;
  expect(String(url).startsWith(prefix)).toBe(true);
  return path.join(storageDir, String(url).slice(prefix.length));
}

describe('the visualizer processor webhook', () => {
  it('processes a photo: stores an upright, metadata-free original and the result, and completes the row', async () => {
    const input = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
    // The fixture really carries EXIF with a GPS position, so "no EXIF afterwards" means stripping happened.
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('FixturePhone');
    const row = addPendingRow({ email: 'Dana@Example.com' });

    const reply = await postWebhook(payloadFor(row, toDataUrl(input, 'image/jpeg'), { email: 'dana@example.COM' }));

    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: 'completed' });
    const stored = repository.rows.get(row.id)!;
    expect(stored.status).toBe('completed');
    expect(stored.original_image_url).toBe(reply.json.originalImageUrl);
    expect(stored.processed_image_url).toBe(reply.json.processedImageUrl);
    // The copies the result opens on come with the answer, so the page can fetch them while it reads the row.
    expect(reply.json.processedImageRenditions).toEqual(stored.image_renditions['natural-white-oak']);
    expect(reply.json.originalImageRenditions).toEqual(stored.image_renditions.original);
    expect(stored.original_image_url).toBe(`${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/original.jpg`);
    expect(stored.processed_image_url).toBe(
      `${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/render-1/natural-white-oak.jpg`,
    );
    // The upload, with its GPS position, is gone once the metadata-free copies are stored (the render job drops it
    // just after completing the row, so the reply can come first).
    await vi.waitFor(() => expect(readdirSync(path.join(uploadsDir, row.id))).toEqual([]), { timeout: 30_000 });
    for (const url of [stored.original_image_url, stored.processed_image_url]) {
      const file = storedFile(url);
      expect(existsSync(file)).toBe(true);
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([960, 720]);
      expect(metadata.exif).toBeUndefined();
      expect((await readFile(file)).includes(Buffer.from('FixturePhone'))).toBe(false);
    }
    // Web-sized copies of the photo and of every style (issue 35): WebP at 720 px and the photo's own 960 px (never
    // enlarged), one JPEG at 960 (the e-mails' 1040 px, capped by the photo), metadata-free like the full pictures,
    // which stay the row's URLs.
    expect(Object.keys(stored.image_renditions).sort()).toEqual(['original', ...Object.keys(stored.style_image_urls)].sort());
    for (const [key, { webp, jpeg }] of Object.entries(stored.image_renditions)) {
      expect(webp.map(({ width, height }) => [width, height]), key).toEqual([[720, 540], [960, 720]]);
      expect([jpeg.width, jpeg.height], key).toEqual([960, 720]);
      for (const [copy, format] of [...webp.map((copy) => [copy, 'webp'] as const), [jpeg, 'jpeg'] as const]) {
        const metadata = await sharp(storedFile(copy.url)).metadata();
        expect([metadata.format, metadata.width, metadata.exif], copy.url).toEqual([format, copy.width, undefined]);
      }
    }
    expect(logLines.join('\n')).not.toMatch(/dana/i);
  });

  it('looks for the floor while the photo as shown is uploaded, not after (an upload to storage is a round trip)', async () => {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    let floorAsked = () => {};
    const asked = new Promise<void>((resolve) => (floorAsked = resolve));
    // Storage that answers the photo's upload only once the engine has been asked for the floor.
    const slowOriginal: ImageStorage = {
      ...files,
      save: async (objectPath, bytes, contentType) => {
        if (objectPath.endsWith('/original.jpg')) await asked;
        return files.save(objectPath, bytes, contentType);
      },
    };
    const offline = createOfflineFloorEngine();
    engine = {
      ...offline,
      findFloor: (photo, options) => {
        floorAsked();
        return offline.findFloor(photo, options);
      },
    };
    const sharedTask = renderTask;
    renderTask = renderTaskWith(slowOriginal);
    syncReplyMs = 10_000;
    const row = addPendingRow();
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

      // Had the floor waited for the upload, nothing would have been rendered: 202, still processing.
      expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
      // The row links to the photo only once it is stored.
      expect(existsSync(storedFile(repository.rows.get(row.id)!.original_image_url))).toBe(true);
    } finally {
      floorAsked();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('makes the web copies of the new picture while the full picture is uploaded, not after', async () => {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    let copyStored = () => {};
    const copies = new Promise<void>((resolve) => (copyStored = resolve));
    // Storage that answers the full picture's upload only once a web copy of it is being stored.
    const slowFullPicture: ImageStorage = {
      ...files,
      save: async (objectPath, bytes, contentType) => {
        if (objectPath.endsWith(`/render-1/${DEFAULT_WOOD_STYLE}.jpg`)) await copies;
        if (objectPath.includes(`/render-1/${DEFAULT_WOOD_STYLE}-`)) copyStored();
        return files.save(objectPath, bytes, contentType);
      },
    };
    const sharedTask = renderTask;
    renderTask = renderTaskWith(slowFullPicture);
    syncReplyMs = 10_000;
    const row = addPendingRow();
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

      // Had the copies waited for the upload, nothing would have been rendered: 202, still processing.
      expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
      expect(existsSync(storedFile(repository.rows.get(row.id)!.processed_image_url))).toBe(true);
    } finally {
      copyStored();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it("scales the new picture's web copies from the raw pixels the engine kept, not from a decode of its JPEG", async () => {
    const offline = createOfflineFloorEngine();
    // The engine's JPEG and its raw pixels told apart: the JPEG black, the pixels white.
    engine = {
      ...offline,
      visualize: async (photo, options) => {
        const result = await offline.visualize(photo, options);
        const { width, height } = photo;
        const black = await sharp({ create: { width, height, channels: 3, background: '#000' } }).jpeg().toBuffer();
        const white = { pixels: Buffer.alloc(width * height * 3, 255), width, height };
        return { ...result, renders: result.renders.map(({ style }) => ({ style, image: black, raw: white })) };
      },
    };
    syncReplyMs = 10_000;
    const row = addPendingRow();
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

      expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
      const stored = repository.rows.get(row.id)!;
      const { webp, jpeg } = stored.image_renditions[DEFAULT_WOOD_STYLE]!;
      for (const copy of [...webp, jpeg]) {
        const { channels } = await sharp(storedFile(copy.url)).stats();
        expect(Math.min(...channels.map((channel) => channel.min)), copy.url).toBeGreaterThan(240);
      }
      // The full picture stays the engine's JPEG.
      expect((await sharp(storedFile(stored.processed_image_url)).stats()).channels[0]!.max).toBeLessThan(16);
    } finally {
      await rendersDone();
    }
  });

  it('asks for the floor before it encodes the photo as shown (the floor does not wait for that JPEG)', async () => {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    const events: string[] = [];
    const watched: ImageStorage = {
      ...files,
      save: async (objectPath, bytes, contentType) => {
        if (objectPath.endsWith('/original.jpg')) events.push('photo as shown stored');
        return files.save(objectPath, bytes, contentType);
      },
    };
    const offline = createOfflineFloorEngine();
    engine = {
      ...offline,
      findFloor: (photo, options) => {
        events.push('floor asked');
        return offline.findFloor(photo, options);
      },
    };
    const sharedTask = renderTask;
    renderTask = renderTaskWith(watched);
    const row = addPendingRow();
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

      expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
      expect(events[0]).toBe('floor asked');
      expect(events).toContain('photo as shown stored');
      expect(existsSync(storedFile(repository.rows.get(row.id)!.original_image_url))).toBe(true);
    } finally {
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it("stores both rug choices' floors while the web copies are made, not after them", async () => {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    let rugFloorStored = () => {};
    const rugFloor = new Promise<void>((resolve) => (rugFloorStored = resolve));
    // Storage that stores the new picture's web copies only once the kept-rugs floor is stored.
    const watched: ImageStorage = {
      ...files,
      save: async (objectPath, bytes, contentType) => {
        if (objectPath.includes(`/render-1/${DEFAULT_WOOD_STYLE}-`)) await rugFloor;
        await files.save(objectPath, bytes, contentType);
        if (objectPath.endsWith('/render-1/floor-keep-rugs.png')) rugFloorStored();
      },
    };
    const sharedTask = renderTask;
    renderTask = renderTaskWith(watched);
    syncReplyMs = 10_000;
    const row = addPendingRow();
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

      // Had the rug choices' floors waited for the copies, nothing would have been rendered: 202, still processing.
      expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
      expect(repository.rows.get(row.id)).toMatchObject({ rug_choice: expect.stringMatching(/^(keep|replace)$/) });
    } finally {
      rugFloorStored();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('stores a photo with EXIF orientation 6 upright', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-concrete-exif6.jpg')));
    expect(reply.status).toBe(200);
    const metadata = await sharp(storedFile(reply.json.originalImageUrl)).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([1024, 768, undefined]);
  });

  it("renders a phone screenshot's photo without the screen's bands above and below it (no planks laid on them)", async () => {
    // A landscape room shown on a portrait phone: the engine took the black band below the room for floor.
    const room = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
    const { width, height } = await sharp(room).rotate().metadata();
    const screenshot = await sharp(room).rotate().extend({ top: 600, bottom: 600, background: '#000000' }).png().toBuffer();
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(screenshot, 'image/png')));
    expect(reply.status).toBe(200);
    for (const url of [reply.json.originalImageUrl, reply.json.processedImageUrl] as string[]) {
      const metadata = await sharp(storedFile(url)).metadata();
      expect([metadata.width, metadata.height], url).toEqual([width, height]);
    }
  });

  it('replies 202 and finishes in the background when processing outlasts the reply window', async () => {
    syncReplyMs = 10;
    // The engine waits until the reply has arrived, so the reply cannot be anything but the early one.
    let releaseEngine = () => {};
    const engineMayFinish = new Promise<void>((resolve) => (releaseEngine = resolve));
    const realEngine = createOfflineFloorEngine();
    engine = {
      name: 'gated',
      findFloor: (photo) => realEngine.findFloor(photo),
      visualize: async (photo, options) => (await engineMayFinish, realEngine.visualize(photo, options)),
    };
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(reply).toMatchObject({ status: 202, json: { status: 'processing' } });
    expect(repository.rows.get(row.id)!.status).toBe('processing');
    releaseEngine();
    await rendersDone();
    expect(repository.rows.get(row.id)!.status).toBe('completed');
  });

  it('refuses a replayed request id and leaves the completed row alone', async () => {
    const row = addPendingRow();
    const payload = payloadFor(row, await fixtureDataUrl('room-tile.png'));
    expect((await postWebhook(payload)).status).toBe(200);
    const completed = { ...repository.rows.get(row.id)! };

    const replay = await postWebhook(payload);

    expect(replay).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(repository.rows.get(row.id)).toEqual(completed);
    await expectStillServing();
  });

  it('answers a finished request the same whether or not the name and e-mail match (no e-mail oracle)', async () => {
    const row = addPendingRow();
    const payload = payloadFor(row, await fixtureDataUrl('room-tile.png'));
    expect((await postWebhook(payload)).status).toBe(200);

    const rightGuess = await postWebhook(payload);
    const wrongGuess = await postWebhook({ ...payload, email: 'someone.else@example.com' });
    const wrongName = await postWebhook({ ...payload, name: 'Someone Else' });

    expect(wrongGuess).toEqual(rightGuess);
    expect(wrongName).toEqual(rightGuess);
  });

  it('stops answering for a request id after a few refused calls, whoever makes them', async () => {
    const row = addPendingRow();
    const payload = payloadFor(row, await fixtureDataUrl('room-tile.png'));
    for (let i = 0; i < MAX_WEBHOOK_REFUSALS_PER_HOUR; i++) {
      expect((await postWebhook({ ...payload, email: `guess${i}@example.com` })).status).toBe(WEBHOOK_REFUSAL.status);
    }
    const afterTheLimit = await postWebhook(payload);
    expect(afterTheLimit.status).toBe(429);
    // Not rendered; failed with the answer's reason, so a page reloaded before the answer reads why (no call takes
    // the row within the hour, after which the sweep fails a pending row anyway).
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: afterTheLimit.json.error, failure_kind: 'try_again' });
    expect(afterTheLimit.json.error).toBe('Too many attempts for this visualizer request. Please start a new one later.');
  });

  it('refuses an unknown request id with the same answer, and writes nothing for it', async () => {
    const unknownId = randomUUID();
    const reply = await postWebhook(payloadFor(addPendingRow(), await fixtureDataUrl('room-tile.png'), { requestId: unknownId }));
    expect(reply).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(await repository.refusalsThisHour(unknownId)).toBe(0);
    await expectStillServing();
  });

  it('takes a photo that arrives before its row: waits for the row the page is inserting, then renders it', async () => {
    // The page inserts the row and sends the photo at once (decision 025, session 20); on a fast line the photo wins.
    rowWaitMs = 10_000;
    const row = newRequestRow();
    const payload = payloadFor(row, await fixtureDataUrl('room-tile.png'));
    // The row lands just after the processor first looks for it.
    const find = repository.find.bind(repository);
    const lookedFor = vi.spyOn(repository, 'find').mockImplementationOnce(async (id) => {
      const found = await find(id);
      repository.rows.set(row.id, { ...row });
      return found;
    });
    const reply = await postWebhook(payload);
    lookedFor.mockRestore();
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: 'completed', requestId: row.id });
    expect(repository.rows.get(row.id)!.status).toBe('completed');
  });

  it('refuses a photo whose row never comes within the wait, as an unknown id, and writes nothing for it', async () => {
    rowWaitMs = 500;
    const row = newRequestRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(reply).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(repository.rows.has(row.id)).toBe(false);
    expect(await repository.refusalsThisHour(row.id)).toBe(0);
  });

  it('reads a row that is not there less often after the first second of the wait (a made-up id read it every 50 ms)', async () => {
    rowWaitMs = 4000;
    const row = newRequestRow();
    const find = vi.spyOn(repository, 'find');
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    const reads = find.mock.calls.filter(([id]) => id === row.id).length;
    find.mockRestore();
    expect(reply).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    // A count, not a time: 21 reads at most in the first second, then pauses of 100, 200, 400, 800 ms and 1 s (about
    // 27 in all); every 50 ms throughout was 80 reads. A busy machine reads fewer, never more.
    expect(reads).toBeLessThanOrEqual(30);
  });

  it("counts a call whose row never came as a write of its caller's allowance, and does not wait at all past it", async () => {
    // The test calls come from 127.0.0.1 without a client address header: the connection's address counts.
    const visitor = newRequestRow();
    const find = repository.find.bind(repository);
    const visitorsRow = vi.spyOn(repository, 'find').mockImplementationOnce(async (id) => {
      const found = await find(id);
      repository.rows.set(visitor.id, { ...visitor });
      return found;
    });
    // Taken (200 with the render, or 202 when the render outlasts syncReplyMs on a busy machine), not refused.
    expect([200, 202]).toContain((await postWebhook(payloadFor(visitor, await fixtureDataUrl('room-tile.png')))).status);
    visitorsRow.mockRestore();
    await rendersDone();
    // A photo that found its row, even after a wait, costs nothing.
    expect(repository.rowlessCalls.get('127.0.0.1') ?? 0).toBe(0);

    expect((await postWebhook(payloadFor(newRequestRow(), await fixtureDataUrl('room-tile.png')))).status).toBe(WEBHOOK_REFUSAL.status);
    expect(repository.rowlessCalls.get('127.0.0.1')).toBe(1);

    // Past the allowance (20 writes in the SQL throttle's window), a row not there at once is not waited for.
    repository.rowlessCalls.set('127.0.0.1', 21);
    rowWaitMs = 10_000;
    const madeUp = newRequestRow();
    const reads = vi.spyOn(repository, 'find');
    const reply = await postWebhook(payloadFor(madeUp, await fixtureDataUrl('room-tile.png')));
    const madeUpReads = reads.mock.calls.filter(([id]) => id === madeUp.id).length;
    reads.mockRestore();
    expect(reply).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(madeUpReads).toBe(1);
    await expectStillServing();
  });

  it.each([
    ['name', { name: 'Someone Else' }],
    ['email', { email: 'someone@example.com' }],
  ])('refuses a %s that does not match the row, without touching it', async (_field, override) => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png'), override));
    expect(reply).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(repository.rows.get(row.id)!.status).toBe('pending');
    await expectStillServing();
  });

  it('fails the row of a corrupt (truncated) image', async () => {
    const jpeg = await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(jpeg.subarray(0, jpeg.length / 2), 'image/jpeg')));
    expect(reply).toMatchObject({ status: 422, json: { error: 'The image is damaged or incomplete and cannot be read.' } });
    expect(repository.rows.get(row.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The image is damaged or incomplete and cannot be read.',
    });
    await expectStillServing();
  });

  it('fails the row of an image data URL that holds text', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(Buffer.from('hello, not a photo'), 'image/png')));
    expect(reply).toMatchObject({ status: 422, json: { error: 'The file is not a readable image.' } });
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: 'The file is not a readable image.', failure_kind: 'another_photo' });
    await expectStillServing();
  });

  it('fails the row of a data URL that is not an image', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(Buffer.from('a text file'), 'text/plain')));
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatch(/imageBase64 must be a base64 data URL of an image/);
    expect(repository.rows.get(row.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The file is not an image the visualizer can read.',
    });
    await expectStillServing();
  });

  it('fails the row of an image over 10 MB', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(Buffer.alloc(MAX_IMAGE_BYTES + 3, 7), 'image/jpeg')));
    expect(reply).toMatchObject({ status: 413, json: { error: 'The image must be at most 10 MB.' } });
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: 'The image must be at most 10 MB.', failure_kind: 'another_photo' });
    await expectStillServing();
  });

  it('answers 413 to a body beyond the limit without reading it all', async () => {
    const reply = await fetch(`${baseUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    }).then(async (response) => ({ status: response.status, json: await response.json() }));
    expect(reply).toMatchObject({ status: 413, json: { error: expect.stringMatching(/at most 10 MB/) } });
    await expectStillServing();
  });

  // A fault nothing foresaw (here the database gone mid-request): 500 and words a visitor can act on, the reason in
  // the log for staff, and the server still serving the next visitor.
  it('answers an unforeseen fault with 500 and a plain message, logs why, and keeps serving', async () => {
    const row = addPendingRow();
    const refusals = vi
      .spyOn(repository, 'refusalsThisHour')
      .mockRejectedValueOnce(new Error('connection terminated unexpectedly'));
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
      expect(reply).toEqual({ status: 500, json: { error: 'Failed to process the image. Please try again.' } });
    } finally {
      refusals.mockRestore();
    }
    expect(logLines.filter((line) => line.startsWith('webhook error:')).at(-1)).toContain(
      'connection terminated unexpectedly',
    );
    await expectStillServing();
  });

  // Seen under load (bench/back-office.bench.ts, 16 uploads at once): one row stayed `pending` with nothing to move it
  // on but the hour's sweep, its page following it for 5 minutes as "taking longer" (decision 016, item 20).
  it('fails the row, saying so, when a fault ends the call after its photo came (storage refused it): no render can come', async () => {
    const row = addPendingRow();
    const put = vi.spyOn(uploads, 'put').mockRejectedValueOnce(new TypeError('fetch failed'));
    try {
      const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
      expect(reply).toEqual({ status: 500, json: { error: 'Failed to process the image. Please try again.' } });
    } finally {
      put.mockRestore();
    }
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: FAILURE_REASONS.notTaken, failure_kind: 'try_again' });
    // The database dropping the call as the render is queued: the row fails the same way.
    const next = addPendingRow();
    const start = vi.spyOn(repository, 'startRender').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      expect((await postWebhook(payloadFor(next, await fixtureDataUrl('room-tile.png')))).status).toBe(500);
    } finally {
      start.mockRestore();
    }
    expect(repository.rows.get(next.id)).toMatchObject({ status: 'failed', failure_reason: FAILURE_REASONS.notTaken });
    await expectStillServing();
  });

  // A body sent in chunks says no length up front (no Content-Length to refuse it by): the limit is kept as the
  // bytes arrive, with the same answer. Answered 400 it would read as a broken request, not a photo too large.
  it('answers 413 to a chunked body that grows beyond the limit, without reading it all', async () => {
    const reply = await new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
      });
      // Once it has answered, the server closes the connection on the rest of the body.
      request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 0x78);
      let sent = 0;
      const pump = (): void => {
        while (sent <= MAX_BODY_BYTES + chunk.length) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end();
      };
      pump();
    });
    expect(reply).toMatchObject({ status: 413, json: { error: expect.stringMatching(/at most 10 MB/) } });
    await expectStillServing();
  });

  /** The body as the page sends it where the browser can compress: gzip, said in Content-Encoding. */
  async function postCompressed(body: Uint8Array, encoding = 'gzip') {
    const response = await fetch(`${baseUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding, origin: 'https://floors.example' },
      body: new Blob([new Uint8Array(body)]),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it('answers as soon as the render has written the row, not at its next read of the row', async () => {
    // Reads of the row far apart: only the render's own word can end the wait in time.
    pollMs = 10 * 60_000;
    syncReplyMs = 10 * 60_000;
    const row = addPendingRow();

    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

    expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
  });

  it('takes the photo in a gzip-compressed body, as the page sends it, and renders it as from a plain one', async () => {
    const row = addPendingRow();
    const plain = JSON.stringify(payloadFor(row, await fixtureDataUrl('room-gps.jpg')));
    const compressed = gzipSync(plain);
    // Base64 text carries 6 bits a character: gzip gives back about a quarter of it.
    expect(compressed.length).toBeLessThan(plain.length * 0.8);

    const reply = await postCompressed(compressed);

    expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
    expect(repository.rows.get(row.id)!.status).toBe('completed');
  });

  it('takes a body gzipped as several members one after the other (the photo gzipped ahead, as the page sends it)', async () => {
    const row = addPendingRow();
    const dataUrl = await fixtureDataUrl('room-gps.jpg');
    const plain = JSON.stringify(payloadFor(row, dataUrl));
    const at = plain.indexOf(dataUrl);
    const members = Buffer.concat([gzipSync(plain.slice(0, at)), gzipSync(dataUrl), gzipSync(plain.slice(at + dataUrl.length))]);

    const reply = await postCompressed(members);

    expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
    expect(repository.rows.get(row.id)!.status).toBe('completed');
  });

  it('refuses a small gzip body that would inflate past the limit as too large, without holding it whole', async () => {
    const row = addPendingRow();
    const bomb = gzipSync(Buffer.alloc(MAX_BODY_BYTES + 1024 * 1024, 0x41));
    expect(bomb.length).toBeLessThan(100 * 1024);

    const reply = await postCompressed(bomb);

    expect(reply).toMatchObject({ status: 413, json: { error: expect.stringMatching(/at most 10 MB/) } });
    expect(repository.rows.get(row.id)!.status).toBe('pending');
    await expectStillServing();
  });

  it('refuses a body nested deep or holding a great many values before parsing it, and reads what is inside strings as text', async () => {
    // 2 MB of brackets (2 KB gzipped) kept V8's JSON.parse, and so every call and render of the processor, busy for
    // 7 s at load 33; the 14 MB a body may be, minutes. Refused unparsed, with words of their own.
    const depth = 1_000_000;
    expect(await postCompressed(gzipSync('['.repeat(depth) + ']'.repeat(depth)))).toEqual({ status: 400, json: { error: TOO_INTRICATE } });
    expect(await postWebhook(`[${'0,'.repeat(200_000)}0]`)).toEqual({ status: 400, json: { error: TOO_INTRICATE } });
    // Brackets, commas and escaped quotes inside a string are text: this call is the site's, and is taken.
    const row = addPendingRow();
    const fileName = `"[{${'['.repeat(20)}\\"${','.repeat(200)}.jpg`;
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png'), { fileName }));
    expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
    await expectStillServing();
  });

  it('answers a broken gzip body with 400 and an encoding it does not take with 415', async () => {
    const compressed = gzipSync(JSON.stringify({ requestId: randomUUID() }));
    expect(await postCompressed(compressed.subarray(0, compressed.length - 8))).toMatchObject({
      status: 400,
      json: { error: 'The request body could not be decompressed.' },
    });
    expect(await postCompressed(compressed, 'br')).toMatchObject({
      status: 415,
      json: { error: 'The request body must be plain or gzip-compressed JSON.' },
    });
    await expectStillServing();
  });

  it('fails the row of a 20000×20000 decompression bomb', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(makeDecompressionBombPng(), 'image/png')));
    expect(reply.status).toBe(422);
    expect(reply.json.error).toMatch(/too large: 20000×20000 pixels/);
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed' });
    await expectStillServing();
  });

  it('a render whose row is deleted while it runs (data:forget) removes every file it wrote', async () => {
    let releaseEngine!: () => void;
    const engineMayFinish = new Promise<void>((resolve) => (releaseEngine = resolve));
    const realEngine = createOfflineFloorEngine();
    engine = {
      name: 'gated',
      findFloor: (photo) => realEngine.findFloor(photo),
      visualize: async (photo, options) => (await engineMayFinish, realEngine.visualize(photo, options)),
    };
    syncReplyMs = 0;
    const row = addPendingRow();
    expect((await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')))).status).toBe(202);
    // The photo's web copies are stored while the floor is found, before the woods; then the visitor's data is deleted.
    const folder = path.join(storageDir, 'floor-visualizer', row.id);
    await vi.waitFor(() => expect(existsSync(folder) && readdirSync(folder).some((name) => name.startsWith('original-'))).toBe(true), { timeout: 30_000 });
    repository.rows.delete(row.id);
    releaseEngine();
    await rendersDone();
    expect(existsSync(path.join(storageDir, 'floor-visualizer', row.id))).toBe(false);
    expect(existsSync(path.join(uploadsDir, row.id))).toBe(false);
    expect(logLines).toContainEqual(expect.stringMatching(new RegExp(`request=${row.id} row deleted during the render: \\d+ stored file\\(s\\) removed`)));
  });

  it('retries a broken engine, then fails the row with a human reason; the detail goes to the log only', async () => {
    let calls = 0;
    engine = {
      name: 'broken',
      findFloor: () => Promise.reject(new Error('engine out of order')),
      visualize: () => ((calls += 1), Promise.reject(new Error('segmenter tensor shape mismatch [1,3,512,512]'))),
    };
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));

    expect(calls).toBe(RENDER_MAX_ATTEMPTS);
    expect(reply).toMatchObject({ status: 422, json: { error: FAILURE_REASONS.renderFailed } });
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: FAILURE_REASONS.renderFailed, failure_kind: 'try_again' });
    const logged = logLines.filter((line) => line.includes(row.id)).join('\n');
    expect(logged).toContain('segmenter tensor shape mismatch');
    expect(logged).not.toMatch(/dana/i);
    await expectStillServing();
  });

  it('refuses a body that is not JSON or misses fields', async () => {
    expect((await postWebhook('{not json')).status).toBe(400);
    const missing = await postWebhook({ requestId: 'not-a-uuid' });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/requestId/);
    await expectStillServing();
  });

  it("refuses a call a page on another site could send without asking (a CORS 'simple' request): its photo is not taken", async () => {
    // A browser sends these from any page with no preflight, so ALLOWED_ORIGINS never decides them; the answer only
    // could not be read. text/plain is what fetch(url, { method: 'POST', mode: 'no-cors', body }) sends, the other
    // two a form's posts; a body with no type at all comes from a Blob without one.
    const row = addPendingRow();
    const body = JSON.stringify(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    for (const contentType of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const response = await fetch(`${baseUrl}/`, {
        method: 'POST',
        headers: { origin: 'https://elsewhere.example', ...(contentType ? { 'content-type': contentType } : {}) },
        body: contentType ? body : new Blob([body]),
      });
      expect({ contentType, status: response.status, json: await response.json() }).toEqual({
        contentType,
        status: 415,
        json: { error: NOT_SENT_AS_JSON },
      });
    }
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'pending', original_image_url: null });
    // The same body sent as the site sends it (application/json, after the preflight) is taken.
    expect((await postWebhook(JSON.parse(body))).status).toBe(200);
  });

  it('answers the CORS preflight and allows only the configured origins', async () => {
    const preflight = await fetch(`${baseUrl}/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://floors.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://floors.example');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      `content-type, content-encoding, authorization, apikey, x-client-info, ${WEBHOOK_REQUEST_ID_HEADER}`,
    );
    const stranger = await fetch(`${baseUrl}/health`, { headers: { origin: 'https://elsewhere.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a request the visitor withdraws as they send changed details (decision 056)', () => {
  const withdrawal = (row: VisualizerRequestRow, extra: Record<string, unknown> = {}) => ({
    requestId: row.id,
    name: row.customer_name,
    email: row.email,
    withdraw: true,
    ...extra,
  });

  it('fails a row whose floor is being laid, and the render then writes nothing: no result, so no e-mail', async () => {
    syncReplyMs = 10;
    let releaseEngine = () => {};
    const engineMayFinish = new Promise<void>((resolve) => (releaseEngine = resolve));
    const realEngine = createOfflineFloorEngine();
    engine = {
      name: 'gated',
      findFloor: async (photo) => (await engineMayFinish, realEngine.findFloor(photo)),
      visualize: async (photo, options) => (await engineMayFinish, realEngine.visualize(photo, options)),
    };
    const row = addPendingRow();
    expect((await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')))).status).toBe(202);
    expect(repository.rows.get(row.id)!.status).toBe('processing');

    const reply = await postWebhook(withdrawal(row));
    expect(reply).toEqual({ status: 200, json: { status: 'withdrawn', requestId: row.id } });
    releaseEngine();
    await rendersDone();
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: WITHDRAWN_REASON, failure_kind: 'withdrawn', processed_image_url: null });
  });

  it('fails a pending row, so a photo still in the line for it is refused', async () => {
    const row = addPendingRow();
    expect((await postWebhook(withdrawal(row))).status).toBe(200);
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: WITHDRAWN_REASON, failure_kind: 'withdrawn' });
    const photo = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(photo).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
  });

  it("touches no row with another name or e-mail, nor one that has ended: the one refusal, as for a photo", async () => {
    const pending = addPendingRow();
    const untouched = { ...repository.rows.get(pending.id)! };
    for (const other of [{ email: 'someone.else@example.com' }, { name: 'Someone Else' }]) {
      expect(await postWebhook(withdrawal(pending, other))).toEqual({
        status: WEBHOOK_REFUSAL.status,
        json: { error: WEBHOOK_REFUSAL.error },
      });
    }
    expect(repository.rows.get(pending.id)).toMatchObject({ status: untouched.status, failure_reason: null });

    const done = addPendingRow();
    expect((await postWebhook(payloadFor(done, await fixtureDataUrl('room-tile.png')))).status).toBe(200);
    const completed = { ...repository.rows.get(done.id)! };
    expect(await postWebhook(withdrawal(done))).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(repository.rows.get(done.id)).toEqual(completed);
    expect((await postWebhook({ ...withdrawal(done), withdraw: 'yes' })).status).toBe(400);
  });

  it('stops answering withdrawals for a request id after a few refused ones, so its name and e-mail cannot be guessed at', async () => {
    const row = addPendingRow();
    for (let i = 0; i < MAX_WEBHOOK_REFUSALS_PER_HOUR; i++) {
      expect((await postWebhook(withdrawal(row, { email: `guess${i}@example.com` }))).status).toBe(WEBHOOK_REFUSAL.status);
    }
    // The right name and e-mail now: not withdrawn, and nothing says they were right.
    expect((await postWebhook(withdrawal(row))).status).toBe(429);
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'pending', failure_reason: null });
  });
});

describe('"Fix the floor": corrections with the visitor\'s token', () => {
  async function renderedRequest() {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(reply.status).toBe(200);
    return { row, token: String(reply.json.correctionToken) };
  }
  const taps = [{ x: 0.5, y: 0.9, floor: true }];

  it('gives the token once, in the reply that started the render, and keeps only its hash', async () => {
    const { row, token } = await renderedRequest();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify([...repository.rows.values()])).not.toContain(token);
    const replay = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(replay.json.correctionToken).toBeUndefined();
  });

  it('re-renders with the taps as the next render; the previous images stay until the new ones are stored', async () => {
    const { row, token } = await renderedRequest();
    const first = { ...repository.rows.get(row.id)! };
    expect(first).toMatchObject({ render_number: 1, style_image_urls: { 'natural-white-oak': first.processed_image_url } });

    const reply = await postWebhook({ requestId: row.id, correctionToken: token, taps });
    expect(reply).toEqual({ status: 202, json: { status: 'rendering', requestId: row.id, renderNumber: 2 } });
    await rendersDone();

    const corrected = repository.rows.get(row.id)!;
    expect(corrected).toMatchObject({ status: 'completed', render_number: 2, correction_state: null, original_image_url: first.original_image_url });
    expect(corrected.processed_image_url).toBe(`${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/render-2/natural-white-oak.jpg`);
    expect(existsSync(storedFile(corrected.processed_image_url))).toBe(true);
    expect(existsSync(storedFile(first.processed_image_url))).toBe(true);
    expect(repository.queuedJobs.at(-1)).toMatchObject({ requestId: row.id, renderNumber: 2, taps, styles: ['natural-white-oak'] });
  });

  it('stores the floor each render found beside its images, for the page to outline, and how much of the photo it is', async () => {
    const { row, token } = await renderedRequest();
    const first = { ...repository.rows.get(row.id)! };
    expect(first.floor_mask_url).toBe(`${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/render-1/floor-mask.png`);
    const firstShare = await expectFloorMask(storedFile(first.floor_mask_url));
    // The row's share is counted on the full-size mask, the stored PNG is a smaller copy of it.
    expect(first.floor_share).toBeCloseTo(firstShare, 2);

    // "Not floor" over the whole bottom band: the corrected render's mask is another file, with less floor.
    const notFloor = [0.1, 0.3, 0.5, 0.7, 0.9].map((x) => ({ x, y: 0.95, floor: false }));
    expect((await postWebhook({ requestId: row.id, correctionToken: token, taps: notFloor })).status).toBe(202);
    await rendersDone();
    const corrected = repository.rows.get(row.id)!;
    expect(corrected.floor_mask_url).toBe(`${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/render-2/floor-mask.png`);
    const [before, after] = [await expectFloorMask(storedFile(first.floor_mask_url)), await expectFloorMask(storedFile(corrected.floor_mask_url))];
    expect(after).toBeLessThan(before);
    expect(corrected.floor_share).toBeCloseTo(after, 2);
  });

  it('`npm run floor-mask` gives, pixel for pixel, the floor the page shows: the first render, then after the same taps in order', async () => {
    // Three network runs here and three more in the commands: a slow machine still gets its reply in time.
    syncReplyMs = 300_000;
    const { row, token } = await renderedRequest();
    // Missed floor first, then a wrong piece: the order matters where their regions meet.
    const visitorTaps = [
      { x: 0.5, y: 0.6, floor: false },
      { x: 0.3, y: 0.95, floor: true },
    ];
    expect((await postWebhook({ requestId: row.id, correctionToken: token, taps: visitorTaps })).status).toBe(202);
    await rendersDone();
    const corrected = repository.rows.get(row.id)!;
    expect(corrected).toMatchObject({ render_number: 2, correction_state: null });
    const shown = (render: number, rugs = corrected.rug_choice!) =>
      path.join(storageDir, 'floor-visualizer', row.id, `render-${render}`, `floor-${rugs}-rugs.png`);
    const pixels = async (file: string) => (await sharp(file).extractChannel(0).raw().toBuffer()).toString('base64');
    const folder = await mkdtemp(path.join(tmpdir(), 'floor-as-shown-'));
    try {
      // The first render decoded the upload itself; a fix decodes the stored original, so the command is given that.
      const upload = path.join(FIXTURE_DIR, 'room-tile.png');
      const original = storedFile(corrected.original_image_url);
      const commands: [string[], string][] = [
        [[upload], shown(1)],
        [[upload, '--rugs', 'replace'], shown(1, 'replace')],
        [[original, ...visitorTaps.flatMap((tap) => ['--tap', `${tap.x},${tap.y},${tap.floor ? 'floor' : 'not-floor'}`])], shown(2)],
      ];
      const first = await pixels(shown(1));
      for (const [[input, ...flags], expected] of commands) {
        const output = path.join(folder, `${path.basename(expected)}-${flags.length}.png`);
        await run(process.execPath, ['--import', TSX, FLOOR_MASK_COMMAND, input!, output, ...flags]);
        expect(await pixels(output)).toBe(await pixels(expected));
      }
      // The taps changed the floor, so the equality above is not that of two untouched masks.
      expect(await pixels(shown(2))).not.toBe(first);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 400_000);

  it('refuses wrong tokens with the one refusal, and however many come, the visitor’s own token still works', async () => {
    const { row, token } = await renderedRequest();
    for (let i = 0; i < MAX_WEBHOOK_REFUSALS_PER_HOUR + 2; i++) {
      const wrong = await postWebhook({ requestId: row.id, correctionToken: String(i).padEnd(43, 'A'), taps });
      expect(wrong).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    }
    expect(repository.rows.get(row.id)!.render_number).toBe(1);
    expect((await postWebhook({ requestId: row.id, correctionToken: token, taps })).status).toBe(202);
    await rendersDone();
    expect(repository.rows.get(row.id)!.render_number).toBe(2);
  });

  it(`allows ${MAX_CORRECTIONS_PER_REQUEST} corrections per request, one at a time`, async () => {
    const { row, token } = await renderedRequest();
    for (let i = 0; i < MAX_CORRECTIONS_PER_REQUEST; i++) {
      expect((await postWebhook({ requestId: row.id, correctionToken: token, taps })).status).toBe(202);
      await rendersDone();
    }
    const oneMore = await postWebhook({ requestId: row.id, correctionToken: token, taps });
    expect(oneMore.status).toBe(429);
    expect(repository.rows.get(row.id)!.render_number).toBe(1 + MAX_CORRECTIONS_PER_REQUEST);
  });

  it('answers 410 to a fix or a rug choice once the retention job has deleted the photo, and queues nothing', async () => {
    const { row, token } = await renderedRequest();
    // As mark_visualizer_images_deleted leaves it (a rug choice had been offered).
    Object.assign(repository.rows.get(row.id)!, { images_deleted_at: new Date().toISOString(), style_image_urls: {}, floor_mask_url: null, rug_choice: 'keep' });
    const queued = repository.queuedJobs.length;
    for (const body of [{ taps }, { rugs: 'replace' }]) {
      const reply = await postWebhook({ requestId: row.id, correctionToken: token, ...body });
      expect(reply).toEqual({ status: 410, json: { error: 'This result has expired and its photo has been deleted. Please start a new request.' } });
    }
    expect(repository.queuedJobs).toHaveLength(queued);
  });

  it('marks a correction failed and keeps the previous result when its render keeps failing', async () => {
    const { row, token } = await renderedRequest();
    const before = { ...repository.rows.get(row.id)! };
    engine = { name: 'broken', findFloor: () => Promise.reject(new Error('nope')), visualize: () => Promise.reject(new Error('nope')) };
    expect((await postWebhook({ requestId: row.id, correctionToken: token, taps })).status).toBe(202);
    await rendersDone();
    expect(repository.rows.get(row.id)).toEqual({ ...before, correction_state: 'failed' });
  });
});

describe('the wood the visitor shows, recorded for the holder of the token (decision 046)', () => {
  async function renderedRequest() {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(reply.status).toBe(200);
    // As the later woods leave it (decision 025): walnut laid beside the default.
    const rendered = repository.rows.get(row.id)!;
    rendered.style_image_urls = { ...rendered.style_image_urls, walnut: `${rendered.processed_image_url}-walnut` };
    return { row, token: String(reply.json.correctionToken) };
  }

  it('records each pick, and that the visitor left, answering at once with nothing rendered', async () => {
    const { row, token } = await renderedRequest();
    const queued = repository.queuedJobs.length;
    expect(await postWebhook({ requestId: row.id, correctionToken: token, wood: 'walnut' })).toEqual({
      status: 200,
      json: { status: 'recorded', requestId: row.id },
    });
    expect(repository.woodChoices.get(row.id)).toEqual({ wood: 'walnut', left: false });
    expect((await postWebhook({ requestId: row.id, correctionToken: token, wood: DEFAULT_WOOD_STYLE, left: true })).status).toBe(200);
    expect(repository.woodChoices.get(row.id)).toEqual({ wood: DEFAULT_WOOD_STYLE, left: true });
    expect(repository.queuedJobs).toHaveLength(queued);
    expect(repository.rows.get(row.id)!.render_number).toBe(1);
  });

  it('refuses a wrong token with the one refusal, a wood the render has no picture of, and a wood that is none', async () => {
    const { row, token } = await renderedRequest();
    const wrong = await postWebhook({ requestId: row.id, correctionToken: 'B'.repeat(43), wood: 'walnut' });
    expect(wrong).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect((await postWebhook({ requestId: row.id, correctionToken: token, wood: 'hickory' })).status).toBe(409);
    expect((await postWebhook({ requestId: row.id, correctionToken: token, wood: 'oak' })).status).toBe(400);
    expect(repository.woodChoices.has(row.id)).toBe(false);
    // Another visitor's token does not reach this row.
    const other = await renderedRequest();
    expect((await postWebhook({ requestId: row.id, correctionToken: other.token, wood: 'walnut' })).status).toBe(WEBHOOK_REFUSAL.status);
    expect(repository.woodChoices.has(row.id)).toBe(false);
  });
});

describe('carpet and rugs: "Keep my rugs" or "Replace carpet and rugs too" from one network run', () => {
  /**
   * room-tile.png (720×540) with a network stand-in: floor is the bottom half; a rug lies on it in the middle
   * (an island of floor all round: an area rug), and rugs replaced make it floor too. The real renderer lays
   * the wood, so the two renders differ exactly where the rug is.
   */
  const WIDTH = 720;
  const HEIGHT = 540;
  const areaRug = (x: number, y: number) => x >= 260 && x < 460 && y >= 360 && y < 460;
  let onRug = areaRug;
  let floorSearches = 0;
  const rugEngine = (): FloorEngine =>
    createOfflineFloorEngine({
      findFloor: async (photo, options) => {
        floorSearches++;
        const kept = Buffer.alloc(WIDTH * HEIGHT);
        const replaced = Buffer.alloc(WIDTH * HEIGHT);
        for (let y = HEIGHT / 2; y < HEIGHT; y++) {
          for (let x = 0; x < WIDTH; x++) {
            replaced[y * WIDTH + x] = 255;
            if (!onRug(x, y)) kept[y * WIDTH + x] = 255;
          }
        }
        const classes = new Uint8Array(64 * 64).map((_, i) => (Math.floor(i / 64) < 32 ? 1 : 4));
        const mask = options.keepRugs === false ? replaced : kept;
        return { width: photo.width, height: photo.height, mask, scene: { width: 64, height: 64, classes }, ...(options.withRugsReplaced ? { rugsReplacedMask: replaced } : {}) };
      },
      prepareStyles: prepareWoodStyles,
    });

  async function renderedRequest(covering = areaRug) {
    onRug = covering;
    engine = rugEngine();
    floorSearches = 0;
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(reply.status).toBe(200);
    return { row, token: String(reply.json.correctionToken) };
  }

  const rugChange = async (a: string, b: string) => {
    const [one, two] = [await sharp(storedFile(a)).raw().toBuffer(), await sharp(storedFile(b)).raw().toBuffer()];
    let onRugChange = 0;
    let elsewhere = 0;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 3;
        const change = Math.abs(one[i]! - two[i]!) + Math.abs(one[i + 1]! - two[i + 1]!) + Math.abs(one[i + 2]! - two[i + 2]!);
        // Away from the rug's edge, where the wood's light estimate may shift a little.
        if (onRug(x, y) && onRug(x - 8, y - 8) && onRug(x + 8, y + 8)) onRugChange += change > 30 ? 1 : 0;
        // Above the floor, clear of the JPEG blocks that straddle its edge.
        else if (y < HEIGHT / 2 - 16) elsewhere += change > 30 ? 1 : 0;
      }
    }
    return { onRug: onRugChange / (184 * 84), elsewhere };
  };

  it('an area rug stays by default; both floors and the scene are stored beside the first render', async () => {
    const { row } = await renderedRequest();
    const first = repository.rows.get(row.id)!;
    expect(first).toMatchObject({ status: 'completed', render_number: 1, rug_choice: 'keep' });
    expect(first.rug_share).toBeCloseTo((200 * 100) / (WIDTH * HEIGHT), 4);
    const folder = path.join(storageDir, 'floor-visualizer', row.id, 'render-1');
    // The render's web-sized copies (issue 35) are all at the photo's own 720 px: never enlarged.
    expect(readdirSync(folder).sort()).toEqual([
      'floor-keep-rugs.png',
      'floor-mask.png',
      'floor-replace-rugs.png',
      'natural-white-oak-720w.jpg',
      'natural-white-oak-720w.webp',
      'natural-white-oak.jpg',
      'scene-classes.png',
    ]);
    const stored = await sharp(path.join(folder, 'floor-replace-rugs.png')).metadata();
    expect([stored.format, stored.width, stored.height, stored.channels]).toEqual(['png', WIDTH, HEIGHT, 1]);
    const replaced = await sharp(path.join(folder, 'floor-replace-rugs.png')).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(replaced.data[400 * WIDTH + 300]).toBe(255);
    const kept = await sharp(path.join(folder, 'floor-keep-rugs.png')).extractChannel(0).raw().toBuffer();
    expect(kept[400 * WIDTH + 300]).toBe(0);
    expect(kept[500 * WIDTH + 100]).toBe(255);
  });

  it('a carpet that reaches the walls is replaced by default: the first render already lays wood on it', async () => {
    // Carpet over the whole floor but a strip by the door (bottom left): its outline meets the wall, not floor.
    const fitted = (x: number, y: number) => y >= HEIGHT / 2 && !(y >= 500 && x < 120);
    const { row } = await renderedRequest(fitted);
    const first = repository.rows.get(row.id)!;
    expect(first).toMatchObject({ status: 'completed', render_number: 1, rug_choice: 'replace' });
    const outline = await sharp(storedFile(first.floor_mask_url)).extractChannel(0).raw().toBuffer();
    expect(outline[400 * WIDTH + 300]).toBe(255);
  });

  it('"Replace carpet and rugs too" is the next render through the queue: wood over the rug, no second network run', async () => {
    const { row, token } = await renderedRequest();
    const first = { ...repository.rows.get(row.id)! };
    const reply = await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'replace' });
    expect(reply).toEqual({ status: 202, json: { status: 'rendering', requestId: row.id, renderNumber: 2 } });
    expect(repository.queuedJobs.at(-1)).toMatchObject({ requestId: row.id, renderNumber: 2, rugs: 'replace', reuseFloor: true, taps: [] });
    await rendersDone();

    const replaced = repository.rows.get(row.id)!;
    expect(replaced).toMatchObject({ status: 'completed', render_number: 2, rug_choice: 'replace', correction_state: null, rug_share: first.rug_share });
    expect(replaced.processed_image_url).toBe(`${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/render-2/natural-white-oak.jpg`);
    expect(floorSearches).toBe(1);
    const change = await rugChange(first.processed_image_url!, replaced.processed_image_url!);
    expect(change.onRug).toBeGreaterThan(0.9);
    expect(change.elsewhere).toBe(0);
    // The outline follows the choice: the rug is inside the floor now.
    const outline = await sharp(storedFile(replaced.floor_mask_url)).extractChannel(0).raw().toBuffer();
    expect(outline[400 * WIDTH + 300]).toBe(255);

    // And back: "Keep my rugs" is render 3, the rug as it was in render 1.
    expect((await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'keep' })).json.renderNumber).toBe(3);
    await rendersDone();
    const back = repository.rows.get(row.id)!;
    expect(back).toMatchObject({ render_number: 3, rug_choice: 'keep' });
    expect((await rugChange(first.processed_image_url!, back.processed_image_url!)).onRug).toBeLessThan(0.01);
    expect(floorSearches).toBe(1);
  });

  it('a fix keeps the visitor’s rug choice; asking for the choice already shown starts nothing', async () => {
    const { row, token } = await renderedRequest();
    expect((await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'keep' })).json).toEqual({ status: 'rendering', requestId: row.id, renderNumber: 1 });
    const queued = repository.queuedJobs.length;
    await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'replace' });
    await rendersDone();
    expect(repository.queuedJobs.length).toBe(queued + 1);
    expect((await postWebhook({ requestId: row.id, correctionToken: token, taps: [{ x: 0.1, y: 0.9, floor: true }] })).status).toBe(202);
    await rendersDone();
    expect(repository.queuedJobs.at(-1)).toMatchObject({ renderNumber: 3, rugs: 'replace' });
    expect(repository.queuedJobs.at(-1)!.reuseFloor ?? false).toBe(false);
    expect(repository.rows.get(row.id)).toMatchObject({ render_number: 3, rug_choice: 'replace' });
    expect(floorSearches).toBe(2);
  });

  it('only the visitor who made the request chooses, one render at a time', async () => {
    const { row, token } = await renderedRequest();
    const wrong = await postWebhook({ requestId: row.id, correctionToken: 'B'.repeat(43), rugs: 'replace' });
    expect(wrong).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect((await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'wood' })).status).toBe(400);
    repository.rows.get(row.id)!.correction_state = 'rendering';
    expect((await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'replace' })).status).toBe(409);
    repository.rows.get(row.id)!.correction_state = null;
    expect(repository.rows.get(row.id)).toMatchObject({ render_number: 1, rug_choice: 'keep' });
  });

  it('an engine that offers no rug choice (an external service) finds its own floor once per render, and the choice is refused', async () => {
    const row = addPendingRow();
    const offline = createOfflineFloorEngine();
    let searches = 0;
    engine = {
      name: 'service',
      findFloor: (photo) => ((searches += 1), offline.findFloor(photo)),
      visualize: (photo, options) => offline.visualize(photo, { ...options, floor: undefined }),
    };
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'completed', rug_choice: null, rug_share: null });
    expect(searches).toBe(0);
    const choice = await postWebhook({ requestId: row.id, correctionToken: String(reply.json.correctionToken), rugs: 'replace' });
    expect(choice.status).toBe(WEBHOOK_REFUSAL.status);
  });
});

describe('the default wood first, then the other four (decision 025, session 16)', () => {
  let allStylesUrl: string;
  let allStylesServer: ProcessorServer;
  /** The later woods' engine call waits for this; the default's and a fix's (which lay the default) do not. */
  let releaseLaterWoods = () => {};
  let laterWoodsAsked: string[][] = [];

  beforeAll(async () => {
    allStylesServer = createProcessorServer({
      repository,
      uploads: createLocalUploadStore(uploadsDir),
      engineName: 'test',
      syncReplyMs: 30_000,
      pollMs: 20,
      renderFinished,
      renderStyles: WOOD_STYLE_IDS,
      allowedOrigins: ['https://floors.example'],
      log: (line) => logLines.push(line),
    });
    await new Promise<void>((resolve) => allStylesServer.server.listen(0, '127.0.0.1', resolve));
    allStylesUrl = `http://127.0.0.1:${(allStylesServer.server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => allStylesServer.server.close(resolve)));

  /** How the engine was asked for each set of woods: a visualization, or more styles from the default's. */
  let woodsAsked: string[] = [];

  /**
   * The offline engine, with the later woods held until the test releases them (or failing, when told to). They
   * come from the default's visualization (renderMoreStyles), or, for an engine that keeps nothing between calls
   * (`keepsPrepared: false`), from a second visualization.
   */
  function engineWithLaterWoodsHeld({ laterWoodsFail = false, keepsPrepared = true } = {}): FloorEngine {
    const offline = createOfflineFloorEngine();
    const held = new Promise<void>((resolve) => (releaseLaterWoods = resolve));
    laterWoodsAsked = [];
    woodsAsked = [];
    const holdLaterWoods = async (styles: readonly string[]) => {
      if (styles.includes(DEFAULT_WOOD_STYLE)) return;
      laterWoodsAsked.push([...styles]);
      await held;
      if (laterWoodsFail) throw new Error('out of memory laying the later woods');
    };
    return {
      name: 'held',
      offersRugChoice: offline.offersRugChoice,
      findFloor: (photo, options) => offline.findFloor(photo, options),
      visualize: async (photo, options) => {
        const styles = options?.styles ?? WOOD_STYLE_IDS;
        woodsAsked.push(`visualize ${styles.join(' ')}${options?.floor ? ' on a given floor' : ''}`);
        await holdLaterWoods(styles);
        const { renderMoreStyles, ...visualization } = await offline.visualize(photo, options);
        if (!keepsPrepared || !renderMoreStyles) return visualization;
        return {
          ...visualization,
          renderMoreStyles: async (more, onRender) => {
            woodsAsked.push(`more ${more.join(' ')}`);
            await holdLaterWoods(more);
            return renderMoreStyles(more, onRender);
          },
        };
      },
    };
  }

  async function sendPhoto(row: VisualizerRequestRow) {
    const response = await fetch(`${allStylesUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://floors.example' },
      body: JSON.stringify(payloadFor(row, await fixtureDataUrl('room-tile.png'))),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  const otherStyles = WOOD_STYLE_IDS.filter((style) => style !== DEFAULT_WOOD_STYLE);

  it('answers with the default wood, its row saying which woods are coming, then adds the other four to the row', async () => {
    engine = engineWithLaterWoodsHeld();
    const row = addPendingRow();

    const reply = await sendPhoto(row);

    expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
    const shown = { ...repository.rows.get(row.id)! };
    expect(shown).toMatchObject({ status: 'completed', render_number: 1, styles_coming: otherStyles, styles_not_made: [] });
    expect(Object.keys(shown.style_image_urls)).toEqual([DEFAULT_WOOD_STYLE]);
    expect(Object.keys(shown.image_renditions).sort()).toEqual([DEFAULT_WOOD_STYLE, 'original'].sort());
    await vi.waitFor(() => expect(laterWoodsAsked).toEqual([otherStyles]));

    releaseLaterWoods();
    await rendersDone();

    const whole = repository.rows.get(row.id)!;
    expect(whole).toMatchObject({ render_number: 1, styles_coming: [], styles_not_made: [], processed_image_url: shown.processed_image_url });
    expect(Object.keys(whole.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort());
    expect(Object.keys(whole.image_renditions).sort()).toEqual(['original', ...WOOD_STYLE_IDS].sort());
    expect(whole.image_renditions[DEFAULT_WOOD_STYLE]).toEqual(shown.image_renditions[DEFAULT_WOOD_STYLE]);
    for (const style of otherStyles) {
      expect(existsSync(storedFile(whole.style_image_urls[style])), style).toBe(true);
      expect(existsSync(storedFile(whole.image_renditions[style]!.jpeg.url)), style).toBe(true);
    }
    // The other four from what the engine prepared for the default, not a second visualization of the floor.
    expect(woodsAsked).toEqual([`visualize ${DEFAULT_WOOD_STYLE} on a given floor`, `more ${otherStyles.join(' ')}`]);
    // One "done" line when the default is shown, one line as each later wood joins the row; the stages line is still
    // the render's last, the later woods in it.
    const lines = logLines.filter((line) => line.includes(`request=${row.id} render 1 `));
    expect(lines).toHaveLength(2 + otherStyles.length);
    expect(lines[0]).toMatch(/ render 1 done in \d+ms$/);
    // Two woods are prepared at a time (decision 049), so which of a pair joins the row first is the machine's to say.
    expect(lines.slice(1, -1).map((line) => line.replace(/.* later wood (\S+) in the row after \d+ms$/, '$1')).sort()).toEqual([...otherStyles].sort());
    expect(lines.at(-1)).toMatch(/ render 1 stages: .*, row \d+ms, later woods \d+ms, later row \d+ms$/);
  });

  it('adds each later wood to the row as soon as it is stored, while the next is still being laid (decision 049)', async () => {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    const [first, second] = otherStyles;
    let releaseSecond = () => {};
    const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
    // The second later wood's full picture is not stored until the test says so: the first must not wait for it.
    const heldStorage: ImageStorage = {
      ...files,
      save: async (objectPath, bytes, contentType) => {
        if (objectPath.endsWith(`/render-1/${second}.jpg`)) await secondHeld;
        return files.save(objectPath, bytes, contentType);
      },
    };
    const sharedTask = renderTask;
    renderTask = renderTaskWith(heldStorage);
    engine = createOfflineFloorEngine();
    const row = addPendingRow();
    try {
      expect((await sendPhoto(row)).status).toBe(200);

      // The first later wood is in the row, with its web copies, and the others are still said to be coming.
      await vi.waitFor(() => expect(Object.keys(repository.rows.get(row.id)!.style_image_urls)).toContain(first), { timeout: 20_000 });
      const partial = repository.rows.get(row.id)!;
      expect(partial.styles_coming).toContain(second);
      expect(partial.styles_coming).not.toContain(first);
      expect(partial.styles_not_made).toEqual([]);
      expect(Object.keys(partial.style_image_urls)).toEqual(expect.arrayContaining([DEFAULT_WOOD_STYLE, first]));
      expect(Object.keys(partial.style_image_urls)).not.toContain(second);
      // Those after the held one may join meanwhile (two woods are stored at a time); every wood is in one list only.
      expect([...Object.keys(partial.style_image_urls), ...partial.styles_coming].sort()).toEqual([...WOOD_STYLE_IDS].sort());
      expect(existsSync(storedFile(partial.style_image_urls[first!]))).toBe(true);
      expect(existsSync(storedFile(partial.image_renditions[first!]!.webp[0]!.url))).toBe(true);

      releaseSecond();
      await vi.waitFor(() => expect(repository.rows.get(row.id)!.styles_coming).toEqual([]), { timeout: 20_000 });
      expect(Object.keys(repository.rows.get(row.id)!.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort());
    } finally {
      releaseSecond();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('makes the later woods\' web copies while their full pictures are uploaded, not after', async () => {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    const later = otherStyles[0]!;
    let copyStored = () => {};
    const copies = new Promise<void>((resolve) => (copyStored = resolve));
    // Storage that answers a later wood's full picture only once a web copy of it is being stored.
    const slowFullPicture: ImageStorage = {
      ...files,
      save: async (objectPath, bytes, contentType) => {
        if (objectPath.endsWith(`/render-1/${later}.jpg`)) await copies;
        if (objectPath.includes(`/render-1/${later}-`)) copyStored();
        return files.save(objectPath, bytes, contentType);
      },
    };
    const sharedTask = renderTask;
    renderTask = renderTaskWith(slowFullPicture);
    const row = addPendingRow();
    try {
      expect((await sendPhoto(row)).status).toBe(200);

      // Had the copies waited for the upload, the later woods would never have come.
      await vi.waitFor(() => expect(repository.rows.get(row.id)!.styles_coming).toEqual([]), { timeout: 20_000 });
      const whole = repository.rows.get(row.id)!;
      expect(Object.keys(whole.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort());
      expect(existsSync(storedFile(whole.style_image_urls[later]))).toBe(true);
    } finally {
      copyStored();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('with an engine that keeps nothing between calls, lays the other four by a second visualization on the same floor', async () => {
    engine = engineWithLaterWoodsHeld({ keepsPrepared: false });
    const row = addPendingRow();
    expect((await sendPhoto(row)).status).toBe(200);
    const shown = { ...repository.rows.get(row.id)! };
    releaseLaterWoods();
    await rendersDone();

    const whole = repository.rows.get(row.id)!;
    expect(whole).toMatchObject({ render_number: 1, styles_coming: [], styles_not_made: [], processed_image_url: shown.processed_image_url });
    expect(Object.keys(whole.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort());
    expect(woodsAsked).toEqual([`visualize ${DEFAULT_WOOD_STYLE} on a given floor`, `visualize ${otherStyles.join(' ')} on a given floor`]);
  });

  it('a later wood that cannot be made leaves the default picture and says which woods were not made', async () => {
    engine = engineWithLaterWoodsHeld({ laterWoodsFail: true });
    const row = addPendingRow();
    expect((await sendPhoto(row)).status).toBe(200);
    const shown = { ...repository.rows.get(row.id)! };
    releaseLaterWoods();
    await rendersDone();

    expect(repository.rows.get(row.id)).toEqual({ ...shown, styles_coming: [], styles_not_made: otherStyles });
    expect(logLines.some((line) => line.startsWith(`request=${row.id} render 1 later styles failed after `) && line.includes('out of memory'))).toBe(true);
  });

  /**
   * Files on disk whose upload of one later wood's full picture fails `times` times (each with `fault`), then stores
   * it; the tries of that upload are counted.
   */
  function storageFailingOneWood(style: string, times: number, fault: () => Error) {
    const files = createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL });
    const flaky = { tries: 0, storage: { ...files } as ImageStorage };
    flaky.storage.save = async (objectPath, bytes, contentType) => {
      if (objectPath.endsWith(`/render-1/${style}.jpg`) && ++flaky.tries <= times) throw fault();
      return files.save(objectPath, bytes, contentType);
    };
    return flaky;
  }

  // Waits between tries of a few milliseconds: the test is about which woods reach the row, not how long they wait.
  const quickRetries = [5, 5, 5];

  it('a later wood whose upload fails once with a passing fault (fetch failed) is stored on the next try: all five woods reach the row', async () => {
    const first = otherStyles[0]!;
    const flaky = storageFailingOneWood(first, 1, () => new TypeError('fetch failed'));
    const sharedTask = renderTask;
    renderTask = renderTaskWith(flaky.storage, undefined, undefined, quickRetries);
    const row = addPendingRow();
    try {
      expect((await sendPhoto(row)).status).toBe(200);
      await rendersDone();

      const whole = repository.rows.get(row.id)!;
      expect(whole).toMatchObject({ styles_coming: [], styles_not_made: [] });
      expect(Object.keys(whole.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort());
      expect(existsSync(storedFile(whole.style_image_urls[first]))).toBe(true);
      expect(flaky.tries).toBe(2);
      expect(logLines).toContain(`request=${row.id} render 1 later wood ${first}: upload of ${first}.jpg failed (fetch failed), try 2 in 5ms`);
      expect(logLines.some((line) => line.includes(`request=${row.id} render 1 later styles failed`))).toBe(false);
    } finally {
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('a later wood whose upload keeps failing (503) is said not made after four tries, and only it: the other woods join the row', async () => {
    const first = otherStyles[0]!;
    const flaky = storageFailingOneWood(first, Infinity, () => new StorageAnswerError('Storage upload in bucket floor-visualizer failed (503): busy', 503));
    const sharedTask = renderTask;
    // The 90 s bound: the row must not wait for it to say the wood was not made.
    renderTask = renderTaskWith(flaky.storage, undefined, undefined, quickRetries);
    const row = addPendingRow();
    try {
      expect((await sendPhoto(row)).status).toBe(200);
      await rendersDone();

      const whole = repository.rows.get(row.id)!;
      expect(whole).toMatchObject({ styles_coming: [], styles_not_made: [first] });
      expect(Object.keys(whole.style_image_urls).sort()).toEqual(WOOD_STYLE_IDS.filter((style) => style !== first).sort());
      expect(flaky.tries).toBe(4);
      const failed = logLines.filter((line) => line.startsWith(`request=${row.id} render 1 later styles failed after `));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toContain(`${first} not stored: Storage upload in bucket floor-visualizer failed (503): busy (4 tries); 3 of 4 joined the row`);
    } finally {
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('a later wood whose upload is refused (400) is not tried again: said not made, the other woods join the row', async () => {
    const first = otherStyles[0]!;
    const flaky = storageFailingOneWood(first, Infinity, () => new StorageAnswerError('Storage upload in bucket floor-visualizer failed (400): bad key', 400));
    const sharedTask = renderTask;
    renderTask = renderTaskWith(flaky.storage, undefined, undefined, quickRetries);
    const row = addPendingRow();
    try {
      expect((await sendPhoto(row)).status).toBe(200);
      await rendersDone();

      expect(repository.rows.get(row.id)).toMatchObject({ styles_coming: [], styles_not_made: [first] });
      expect(flaky.tries).toBe(1);
    } finally {
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('later woods that hang are said not made within the bound, and still join the row if they come after it', async () => {
    engine = engineWithLaterWoodsHeld();
    const sharedTask = renderTask;
    renderTask = renderTaskWith(createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL }), 300);
    const row = addPendingRow();
    try {
      expect((await sendPhoto(row)).status).toBe(200);
      const shown = { ...repository.rows.get(row.id)! };
      expect(shown.styles_coming).toEqual(otherStyles);

      // Never released within the bound: the page must not wait on "still coming" for good.
      await vi.waitFor(() => expect(repository.rows.get(row.id)).toEqual({ ...shown, styles_coming: [], styles_not_made: otherStyles }), {
        timeout: 10_000,
      });
      expect(logLines.some((line) => line.startsWith(`request=${row.id} render 1 later styles failed after `) && line.includes('not laid within'))).toBe(true);

      // They come after all: the row takes them, and none is said not made any more.
      releaseLaterWoods();
      await vi.waitFor(() => expect(Object.keys(repository.rows.get(row.id)!.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort()), {
        timeout: 20_000,
      });
      expect(repository.rows.get(row.id)).toMatchObject({ styles_coming: [], styles_not_made: [], processed_image_url: shown.processed_image_url });
    } finally {
      releaseLaterWoods();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('the end-to-end setting: a request from the test domain has its later woods said not made at once, then joined when laid; any other keeps the bound', async () => {
    engine = engineWithLaterWoodsHeld();
    const sharedTask = renderTask;
    renderTask = renderTaskWith(createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL }), undefined, 'late-woods.test');
    const late = addPendingRow({ email: 'robin@Late-Woods.test' });
    const other = addPendingRow({ email: 'robin@late-woods.test.example.com' });
    try {
      expect((await sendPhoto(late)).status).toBe(200);
      await vi.waitFor(() => expect(repository.rows.get(late.id)).toMatchObject({ styles_coming: [], styles_not_made: otherStyles }), { timeout: 10_000 });
      expect(Object.keys(repository.rows.get(late.id)!.style_image_urls)).toEqual([DEFAULT_WOOD_STYLE]);
      releaseLaterWoods();
      await vi.waitFor(() => expect(Object.keys(repository.rows.get(late.id)!.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort()), {
        timeout: 20_000,
      });
      expect(repository.rows.get(late.id)).toMatchObject({ styles_coming: [], styles_not_made: [] });

      engine = engineWithLaterWoodsHeld();
      expect((await sendPhoto(other)).status).toBe(200);
      await vi.waitFor(() => expect(laterWoodsAsked).toEqual([otherStyles]));
      // Held past what the test domain's zero bound takes: still coming, as under the 90 s bound.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(repository.rows.get(other.id)).toMatchObject({ styles_coming: otherStyles, styles_not_made: [] });
    } finally {
      releaseLaterWoods();
      renderTask = sharedTask;
      await rendersDone();
    }
  });

  it('a fix asked for while the other woods are coming renders all five, and the older render’s later woods do not overwrite it', async () => {
    engine = engineWithLaterWoodsHeld();
    const row = addPendingRow();
    const reply = await sendPhoto(row);
    await vi.waitFor(() => expect(laterWoodsAsked).toHaveLength(1));

    const fix = await fetch(`${allStylesUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://floors.example' },
      body: JSON.stringify({ requestId: row.id, correctionToken: reply.json.correctionToken, taps: [{ x: 0.5, y: 0.9, floor: true }] }),
    });
    expect(fix.status).toBe(202);
    expect(repository.queuedJobs.at(-1)).toMatchObject({ requestId: row.id, renderNumber: 2, styles: [...WOOD_STYLE_IDS] });
    await vi.waitFor(() => expect(repository.rows.get(row.id)!.render_number).toBe(2), { timeout: 60_000 });
    releaseLaterWoods();
    await rendersDone();

    const fixed = repository.rows.get(row.id)!;
    expect(fixed).toMatchObject({ render_number: 2, correction_state: null, styles_coming: [], styles_not_made: [] });
    expect(Object.values(fixed.style_image_urls).map((url) => url.replace(/.*\/render-(\d)\/.*/, '$1'))).toEqual(WOOD_STYLE_IDS.map(() => '2'));
    expect(logLines).toContain(`request=${row.id} render 1 later styles not added: the row shows another render now`);
  });

  it('the job tried again after its process died while laying the later woods lays them then, from the stored photo', async () => {
    engine = createOfflineFloorEngine();
    const row = addPendingRow();
    expect((await sendPhoto(row)).status).toBe(200);
    await rendersDone();
    const job = repository.queuedJobs.find((queued) => queued.requestId === row.id)!;
    // The row as the dead process left it: the default wood shown, the others still coming.
    const stored = repository.rows.get(row.id)!;
    const defaultCopies = stored.image_renditions[DEFAULT_WOOD_STYLE]!;
    Object.assign(stored, {
      style_image_urls: { [DEFAULT_WOOD_STYLE]: stored.style_image_urls[DEFAULT_WOOD_STYLE] },
      image_renditions: { original: stored.image_renditions.original, [DEFAULT_WOOD_STYLE]: defaultCopies },
      styles_coming: otherStyles,
    });

    await renderTask(job, { job: { attempts: 2, max_attempts: RENDER_MAX_ATTEMPTS } });

    const whole = repository.rows.get(row.id)!;
    expect(whole).toMatchObject({ styles_coming: [], styles_not_made: [] });
    expect(Object.keys(whole.style_image_urls).sort()).toEqual([...WOOD_STYLE_IDS].sort());
    expect(Object.keys(whole.image_renditions).sort()).toEqual(['original', ...WOOD_STYLE_IDS].sort());
    expect(logLines.some((line) => line.startsWith(`request=${row.id} render 1 later styles resumed: floor `))).toBe(true);
  });

  it('a rug choice asked for while the other woods are coming lays all five', () => {
    const row = newRequestRow({ status: 'completed', render_number: 1, style_image_urls: { [DEFAULT_WOOD_STYLE]: 'https://x/1.jpg' }, styles_coming: otherStyles });
    expect(rugChoiceJob(row, 'replace').styles).toEqual([...WOOD_STYLE_IDS]);
    expect(rugChoiceJob({ ...row, styles_coming: [], styles_not_made: otherStyles }, 'replace').styles).toEqual([...WOOD_STYLE_IDS]);
  });
});
