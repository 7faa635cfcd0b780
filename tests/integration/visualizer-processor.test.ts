import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../visualizer-processor/fixtures/make-fixtures';
import { createPostgrestVisualizerRequestRepository } from '../../visualizer-processor/src/postgrest-visualizer-request-repository';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { anonFetch, sql, stack } from './stack-clients';

/** The processor as the stack runs it: behind the gateway's webhook path, on the real database and storage. */

async function createRequestRow(): Promise<{ id: string; name: string; email: string }> {
  const row = { id: randomUUID(), customer_name: 'Integration Visitor', email: 'visitor@example.com' };
  const response = await anonFetch('floor_visualizer_requests', {
    method: 'POST',
    headers: { Prefer: 'return=minimal' },
    body: JSON.stringify(row),
  });
  expect(response.status).toBe(201);
  return { id: row.id, name: row.customer_name, email: row.email };
}

async function postWebhook(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(stack.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the visualizer processor in the stack', () => {
  it('completes a request: both images are served by the public storage URL, without EXIF', async () => {
    const row = await createRequestRow();
    const photo = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
    const payload = {
      requestId: row.id,
      name: row.name,
      email: row.email,
      imageBase64: toDataUrl(photo, 'image/jpeg'),
      fileName: 'room.jpg',
    };

    const reply = await postWebhook(payload);

    expect(reply).toMatchObject({ status: 200, json: { status: 'completed' } });
    const [stored] = await sql<{ status: string; original_image_url: string; processed_image_url: string }>(
      'select status, original_image_url, processed_image_url from public.floor_visualizer_requests where id = $1',
      [row.id],
    );
    expect(stored).toMatchObject({
      status: 'completed',
      original_image_url: `${stack.url}/storage/v1/object/public/floor-visualizer/${row.id}/original.jpg`,
      processed_image_url: `${stack.url}/storage/v1/object/public/floor-visualizer/${row.id}/processed.jpg`,
    });
    for (const url of [stored!.original_image_url, stored!.processed_image_url]) {
      const image = await fetch(url);
      expect(image.status).toBe(200);
      const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 960, 720, undefined]);
    }

    expect((await postWebhook(payload)).status).toBe(409);
  });

  it('fails the row of a corrupt image with its reason', async () => {
    const row = await createRequestRow();
    const reply = await postWebhook({
      requestId: row.id,
      name: row.name,
      email: row.email,
      imageBase64: toDataUrl(Buffer.from('not an image at all'), 'image/jpeg'),
      fileName: 'broken.jpg',
    });
    expect(reply.status).toBe(422);
    const [stored] = await sql<{ status: string; failure_reason: string }>(
      'select status, failure_reason from public.floor_visualizer_requests where id = $1',
      [row.id],
    );
    expect(stored).toEqual({ status: 'failed', failure_reason: 'The file is not a readable image.' });
  });

  it('the PostgREST repository claims a pending row once and only moves it forward', async () => {
    const repository = createPostgrestVisualizerRequestRepository({
      supabaseUrl: stack.url,
      serviceRoleKey: stack.serviceRoleKey,
    });
    const row = await createRequestRow();
    expect(await repository.find(row.id)).toMatchObject({
      status: 'pending',
      customer_name: row.name,
      email: row.email,
    });
    expect(await repository.claimPending(row.id)).toMatchObject({ status: 'processing' });
    expect(await repository.claimPending(row.id)).toBeNull();
    await repository.markFailed(row.id, 'x'.repeat(800));
    const failed = await repository.find(row.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.failure_reason?.length).toBe(500);
    await expect(repository.markCompleted(row.id, { originalImageUrl: 'a', processedImageUrl: 'b' })).rejects.toThrow(
      /no longer processing/,
    );
    expect(await repository.find(randomUUID())).toBeNull();
  });
});
