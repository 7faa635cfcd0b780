import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from '../tests/support/scratch-folder';
import { createLocalVisitorFiles, createSupabaseVisitorFiles } from './visitor-files.ts';

/**
 * Supabase Storage as its API answers (what storage-js's list() and remove() call): a list gives one folder level,
 * folders without an id; a DELETE on the bucket takes the object names in `prefixes`.
 */
function fakeStorage(objects: Record<string, Record<string, string>>) {
  const calls: string[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { pathname } = new URL(String(url));
    const body = JSON.parse(String(init?.body ?? '{}')) as { prefix?: string; prefixes?: string[]; limit?: number; offset?: number };
    if (new Headers(init?.headers).get('authorization') !== 'Bearer service-key') return new Response('{}', { status: 403 });
    const list = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(pathname);
    if (list && init?.method === 'POST') {
      const bucket = objects[list[1]!] ?? {};
      const prefix = body.prefix ?? '';
      calls.push(`list ${list[1]} ${prefix}`);
      const level = new Map<string, { name: string; id: string | null; created_at: string | null }>();
      for (const [name, createdAt] of Object.entries(bucket)) {
        if (!name.startsWith(prefix)) continue;
        const [first, ...rest] = name.slice(prefix.length).split('/');
        level.set(first!, rest.length > 0 ? { name: first!, id: null, created_at: null } : { name: first!, id: `id-${name}`, created_at: createdAt });
      }
      const entries = [...level.values()].sort((a, b) => a.name.localeCompare(b.name));
      return Response.json(entries.slice(body.offset ?? 0, (body.offset ?? 0) + (body.limit ?? 100)));
    }
    const remove = /^\/storage\/v1\/object\/([^/]+)$/.exec(pathname);
    if (remove && init?.method === 'DELETE') {
      calls.push(`delete ${remove[1]} ${body.prefixes!.join(',')}`);
      for (const name of body.prefixes ?? []) delete objects[remove[1]!]?.[name];
      return Response.json([]);
    }
    return new Response('not found', { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, objects };
}

const ID = '0b4f3c2e-1111-4222-8333-944455556666';
const OTHER = '9c1d2e3f-aaaa-4bbb-8ccc-dddddddddddd';

describe('the visualizer files on Supabase Storage', () => {
  it('deletes every file of one request in both buckets, nested folders included, and nothing of another', async () => {
    const storage = fakeStorage({
      'floor-visualizer': {
        [`${ID}/original.jpg`]: '2026-08-01T10:00:00Z',
        [`${ID}/render-1/natural-white-oak.jpg`]: '2026-08-01T10:00:05Z',
        [`${ID}/render-1/floor-mask.png`]: '2026-08-01T10:00:05Z',
        [`${OTHER}/original.jpg`]: '2026-08-02T10:00:00Z',
      },
      'floor-visualizer-uploads': { [`${ID}/upload-abc`]: '2026-08-01T10:00:00Z' },
    });
    const files = createSupabaseVisitorFiles({ supabaseUrl: 'https://project.supabase.co', serviceRoleKey: 'service-key', fetch: storage.fetch });

    expect(await files.countRequestFiles(ID)).toBe(4);
    expect(await files.deleteRequestFiles(ID)).toBe(4);
    expect(storage.objects).toEqual({ 'floor-visualizer': { [`${OTHER}/original.jpg`]: '2026-08-02T10:00:00Z' }, 'floor-visualizer-uploads': {} });
    // Gone already: nothing to delete, no error.
    expect(await files.deleteRequestFiles(ID)).toBe(0);
  });

  it('finds the uploads stored before a time and deletes one', async () => {
    const storage = fakeStorage({
      'floor-visualizer-uploads': { [`${ID}/old`]: '2026-08-01T10:00:00Z', [`${OTHER}/new`]: '2026-08-03T09:00:00Z' },
    });
    const files = createSupabaseVisitorFiles({ supabaseUrl: 'https://project.supabase.co/', serviceRoleKey: 'service-key', fetch: storage.fetch });
    const stale = await files.uploadsStoredBefore(new Date('2026-08-02T00:00:00Z'));
    expect(stale).toEqual([`${ID}/old`]);
    await files.deleteUpload(stale[0]!);
    expect(Object.keys(storage.objects['floor-visualizer-uploads']!)).toEqual([`${OTHER}/new`]);
  });

  it('refuses what is not a request id or a safe path, and says which bucket failed', async () => {
    const files = createSupabaseVisitorFiles({ supabaseUrl: 'https://project.supabase.co', serviceRoleKey: 'wrong-key', fetch: fakeStorage({}).fetch });
    await expect(files.deleteRequestFiles('../etc')).rejects.toThrow('Not a request id');
    await expect(files.deleteUpload('a/../b')).rejects.toThrow('Unsafe storage path');
    await expect(files.countRequestFiles(ID)).rejects.toThrow('Storage listing in bucket floor-visualizer failed (403)');
  });
});

describe('the local folders (VISUALIZER_STORAGE=local)', () => {
  it('list, read and find request folders in both buckets as Storage does, and refuse paths that leave them', async () => {
    const root = await scratchFolder('visitor-files-');
    const storageDir = path.join(root, 'storage');
    const uploadDir = path.join(root, 'uploads');
    const files = createLocalVisitorFiles({ storageDir, uploadDir });
    const stored = new Date('2026-08-01T00:00:00Z');
    for (const [file, bytes] of [
      [path.join(storageDir, 'floor-visualizer', ID, 'render-1', 'walnut.jpg'), 'render'],
      [path.join(storageDir, 'floor-visualizer', ID, 'original.jpg'), 'photo'],
      [path.join(uploadDir, ID, 'room.heic'), 'as sent'],
      [path.join(uploadDir, 'not-a-request', 'x.jpg'), 'stray'],
    ] as const) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await utimes(file, stored, stored);
    }
    expect(await files.listRequestFiles(ID)).toEqual([
      { bucket: 'floor-visualizer', path: `${ID}/original.jpg`, storedAt: stored },
      { bucket: 'floor-visualizer', path: `${ID}/render-1/walnut.jpg`, storedAt: stored },
      { bucket: 'floor-visualizer-uploads', path: `${ID}/room.heic`, storedAt: stored },
    ]);
    expect(String(await files.readStoredFile({ bucket: 'floor-visualizer-uploads', path: `${ID}/room.heic` }))).toBe('as sent');
    await expect(files.readStoredFile({ bucket: 'floor-visualizer', path: `${ID}/../../x` })).rejects.toThrow('Unsafe storage path');
    await expect(files.readStoredFile({ bucket: 'elsewhere', path: `${ID}/original.jpg` })).rejects.toThrow('Not a visitor bucket');
    expect(await files.requestIdsWithFiles()).toEqual([ID]);
  });
});
