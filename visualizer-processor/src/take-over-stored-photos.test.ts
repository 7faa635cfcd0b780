import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WOOD_STYLE } from '../../contracts/wood-styles.ts';
import { createLocalVisitorFiles } from '../../visitor-data/visitor-files.ts';
import { newRequestRow } from '../testing/request-rows.ts';
import { STORED_PHOTO_ORPHANED_AFTER_MS, createStoredPhotoTakeover } from './take-over-stored-photos.ts';
import { createInMemoryVisualizerRequestRepository, type VisualizerRequestRow } from './visualizer-request-repository.ts';

/**
 * A webhook call that stored its photo and died before queuing the render (its processor SIGKILLed between the two)
 * left the row pending for the hour's sweep. tests/integration/back-office-faults.test.ts kills a real processor at
 * that moment; this covers which rows are taken over.
 */
let folder: string;
let uploadDir: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'stored-photo-takeover-'));
  uploadDir = path.join(folder, 'uploads');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Stores a photo for the request as the webhook does (`<id>/<name>`), `ageMs` ago. */
async function storePhoto(requestId: string, name: string, ageMs: number): Promise<string> {
  await mkdir(path.join(uploadDir, requestId), { recursive: true });
  const file = path.join(uploadDir, requestId, name);
  await writeFile(file, 'photo bytes');
  const storedAt = new Date(Date.now() - ageMs);
  await utimes(file, storedAt, storedAt);
  return `${requestId}/${name}`;
}

/** `unreadable`: a request whose files cannot be listed (storage dropping the call). */
function takeoverOver(rows: VisualizerRequestRow[], { unreadable }: { unreadable?: string } = {}) {
  const repository = createInMemoryVisualizerRequestRepository(rows);
  const files = createLocalVisitorFiles({ storageDir: path.join(folder, 'storage'), uploadDir });
  const lines: string[] = [];
  const takeOver = createStoredPhotoTakeover({
    repository,
    async pendingRequestIds(createdBefore) {
      return [...repository.rows.values()].filter((row) => row.status === 'pending' && row.created_at < createdBefore).map((row) => row.id);
    },
    async listRequestFiles(requestId) {
      if (requestId === unreadable) throw new Error('socket hang up');
      return files.listRequestFiles(requestId);
    },
    styles: [DEFAULT_WOOD_STYLE],
    log: (line) => lines.push(line),
  });
  return { repository, takeOver, lines };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the photos stored without a render', () => {
  it('queues the render of a pending row whose photo was stored over a minute ago, with the newest photo', async () => {
    const row = newRequestRow({ created_at: minutesAgo(3) });
    await storePhoto(row.id, 'older', 150_000);
    const newest = await storePhoto(row.id, 'newer', STORED_PHOTO_ORPHANED_AFTER_MS + 20_000);
    const { repository, takeOver, lines } = takeoverOver([row]);

    expect(await takeOver()).toEqual([row.id]);

    expect(repository.rows.get(row.id)!.status).toBe('processing');
    expect(repository.queuedJobs).toEqual([
      { requestId: row.id, uploadPath: newest, renderNumber: 1, styles: [DEFAULT_WOOD_STYLE], taps: [] },
    ]);
    expect(lines.join('\n')).toContain(`request=${row.id} render queued`);
    // A second run finds the row processing: nothing is queued twice.
    expect(await takeOver()).toEqual([]);
    expect(repository.queuedJobs).toHaveLength(1);
  });

  it('leaves a photo stored within the minute (its call may still queue it) and a row with no photo', async () => {
    const justStored = newRequestRow({ created_at: minutesAgo(2) });
    await storePhoto(justStored.id, 'photo', 10_000);
    const noPhoto = newRequestRow({ created_at: minutesAgo(2) });
    const { repository, takeOver } = takeoverOver([justStored, noPhoto]);

    expect(await takeOver()).toEqual([]);

    expect(repository.rows.get(justStored.id)!.status).toBe('pending');
    expect(repository.rows.get(noPhoto.id)!.status).toBe('pending');
    expect(repository.queuedJobs).toEqual([]);
  });

  it('leaves a row that moved on, and goes on past a row whose files it cannot list', async () => {
    const failed = newRequestRow({ created_at: minutesAgo(3), status: 'failed', failure_reason: 'No photo was received for this request.' });
    await storePhoto(failed.id, 'photo', 120_000);
    const unreadable = newRequestRow({ created_at: minutesAgo(3) });
    await storePhoto(unreadable.id, 'photo', 120_000);
    const stored = newRequestRow({ created_at: minutesAgo(3) });
    await storePhoto(stored.id, 'photo', 120_000);
    const { repository, takeOver, lines } = takeoverOver([failed, unreadable, stored], { unreadable: unreadable.id });

    expect(await takeOver()).toEqual([stored.id]);

    expect(repository.rows.get(failed.id)!.status).toBe('failed');
    expect(repository.rows.get(stored.id)!.status).toBe('processing');
    expect(lines.join('\n')).toContain(`request=${unreadable.id} could not queue the render of its stored photo: `);
  });
});
