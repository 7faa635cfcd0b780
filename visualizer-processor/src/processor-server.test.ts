import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../contracts/visualizer-webhook.ts';
import type { FloorEngine } from '../engine/floor-engine.ts';
import { createOfflineFloorEngine } from '../engine/offline-floor-engine.ts';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { makeDecompressionBombPng, toDataUrl } from '../testing/bad-inputs.ts';
import { createLocalImageStorage } from './image-storage.ts';
import { MAX_BODY_BYTES, createProcessorServer, type ProcessorServer } from './processor-server.ts';
import { createInMemoryVisualizerRequestRepository, type VisualizerRequestRow } from './visualizer-request-repository.ts';

const SUPABASE_URL = 'http://127.0.0.1:54321';
const repository = createInMemoryVisualizerRequestRepository();
const logLines: string[] = [];
let engine: FloorEngine = createOfflineFloorEngine();
let syncReplyMs = 30_000;
let storageDir: string;
let processor: ProcessorServer;
let baseUrl: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'visualizer-storage-'));
  processor = createProcessorServer({
    repository,
    storage: createLocalImageStorage({ directory: storageDir, supabaseUrl: SUPABASE_URL }),
    // Indirections so a test can swap the engine or the reply window without a new server.
    engine: {
      name: 'test',
      findFloor: (photo, options) => engine.findFloor(photo, options),
      visualize: (photo, options) => engine.visualize(photo, options),
    },
    get syncReplyMs() {
      return syncReplyMs;
    },
    allowedOrigins: ['https://floors.example'],
    log: (line) => logLines.push(line),
  });
  await new Promise<void>((resolve) => processor.server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(processor.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => processor.server.close(resolve));
  await rm(storageDir, { recursive: true, force: true });
});

beforeEach(() => {
  engine = createOfflineFloorEngine();
  syncReplyMs = 30_000;
});

function addPendingRow(overrides: Partial<VisualizerRequestRow> = {}): VisualizerRequestRow {
  const row: VisualizerRequestRow = {
    id: randomUUID(),
    customer_name: 'Dana Whitfield',
    email: 'dana@example.com',
    status: 'pending',
    original_image_url: null,
    processed_image_url: null,
    failure_reason: null,
    ...overrides,
  };
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
    expect(stored.original_image_url).toBe(`${SUPABASE_URL}/storage/v1/object/public/floor-visualizer/${row.id}/original.jpg`);
    for (const url of [stored.original_image_url, stored.processed_image_url]) {
      const file = storedFile(url);
      expect(existsSync(file)).toBe(true);
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([960, 720]);
      expect(metadata.exif).toBeUndefined();
      expect((await readFile(file)).includes(Buffer.from('FixturePhone'))).toBe(false);
    }
    expect(logLines.join('\n')).not.toMatch(/dana/i);
  });

  it('stores a photo with EXIF orientation 6 upright', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-concrete-exif6.jpg')));
    expect(reply.status).toBe(200);
    const metadata = await sharp(storedFile(reply.json.originalImageUrl)).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([1024, 768, undefined]);
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
    await processor.whenIdle();
    expect(repository.rows.get(row.id)!.status).toBe('completed');
  });

  it('refuses a replayed request id and leaves the completed row alone', async () => {
    const row = addPendingRow();
    const payload = payloadFor(row, await fixtureDataUrl('room-tile.png'));
    expect((await postWebhook(payload)).status).toBe(200);
    const completed = { ...repository.rows.get(row.id)! };

    const replay = await postWebhook(payload);

    expect(replay.status).toBe(409);
    expect(replay.json.error).toMatch(/already received/);
    expect(repository.rows.get(row.id)).toEqual(completed);
    await expectStillServing();
  });

  it('refuses an unknown request id', async () => {
    const reply = await postWebhook(payloadFor(addPendingRow(), await fixtureDataUrl('room-tile.png'), { requestId: randomUUID() }));
    expect(reply).toMatchObject({ status: 404, json: { error: 'Unknown visualizer request.' } });
    await expectStillServing();
  });

  it.each([
    ['name', { name: 'Someone Else' }],
    ['email', { email: 'someone@example.com' }],
  ])('refuses a %s that does not match the row, without touching it', async (_field, override) => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png'), override));
    expect(reply).toMatchObject({ status: 403, json: { error: 'The name and email do not match this visualizer request.' } });
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
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: 'The file is not a readable image.' });
    await expectStillServing();
  });

  it('fails the row of a data URL that is not an image', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(Buffer.from('a text file'), 'text/plain')));
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatch(/imageBase64 must be a base64 data URL of an image/);
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed' });
    await expectStillServing();
  });

  it('fails the row of an image over 10 MB', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(Buffer.alloc(MAX_IMAGE_BYTES + 3, 7), 'image/jpeg')));
    expect(reply).toMatchObject({ status: 413, json: { error: 'The image must be at most 10 MB.' } });
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: 'The image must be at most 10 MB.' });
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

  it('fails the row of a 20000×20000 decompression bomb', async () => {
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, toDataUrl(makeDecompressionBombPng(), 'image/png')));
    expect(reply.status).toBe(422);
    expect(reply.json.error).toMatch(/too large: 20000×20000 pixels/);
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed' });
    await expectStillServing();
  });

  it('fails the row with a reason when the engine breaks, and says so without details', async () => {
    engine = {
      name: 'broken',
      findFloor: () => Promise.reject(new Error('engine out of order')),
      visualize: () => Promise.reject(new Error('engine out of order')),
    };
    const row = addPendingRow();
    const reply = await postWebhook(payloadFor(row, await fixtureDataUrl('room-tile.png')));
    expect(reply).toMatchObject({ status: 500, json: { error: 'Failed to process the image. Please try again.' } });
    expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: 'Processing failed: engine out of order' });
    await expectStillServing();
  });

  it('refuses a body that is not JSON or misses fields', async () => {
    expect((await postWebhook('{not json')).status).toBe(400);
    const missing = await postWebhook({ requestId: 'not-a-uuid' });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/requestId/);
    await expectStillServing();
  });

  it('answers the CORS preflight and allows only the configured origins', async () => {
    const preflight = await fetch(`${baseUrl}/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://floors.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://floors.example');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, authorization, apikey, x-client-info');
    const stranger = await fetch(`${baseUrl}/health`, { headers: { origin: 'https://elsewhere.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});
