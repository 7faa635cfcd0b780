import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { VISUALIZER_BUCKET } from '../../contracts/visualizer-webhook.ts';
import { describeError } from '../../job-queue/redact.ts';
import { UPLOADS_BUCKET } from './upload-store.ts';

/**
 * Whether an upload could be stored now: the part of `/healthz` beside the database and the queue. `detail` names
 * the setting or bucket at fault, never a path or host (the answer is public).
 */
export type StorageHealth = {
  storage: 'ok' | 'not writable' | 'refused' | 'unreachable';
  detail?: string;
};

/** A host probes every few seconds; Storage is asked at most this often while it answers well. */
export const STORAGE_OK_CACHED_MS = 30_000;
const PROBE_TIMEOUT_MS = 3_000;

/** Local storage: each folder can be created and written (a probe file, removed again). */
export function createLocalStorageCheck(folders: Record<string, string>): () => Promise<StorageHealth> {
  return async () => {
    for (const [setting, folder] of Object.entries(folders)) {
      const probe = `${folder}/.write-check-${randomUUID()}`;
      try {
        await mkdir(folder, { recursive: true });
        await writeFile(probe, '');
        await rm(probe, { force: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? describeError(error, 80);
        return { storage: 'not writable', detail: `${setting} is not writable (${code})` };
      }
    }
    return { storage: 'ok' };
  };
}

/**
 * Supabase Storage: both buckets answer to the service key (`GET /storage/v1/bucket/<id>`: no object is written).
 * A success is kept for STORAGE_OK_CACHED_MS; a failure is asked again at the next probe, so a fixed key or a
 * restored bucket shows at once.
 */
export function createSupabaseStorageCheck(settings: {
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
  now?: () => number;
}): () => Promise<StorageHealth> {
  const doFetch = settings.fetch ?? fetch;
  const now = settings.now ?? Date.now;
  let okUntil = 0;
  const headers = { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` };
  return async () => {
    if (now() < okUntil) return { storage: 'ok' };
    for (const bucket of [VISUALIZER_BUCKET, UPLOADS_BUCKET]) {
      let status: number;
      try {
        const response = await doFetch(`${settings.supabaseUrl.replace(/\/+$/, '')}/storage/v1/bucket/${bucket}`, {
          headers,
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        return { storage: 'unreachable', detail: `Storage did not answer (${describeError(error, 80)})` };
      }
      if (status === 401 || status === 403) return { storage: 'refused', detail: `Storage refuses SUPABASE_SERVICE_ROLE_KEY (${status})` };
      if (status === 400 || status === 404) return { storage: 'refused', detail: `bucket ${bucket} does not exist (run the migrations)` };
      if (status !== 200) return { storage: 'unreachable', detail: `Storage answered ${status} for bucket ${bucket}` };
    }
    okUntil = now() + STORAGE_OK_CACHED_MS;
    return { storage: 'ok' };
  };
}
