import { readdir, readFile, rm, stat } from 'node:fs/promises';
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
  /** Every file of one visualizer request, in both buckets, with when it was stored (what `data:export` copies). */
  listRequestFiles(requestId: string): Promise<StoredFile[]>;
  /** The bytes of one stored file, as listRequestFiles named it. */
  readStoredFile(file: Pick<StoredFile, 'bucket' | 'path'>): Promise<Buffer>;
  /** The request ids that have a folder in either bucket, row or no row (the retention job's orphan sweep). */
  requestIdsWithFiles(): Promise<string[]>;
}

/** One stored file: its bucket, its path in the bucket (`<requestId>/…`) and when it was stored (null if unknown). */
export type StoredFile = { bucket: string; path: string; storedAt: Date | null };

/**
 * Every bucket that holds visitors' files. Forget, export, retention and the orphan sweep reach each of them; the
 * schema-walk test (tests/integration/visitor-data-coverage.test.ts) fails on a bucket Storage has that is not here
 * or reviewed as holding nothing of a visitor.
 */
export const VISITOR_BUCKETS = [VISUALIZER_BUCKET, UPLOADS_BUCKET] as const;

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

/** The files under `folder`, as paths relative to `relativeTo` joined with '/', with their modification time. */
async function filesUnder(folder: string, relativeTo: string): Promise<{ path: string; storedAt: Date }[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const found: { path: string; storedAt: Date }[] = [];
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full, relativeTo)));
    else found.push({ path: path.relative(relativeTo, full).split(path.sep).join('/'), storedAt: (await stat(full)).mtime });
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The local stack's folders: `<storageDir>/floor-visualizer/<id>/…` (served by the gateway) and `<uploadDir>/<id>/…`. */
export function createLocalVisitorFiles(settings: { storageDir: string; uploadDir: string }): VisitorFiles {
  const folders = (requestId: string) => [
    path.join(settings.storageDir, VISUALIZER_BUCKET, requestId),
    path.join(settings.uploadDir, requestId),
  ];
  const bucketRoots: Record<string, string> = {
    [VISUALIZER_BUCKET]: path.join(settings.storageDir, VISUALIZER_BUCKET),
    [UPLOADS_BUCKET]: settings.uploadDir,
  };
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
    async listRequestFiles(requestId) {
      assertRequestId(requestId);
      const files: StoredFile[] = [];
      for (const bucket of VISITOR_BUCKETS) {
        const root = bucketRoots[bucket]!;
        for (const file of await filesUnder(path.join(root, requestId), root)) files.push({ bucket, ...file });
      }
      return files;
    },
    async readStoredFile(file) {
      const root = bucketRoots[file.bucket];
      if (!root) throw new Error(`Not a visitor bucket: ${file.bucket}`);
      return readFile(path.join(root, ...safeObjectPath(file.path)));
    },
    async requestIdsWithFiles() {
      const ids = new Set<string>();
      for (const root of Object.values(bucketRoots)) {
        for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
          if (entry.isDirectory() && REQUEST_ID.test(entry.name)) ids.add(entry.name);
        }
      }
      return [...ids].sort();
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

  /** The entries of one folder level under `prefix` (a folder path ending in '/', or '' for the bucket), paged. */
  async function listLevel(bucket: string, prefix: string): Promise<StorageEntry[]> {
    const entries: StorageEntry[] = [];
    const pageSize = 1000;
    for (let offset = 0; ; offset += pageSize) {
      const response = await doFetch(`${base}/list/${bucket}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ prefix, limit: pageSize, offset, sortBy: { column: 'name', order: 'asc' } }),
      });
      if (!response.ok) await fail('listing', bucket, response);
      const page = (await response.json()) as StorageEntry[];
      entries.push(...page);
      if (page.length < pageSize) return entries;
    }
  }

  /** Every file under `prefix`, with when it was stored. Folders come back without an id. */
  async function listFiles(bucket: string, prefix: string): Promise<{ path: string; createdAt: Date | null }[]> {
    const files: { path: string; createdAt: Date | null }[] = [];
    for (const entry of await listLevel(bucket, prefix)) {
      const entryPath = `${prefix}${entry.name}`;
      if (entry.id === null) files.push(...(await listFiles(bucket, `${entryPath}/`)));
      else files.push({ path: entryPath, createdAt: entry.created_at ? new Date(entry.created_at) : null });
    }
    return files;
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
    async listRequestFiles(requestId) {
      assertRequestId(requestId);
      const files: StoredFile[] = [];
      for (const bucket of VISITOR_BUCKETS) {
        for (const file of await listFiles(bucket, `${requestId}/`)) files.push({ bucket, path: file.path, storedAt: file.createdAt });
      }
      return files;
    },
    async readStoredFile(file) {
      const objectPath = safeObjectPath(file.path).map(encodeURIComponent).join('/');
      const response = await doFetch(`${base}/authenticated/${encodeURIComponent(file.bucket)}/${objectPath}`, {
        headers: { apikey: settings.serviceRoleKey, authorization: `Bearer ${settings.serviceRoleKey}` },
      });
      if (!response.ok) await fail(`download of ${file.path}`, file.bucket, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async requestIdsWithFiles() {
      const ids = new Set<string>();
      for (const bucket of VISITOR_BUCKETS) {
        for (const entry of await listLevel(bucket, '')) if (entry.id === null && REQUEST_ID.test(entry.name)) ids.add(entry.name);
      }
      return [...ids].sort();
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
