import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_BUCKET, VISUALIZER_BUCKET } from '../contracts/visualizer-webhook.ts';

/**
 * The visualizer's stored files, as retention and deletion on request see them: every file of a request lives
 * under `<requestId>/` in the image bucket `floor-visualizer` (the photo as shown, each render, each floor outline) and in the
 * private uploads bucket (the photo as sent, until its render is done). Locally both are folders on disk
 * (local-stack); hosted, Supabase Storage with the service key. Deleting what is already gone is no error.
 */
export interface VisitorFiles {
  /** Deletes every file of one visualizer request, in both buckets. Returns how many files it deleted. */
  deleteRequestFiles(requestId: string): Promise<number>;
  /** How many files one visualizer request has, in both buckets (what deleteRequestFiles would delete). */
  countRequestFiles(requestId: string): Promise<number>;
  /** The uploads (as `<requestId>/<name>`) stored before `cutoff`: a render still running is minutes old. */
  uploadsStoredBefore(cutoff: Date): Promise<string[]>;
  deleteUpload(objectPath: string): Promise<void>;
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertRequestId(requestId: string): void {
  if (!REQUEST_ID.test(requestId)) throw new Error(`Not a request id: ${requestId}`);
}

function safeObjectPath(objectPath: string): string[] {
  const parts = objectPath.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) throw new Error(`Unsafe storage path: ${objectPath}`);
  return parts;
}

async function countFiles(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of entries) count += entry.isDirectory() ? await countFiles(path.join(folder, entry.name)) : 1;
  return count;
}

/** The local stack's folders: `<storageDir>/floor-visualizer/<id>/…` (served by the gateway) and `<uploadDir>/<id>/…`. */
export function createLocalVisitorFiles(settings: { storageDir: string; uploadDir: string }): VisitorFiles {
  const folders = (requestId: string) => [
    path.join(settings.storageDir, VISUALIZER_BUCKET, requestId),
    path.join(settings.uploadDir, requestId),
  ];
  return {
    async deleteRequestFiles(requestId) {
      assertRequestId(requestId);
      let deleted = 0;
      for (const folder of folders(requestId)) {
        deleted += await countFiles(folder);
        await rm(folder, { recursive: true, force: true });
      }
      return deleted;
    },
    async countRequestFiles(requestId) {
      assertRequestId(requestId);
      let count = 0;
      for (const folder of folders(requestId)) count += await countFiles(folder);
      return count;
    },
    async uploadsStoredBefore(cutoff) {
      const found: string[] = [];
      const requests = await readdir(settings.uploadDir, { withFileTypes: true }).catch(() => []);
      for (const request of requests) {
        if (!request.isDirectory()) continue;
        for (const file of await readdir(path.join(settings.uploadDir, request.name)).catch(() => [])) {
          const stored = await stat(path.join(settings.uploadDir, request.name, file)).catch(() => undefined);
          if (stored && stored.mtime < cutoff) found.push(`${request.name}/${file}`);
        }
      }
      return found;
    },
    async deleteUpload(objectPath) {
      const parts = safeObjectPath(objectPath);
      await rm(path.join(settings.uploadDir, ...parts), { force: true });
      // The request's folder goes too once it is empty (a folder per request would pile up otherwise).
      await rm(path.join(settings.uploadDir, parts[0]!), { recursive: false }).catch(() => undefined);
    },
  };
}

type StorageEntry = { name: string; id: string | null; created_at?: string | null };

/** Supabase Storage: its list API (one folder level per call) and its bulk delete, with the service key. */
export function createSupabaseVisitorFiles(settings: { supabaseUrl: string; serviceRoleKey: string; fetch?: typeof fetch }): VisitorFiles {
  const doFetch = settings.fetch ?? fetch;
  const base = `${settings.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object`;
  const headers = {
    apikey: settings.serviceRoleKey,
    authorization: `Bearer ${settings.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const fail = async (what: string, bucket: string, response: Response): Promise<never> => {
    throw new Error(`Storage ${what} in bucket ${bucket} failed (${response.status}): ${(await response.text()).slice(0, 200)}`);
  };

  /** Every file under `prefix` (a folder path ending in '/', or '' for the bucket), with when it was stored. */
  async function listFiles(bucket: string, prefix: string): Promise<{ path: string; createdAt: Date | null }[]> {
    const files: { path: string; createdAt: Date | null }[] = [];
    const pageSize = 1000;
    for (let offset = 0; ; offset += pageSize) {
      const response = await doFetch(`${base}/list/${bucket}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ prefix, limit: pageSize, offset, sortBy: { column: 'name', order: 'asc' } }),
      });
      if (!response.ok) await fail('listing', bucket, response);
      const entries = (await response.json()) as StorageEntry[];
      for (const entry of entries) {
        const entryPath = `${prefix}${entry.name}`;
        // Folders come back without an id.
        if (entry.id === null) files.push(...(await listFiles(bucket, `${entryPath}/`)));
        else files.push({ path: entryPath, createdAt: entry.created_at ? new Date(entry.created_at) : null });
      }
      if (entries.length < pageSize) return files;
    }
  }

  async function deletePaths(bucket: string, paths: string[]): Promise<void> {
    for (let start = 0; start < paths.length; start += 1000) {
      const response = await doFetch(`${base}/${bucket}`, {
        method: 'DELETE',
        headers,
        body: JSON.stringify({ prefixes: paths.slice(start, start + 1000) }),
      });
      if (!response.ok) await fail('delete', bucket, response);
    }
  }

  return {
    async deleteRequestFiles(requestId) {
      assertRequestId(requestId);
      let deleted = 0;
      for (const bucket of [VISUALIZER_BUCKET, UPLOADS_BUCKET]) {
        const files = await listFiles(bucket, `${requestId}/`);
        await deletePaths(bucket, files.map((file) => file.path));
        deleted += files.length;
      }
      return deleted;
    },
    async countRequestFiles(requestId) {
      assertRequestId(requestId);
      let count = 0;
      for (const bucket of [VISUALIZER_BUCKET, UPLOADS_BUCKET]) count += (await listFiles(bucket, `${requestId}/`)).length;
      return count;
    },
    async uploadsStoredBefore(cutoff) {
      const files = await listFiles(UPLOADS_BUCKET, '');
      return files.filter((file) => file.createdAt !== null && file.createdAt < cutoff).map((file) => file.path);
    },
    async deleteUpload(objectPath) {
      safeObjectPath(objectPath);
      await deletePaths(UPLOADS_BUCKET, [objectPath]);
    },
  };
}

/**
 * The files from the services' own settings (the processor's: visualizer-processor/README.md), so the retention
 * job and `npm run data:forget` reach the same storage the processor writes.
 */
export function visitorFilesFromEnv(env: NodeJS.ProcessEnv, defaults: { storageDir: string; uploadDir: string }): VisitorFiles {
  if (env.VISUALIZER_STORAGE === 'supabase') {
    if (!env.SUPABASE_URL || !env.SUPABASE_SERVICE_ROLE_KEY) {
      throw new Error('VISUALIZER_STORAGE=supabase needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
    }
    return createSupabaseVisitorFiles({ supabaseUrl: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY });
  }
  return createLocalVisitorFiles({
    storageDir: path.resolve(env.VISUALIZER_STORAGE_DIR ?? defaults.storageDir),
    uploadDir: path.resolve(env.VISUALIZER_UPLOAD_DIR ?? defaults.uploadDir),
  });
}
