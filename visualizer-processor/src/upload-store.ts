import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_BUCKET } from '../../contracts/visualizer-webhook.ts';

/**
 * Where a visitor's photo waits, exactly as uploaded, between the webhook and the render: durable (a worker
 * or Postgres restart must not lose it) and private (it may still carry its EXIF: the page blanks the GPS position
 * of a file it sends as chosen, but the webhook stores what it is sent). The render stores metadata-free copies in
 * the image bucket and then deletes it.
 */
export interface UploadStore {
  put(objectPath: string, bytes: Buffer): Promise<void>;
  get(objectPath: string): Promise<Buffer>;
  delete(objectPath: string): Promise<void>;
}

/** Supabase Storage bucket for uploads (contracts/, since the retention job empties it too): private, created by migration *_visualizer_render_queue.sql. */
export { UPLOADS_BUCKET };

function safeParts(objectPath: string): string[] {
  const parts = objectPath.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) throw new Error(`Unsafe upload path: ${objectPath}`);
  return parts;
}

/** A folder on disk that nothing serves (locally: `visualizer-uploads/` beside the public storage folder). */
export function createLocalUploadStore(directory: string): UploadStore {
  const file = (objectPath: string) => path.join(directory, ...safeParts(objectPath));
  return {
    async put(objectPath, bytes) {
      await mkdir(path.dirname(file(objectPath)), { recursive: true });
      await writeFile(file(objectPath), bytes);
    },
    get: (objectPath) => readFile(file(objectPath)),
    async delete(objectPath) {
      await rm(file(objectPath), { force: true });
    },
  };
}

async function isNotFound(response: Response): Promise<boolean> {
  if (response.status === 404) return true;
  const body = (await response.clone().json().catch(() => null)) as { statusCode?: string } | null;
  return response.status === 400 && body?.statusCode === '404';
}

/** The private Storage bucket, with the service key. */
export function createSupabaseUploadStore(settings: { supabaseUrl: string; serviceRoleKey: string; fetch?: typeof fetch }): UploadStore {
  const doFetch = settings.fetch ?? fetch;
  const url = (objectPath: string) =>
    `${settings.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${UPLOADS_BUCKET}/${safeParts(objectPath).map(encodeURIComponent).join('/')}`;
  const headers = { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` };
  const fail = async (what: string, response: Response) => {
    throw new Error(`Storage ${what} in bucket ${UPLOADS_BUCKET} failed (${response.status}): ${(await response.text()).slice(0, 200)}`);
  };
  return {
    async put(objectPath, bytes) {
      const send = () =>
        doFetch(url(objectPath), {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/octet-stream', 'x-upsert': 'true' },
          body: new Uint8Array(bytes),
        });
      // A connection that breaks before any answer (fetch rejects: a kept-alive socket storage closed as it was
      // reused, a reset) is tried once more on a new one, so a passing fault does not fail the visitor's photo
      // (decision 016, item 22). The same path and x-upsert make the second put the first's if both land.
      const response = await send().catch((error: unknown) => {
        if (error instanceof Error && error.name === 'AbortError') throw error;
        return send();
      });
      if (!response.ok) await fail('upload', response);
    },
    async get(objectPath) {
      const response = await doFetch(url(objectPath), { headers });
      if (!response.ok) await fail('download', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(objectPath) {
      const response = await doFetch(url(objectPath), { method: 'DELETE', headers });
      // Storage answers an object that is not there with 400 and `"statusCode": "404"` in the body.
      if (!response.ok && !(await isNotFound(response))) await fail('delete', response);
    },
  };
}
