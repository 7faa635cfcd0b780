import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VISUALIZER_BUCKET } from '../../contracts/visualizer-webhook.ts';

/**
 * Where the photo as shown, its renders, their web-sized renditions and the floor outlines go: the private bucket
 * `floor-visualizer` (hosted Supabase Storage, or the local gateway's stand-in of it), read back by the processor
 * with the service key and by everyone else only through signed links (decision 022).
 */
export interface ImageStorage {
  /** Stores bytes under `<bucket>/<objectPath>`; each path is written once and never changes (see render-job.ts). */
  save(objectPath: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Reads back what `save` stored (a correction re-renders from the stored original). */
  read(objectPath: string): Promise<Buffer>;
  /** A link to each stored object that opens it until `expiresAt`, for the row, the page and the e-mails. */
  links(objectPaths: readonly string[], expiresAt: Date): Promise<Record<string, string>>;
}

/**
 * Every object in the bucket is immutable (a render writes a new folder), so a browser or CDN may keep it as long
 * as it likes. Hosted Storage stores this with the upload and answers an authenticated download with it; a signed
 * link's answer says `Expires` at the link's own end instead.
 */
export const IMMUTABLE_CACHE_CONTROL = 'max-age=31536000, immutable';

const encodePath = (objectPath: string) => objectPath.split('/').map(encodeURIComponent).join('/');

function assertSafeObjectPath(objectPath: string): void {
  if (objectPath.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Unsafe storage path: ${objectPath}`);
  }
}

/** Seconds from now until `expiresAt`, at least 1 (Storage refuses 0). */
export function secondsUntil(expiresAt: Date, now = Date.now()): number {
  return Math.max(1, Math.floor((expiresAt.getTime() - now) / 1000));
}

/**
 * Files on disk, for the processor's own tests and for running it without any Storage: nothing serves them, so
 * its links are the objects' paths under `supabaseUrl` in Storage's public URL shape, unsigned. The local stack
 * and every deployment use `createSupabaseImageStorage`.
 */
export function createLocalImageStorage(settings: { directory: string; supabaseUrl: string }): ImageStorage {
  const file = (objectPath: string) => {
    assertSafeObjectPath(objectPath);
    return path.join(settings.directory, VISUALIZER_BUCKET, ...objectPath.split('/'));
  };
  return {
    async save(objectPath, bytes) {
      await mkdir(path.dirname(file(objectPath)), { recursive: true });
      await writeFile(file(objectPath), bytes);
    },
    read: (objectPath) => readFile(file(objectPath)),
    async links(objectPaths) {
      const base = `${settings.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${VISUALIZER_BUCKET}`;
      return Object.fromEntries(objectPaths.map((objectPath) => [objectPath, `${base}/${encodePath(objectPath)}`]));
    },
  };
}

/** Storage answered, with a refusal or a fault of its own: `status` tells which (transient-fault.ts reads it). */
export class StorageAnswerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'StorageAnswerError';
  }
}

type SignedUrlAnswer = { error: string | null; path: string; signedURL: string | null };

/** Supabase Storage's HTTP API with the service key (the same calls supabase-js makes). */
export function createSupabaseImageStorage(settings: {
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}): ImageStorage {
  const doFetch = settings.fetch ?? fetch;
  const api = `${settings.supabaseUrl.replace(/\/+$/, '')}/storage/v1`;
  const headers = { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` };
  const fail = async (what: string, response: Response): Promise<never> => {
    throw new StorageAnswerError(`Storage ${what} in bucket ${VISUALIZER_BUCKET} failed (${response.status}): ${(await response.text()).slice(0, 200)}`, response.status);
  };
  return {
    async save(objectPath, bytes, contentType) {
      assertSafeObjectPath(objectPath);
      const response = await doFetch(`${api}/object/${VISUALIZER_BUCKET}/${encodePath(objectPath)}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType, 'cache-control': IMMUTABLE_CACHE_CONTROL, 'x-upsert': 'true' },
        body: new Uint8Array(bytes),
      });
      if (!response.ok) await fail('upload', response);
    },
    async read(objectPath) {
      assertSafeObjectPath(objectPath);
      const response = await doFetch(`${api}/object/authenticated/${VISUALIZER_BUCKET}/${encodePath(objectPath)}`, { headers });
      if (!response.ok) await fail('download', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async links(objectPaths, expiresAt) {
      if (objectPaths.length === 0) return {};
      objectPaths.forEach(assertSafeObjectPath);
      const response = await doFetch(`${api}/object/sign/${VISUALIZER_BUCKET}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: secondsUntil(expiresAt), paths: objectPaths }),
      });
      if (!response.ok) await fail('signing', response);
      const answers = (await response.json()) as SignedUrlAnswer[];
      const links: Record<string, string> = {};
      for (const answer of answers) {
        if (!answer.signedURL) throw new Error(`Storage signing in bucket ${VISUALIZER_BUCKET} failed for ${answer.path}: ${answer.error}`);
        // Storage answers a path under /storage/v1 (supabase-js prefixes it the same way).
        links[answer.path] = `${api}${answer.signedURL}`;
      }
      const missing = objectPaths.filter((objectPath) => !links[objectPath]);
      if (missing.length > 0) throw new Error(`Storage signed no link for ${missing.join(', ')}`);
      return links;
    },
  };
}
