import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VISUALIZER_BUCKET } from '../../contracts/visualizer-webhook.ts';

/**
 * Where the original and the rendered photo go. Both implementations return the same public URL shape,
 * `${SUPABASE_URL}/storage/v1/object/public/<bucket>/<path>`: Supabase Storage serves it in production, the
 * local gateway serves it from `<VISUALIZER_STORAGE_DIR>/<bucket>/<path>`.
 */
export interface ImageStorage {
  /** Stores bytes under `<bucket>/<objectPath>` and returns the public URL. */
  save(objectPath: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Reads back what `save` stored (a correction re-renders from the stored original). */
  read(objectPath: string): Promise<Buffer>;
}

export function publicObjectUrl(supabaseUrl: string, objectPath: string): string {
  const encodedPath = objectPath.split('/').map(encodeURIComponent).join('/');
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${VISUALIZER_BUCKET}/${encodedPath}`;
}

function assertSafeObjectPath(objectPath: string): void {
  if (objectPath.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Unsafe storage path: ${objectPath}`);
  }
}

export function createLocalImageStorage(settings: { directory: string; supabaseUrl: string }): ImageStorage {
  return {
    async save(objectPath, bytes) {
      assertSafeObjectPath(objectPath);
      const filePath = path.join(settings.directory, VISUALIZER_BUCKET, ...objectPath.split('/'));
      await mkdir(path.dirname(filePath), { recursive: true });
      await writeFile(filePath, bytes);
      return publicObjectUrl(settings.supabaseUrl, objectPath);
    },
    read(objectPath) {
      assertSafeObjectPath(objectPath);
      return readFile(path.join(settings.directory, VISUALIZER_BUCKET, ...objectPath.split('/')));
    },
  };
}

export function createSupabaseImageStorage(settings: {
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}): ImageStorage {
  const doFetch = settings.fetch ?? fetch;
  return {
    async save(objectPath, bytes, contentType) {
      assertSafeObjectPath(objectPath);
      const encodedPath = objectPath.split('/').map(encodeURIComponent).join('/');
      const response = await doFetch(
        `${settings.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${VISUALIZER_BUCKET}/${encodedPath}`,
        {
          method: 'POST',
          headers: {
            apikey: settings.serviceRoleKey,
            authorization: `Bearer ${settings.serviceRoleKey}`,
            'content-type': contentType,
            'x-upsert': 'true',
          },
          body: new Uint8Array(bytes),
        },
      );
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 200);
        throw new Error(`Storage upload to bucket ${VISUALIZER_BUCKET} failed (${response.status}): ${detail}`);
      }
      return publicObjectUrl(settings.supabaseUrl, objectPath);
    },
    async read(objectPath) {
      assertSafeObjectPath(objectPath);
      const response = await doFetch(publicObjectUrl(settings.supabaseUrl, objectPath));
      if (!response.ok) throw new Error(`Storage download from bucket ${VISUALIZER_BUCKET} failed (${response.status})`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
