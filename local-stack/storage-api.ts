import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { signJwt } from './keys';

/**
 * The part of Supabase Storage's HTTP API (`/storage/v1/...`) the site's services use, served from folders on disk:
 * `<storageDir>/<bucket>/<path>` per object, and what hosted Storage keeps in its `storage.objects` rows (content
 * type, cache control, when stored) in `<storageDir>/.object-metadata/<bucket>/<path>.json`.
 *
 * It answers as hosted Storage answers (supabase/storage's routes; decision 022): errors are HTTP 400 with the
 * real status as a string in `statusCode`, the secret (service_role) key may do anything, the public (anon) key
 * nothing (the buckets have no policies for it, so it uploads nothing, lists `[]`, deletes nothing and reads no
 * private object), public buckets are read by anyone at `/object/public/...`, and signed URLs are HS256 JWTs over
 * `{ url: '<bucket>/<path>', iat, exp }` with the project's JWT secret, answered with `Expires` set to the token's
 * expiry. It is a stand-in for tests and `npm start`, not a storage server: no policies, no transformations,
 * no resumable uploads, no S3.
 */
export type StorageBucket = { id: string; public: boolean; fileSizeLimit?: number };

export type StorageApiOptions = {
  storageDir: string;
  buckets: StorageBucket[];
  /** Signs and checks signed-URL tokens, as the project's JWT secret does on the platform. */
  jwtSecret: string;
  /** The keys (either format) that act as service_role, and those that act as anon. */
  serviceKeys: string[];
  anonKeys: string[];
};

type Role = 'service_role' | 'anon';

type ObjectMetadata = { id: string; mimetype: string; cacheControl: string; createdAt: string; updatedAt: string; size: number; eTag: string };

const METADATA_DIR = '.object-metadata';
/** What hosted Storage stores when an upload names no cache control (its uploader's default). */
const DEFAULT_CACHE_CONTROL = 'no-cache';
/**
 * Sent with every object so a page's performance tools (the e2e tests, the visualizer-phone bench) see the sizes of
 * images from another origin. The stand-in's only header hosted Storage does not send (decision 022).
 */
const TIMING_ALLOW_ORIGIN = '*';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

const notFound = () => new StorageError('404', 'not_found', 'Object not found');
const bucketNotFound = () => new StorageError('404', 'Bucket not found', 'Bucket not found');
const unauthorized = () => new StorageError('403', 'Unauthorized', 'new row violates row-level security policy');

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  response.end(JSON.stringify(body));
}

function readBody(request: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Over the limit: answered at once; the rest of the body is read and dropped.
      if (size > limit) reject(new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(request, 1024 * 1024);
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new StorageError('400', 'InvalidRequest', 'body must be a JSON object');
}

/** Verifies an HS256 token and returns its claims; throws Storage's own 400 for a bad or expired one. */
function verifyToken(token: string, secret: string, now = Date.now()): Record<string, unknown> {
  const invalid = (message: string) => new StorageError('400', 'InvalidJWT', message);
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw invalid('jwt malformed');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('invalid signature');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid('jwt malformed');
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) throw invalid('jwt expired');
  return claims;
}

export function createStorageApi(options: StorageApiOptions) {
  const root = path.resolve(options.storageDir);

  function bucketOf(id: string): StorageBucket {
    const bucket = options.buckets.find((candidate) => candidate.id === id);
    if (!bucket) throw bucketNotFound();
    return bucket;
  }

  /** The object's file and metadata file; refuses names that would leave the bucket's folder. */
  function objectFiles(bucketId: string, name: string): { file: string; meta: string } {
    const parts = name.split('/');
    if (!name || name.includes('\0') || parts.some((part) => part === '' || part === '.' || part === '..')) {
      throw new StorageError('400', 'InvalidKey', `Invalid key: ${name}`);
    }
    return {
      file: path.join(root, bucketId, ...parts),
      meta: path.join(root, METADATA_DIR, bucketId, ...parts) + '.json',
    };
  }

  function readMetadata(bucketId: string, name: string): ObjectMetadata {
    const { file, meta } = objectFiles(bucketId, name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      throw notFound();
    }
    if (!stat.isFile()) throw notFound();
    try {
      return JSON.parse(fs.readFileSync(meta, 'utf8')) as ObjectMetadata;
    } catch {
      // A file put in the folder by hand: what Storage would have recorded for it.
      const when = stat.mtime.toISOString();
      return {
        id: createHash('sha1').update(`${bucketId}/${name}`).digest('hex'),
        mimetype: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: DEFAULT_CACHE_CONTROL,
        createdAt: when,
        updatedAt: when,
        size: stat.size,
        eTag: `"${stat.size}-${stat.mtimeMs}"`,
      };
    }
  }

  function sendObject(request: http.IncomingMessage, response: http.ServerResponse, bucketId: string, name: string, expires?: Date): void {
    const metadata = readMetadata(bucketId, name);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': metadata.mimetype,
      'content-length': metadata.size,
      etag: metadata.eTag,
      'last-modified': new Date(metadata.updatedAt).toUTCString(),
      'accept-ranges': 'bytes',
      'access-control-allow-origin': '*',
      'timing-allow-origin': TIMING_ALLOW_ORIGIN,
    };
    // As hosted Storage does: a signed URL's answer lives until its token expires; any other answer, as long as
    // the cache control stored with the upload says.
    if (expires) headers.expires = expires.toUTCString();
    else headers['cache-control'] = metadata.cacheControl;
    if (request.headers['if-none-match'] === metadata.eTag) {
      response.writeHead(304, headers);
      return void response.end();
    }
    response.writeHead(200, headers);
    if (request.method === 'HEAD') return void response.end();
    fs.createReadStream(objectFiles(bucketId, name).file).pipe(response);
  }

  async function upload(request: http.IncomingMessage, bucketId: string, name: string): Promise<unknown> {
    const bucket = bucketOf(bucketId);
    const { file, meta } = objectFiles(bucketId, name);
    const upsert = request.headers['x-upsert'] === 'true';
    const existed = fs.existsSync(file);
    if (existed && !upsert) throw new StorageError('409', 'Duplicate', 'The resource already exists');
    const bytes = await readBody(request, bucket.fileSizeLimit ?? Number.POSITIVE_INFINITY);
    const now = new Date().toISOString();
    const previous = existed ? readMetadata(bucketId, name) : undefined;
    const metadata: ObjectMetadata = {
      id: previous?.id ?? randomUUID(),
      mimetype: String(request.headers['content-type'] ?? 'application/octet-stream'),
      cacheControl: String(request.headers['cache-control'] ?? DEFAULT_CACHE_CONTROL),
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      size: bytes.length,
      eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.mkdirSync(path.dirname(meta), { recursive: true });
    fs.writeFileSync(file, bytes);
    fs.writeFileSync(meta, JSON.stringify(metadata));
    return { Id: metadata.id, Key: `${bucketId}/${name}` };
  }

  function removeObject(bucketId: string, name: string): ObjectMetadata | undefined {
    let metadata: ObjectMetadata;
    try {
      metadata = readMetadata(bucketId, name);
    } catch {
      return undefined;
    }
    const { file, meta } = objectFiles(bucketId, name);
    fs.rmSync(file, { force: true });
    fs.rmSync(meta, { force: true });
    // Storage has no folders, only names: a folder left empty is gone from its listings too.
    for (const base of [path.join(root, bucketId), path.join(root, METADATA_DIR, bucketId)]) {
      let folder = path.dirname(base === path.join(root, bucketId) ? file : meta);
      while (folder.startsWith(base + path.sep)) {
        try {
          fs.rmdirSync(folder);
        } catch {
          break;
        }
        folder = path.dirname(folder);
      }
    }
    return metadata;
  }

  function objectRecord(bucketId: string, name: string, metadata: ObjectMetadata) {
    return {
      name,
      bucket_id: bucketId,
      id: metadata.id,
      created_at: metadata.createdAt,
      updated_at: metadata.updatedAt,
      last_accessed_at: metadata.updatedAt,
      metadata: {
        eTag: metadata.eTag,
        size: metadata.size,
        mimetype: metadata.mimetype,
        cacheControl: metadata.cacheControl,
        lastModified: metadata.updatedAt,
        contentLength: metadata.size,
        httpStatusCode: 200,
      },
    };
  }

  /** One folder level, as Storage's list answers it: folders first-class with a null id, names sorted. */
  function list(bucketId: string, body: Record<string, unknown>): unknown[] {
    bucketOf(bucketId);
    const prefix = String(body.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const limit = Number(body.limit ?? 100);
    const offset = Number(body.offset ?? 0);
    const descending = (body.sortBy as { order?: string } | undefined)?.order === 'desc';
    const search = String(body.search ?? '');
    const folder = prefix ? objectFiles(bucketId, prefix).file : path.join(root, bucketId);
    const entries = fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true }) : [];
    const rows = entries
      .filter((entry) => entry.name.startsWith(search))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) * (descending ? -1 : 1))
      .map((entry) => {
        if (entry.isDirectory()) {
          return { name: entry.name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null };
        }
        const { bucket_id: _bucket, ...record } = objectRecord(bucketId, entry.name, readMetadata(bucketId, prefix ? `${prefix}/${entry.name}` : entry.name));
        return record;
      });
    return rows.slice(offset, offset + limit);
  }

  function signedPath(bucketId: string, name: string, expiresIn: number): string {
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ url: `${bucketId}/${name}`, iat: now, exp: now + expiresIn }, options.jwtSecret);
    return `/object/sign/${bucketId}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
  }

  function expiresInOf(body: Record<string, unknown>): number {
    const expiresIn = body.expiresIn;
    if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) {
      throw new StorageError('400', 'InvalidRequest', 'body/expiresIn must be an integer >= 1');
    }
    return expiresIn;
  }

  function roleOf(request: http.IncomingMessage, url: URL): Role {
    const header = request.headers.apikey;
    const apikey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? '';
    const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    const role = (key: string): Role | undefined =>
      options.serviceKeys.includes(key) ? 'service_role' : options.anonKeys.includes(key) ? 'anon' : undefined;
    if (!role(apikey)) throw new StorageError('401', 'Unauthorized', 'Invalid API key', 401);
    if (bearer === undefined) throw new StorageError('403', 'Unauthorized', "headers must have required property 'authorization'");
    const bearerRole = role(bearer);
    if (!bearerRole) throw new StorageError('403', 'Unauthorized', 'invalid signature');
    return bearerRole;
  }

  /** `/storage/v1/<rest>`; answers every request it is given. */
  async function handle(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? 'GET';
    const rest = url.pathname.slice('/storage/v1'.length);
    let segments: string[];
    try {
      segments = rest.split('/').slice(1).map(decodeURIComponent);
    } catch {
      throw new StorageError('400', 'InvalidKey', 'Invalid object path');
    }
    const [area, ...after] = segments;

    if (method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
        'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? 'authorization, apikey, content-type'),
      });
      return void response.end();
    }

    const bucketRecord = (bucket: StorageBucket) => ({
      id: bucket.id,
      name: bucket.id,
      public: bucket.public,
      file_size_limit: bucket.fileSizeLimit ?? null,
      allowed_mime_types: null,
    });
    // Every bucket (the secret key; the public key sees none, as storage.buckets' row security gives it none).
    if (area === 'bucket' && (after.length === 0 || (after.length === 1 && after[0] === '')) && method === 'GET') {
      return sendJson(response, 200, roleOf(request, url) === 'service_role' ? options.buckets.map(bucketRecord) : []);
    }
    if (area === 'bucket' && after.length === 1 && method === 'GET') {
      if (roleOf(request, url) !== 'service_role') throw bucketNotFound();
      return sendJson(response, 200, bucketRecord(bucketOf(after[0]!)));
    }
    if (area !== 'object' || after.length === 0) throw new StorageError('404', 'not_found', `No route for ${url.pathname}`, 404);

    const [kind, bucketId = '', ...nameParts] = after;
    const name = nameParts.join('/');

    // Anyone: a public bucket's objects, and any object through a valid signed URL.
    if (kind === 'public' && (method === 'GET' || method === 'HEAD')) {
      if (!bucketOf(bucketId).public) throw bucketNotFound();
      return sendObject(request, response, bucketId, name);
    }
    if (kind === 'sign' && (method === 'GET' || method === 'HEAD')) {
      const claims = verifyToken(url.searchParams.get('token') ?? '', options.jwtSecret);
      if (claims.url !== `${bucketId}/${name}`) {
        throw new StorageError('400', 'InvalidSignature', 'The url do not match the signature');
      }
      return sendObject(request, response, bucketId, name, new Date(Number(claims.exp) * 1000));
    }

    // Everything else needs a key, and only the secret key reaches objects (no policy lets anon in).
    const role = roleOf(request, url);
    const service = role === 'service_role';
    if (kind === 'sign' && method === 'POST') {
      bucketOf(bucketId);
      const body = await readJson(request);
      const expiresIn = expiresInOf(body);
      if (!name) {
        const paths = Array.isArray(body.paths) ? body.paths.map(String) : [];
        return sendJson(
          response,
          200,
          paths.map((objectPath) => {
            const exists = service && (() => {
              try {
                return !!readMetadata(bucketId, objectPath);
              } catch {
                return false;
              }
            })();
            return exists
              ? { error: null, path: objectPath, signedURL: signedPath(bucketId, objectPath, expiresIn) }
              : { error: 'Either the object does not exist or you do not have access to it', path: objectPath, signedURL: null };
          }),
        );
      }
      if (!service) throw notFound();
      readMetadata(bucketId, name);
      return sendJson(response, 200, { signedURL: signedPath(bucketId, name, expiresIn) });
    }
    if (kind === 'list' && method === 'POST' && !name) {
      const body = await readJson(request);
      return sendJson(response, 200, service ? list(bucketId, body) : []);
    }
    const readKind = kind === 'authenticated' ? bucketId : kind!;
    const readName = kind === 'authenticated' ? name : [bucketId, ...nameParts].join('/');
    if ((method === 'GET' || method === 'HEAD') && (kind === 'authenticated' || !['public', 'sign', 'list', 'info'].includes(kind!))) {
      bucketOf(readKind);
      if (!service) throw notFound();
      return sendObject(request, response, readKind, readName);
    }
    // /object/<bucket>/<name>: upload (POST creates, PUT replaces), delete one; /object/<bucket>: delete many.
    const objectName = [bucketId, ...nameParts].join('/');
    if ((method === 'POST' || method === 'PUT') && objectName) {
      if (!service) {
        bucketOf(kind!);
        request.resume();
        throw unauthorized();
      }
      if (method === 'PUT') request.headers['x-upsert'] = 'true';
      return sendJson(response, 200, await upload(request, kind!, objectName));
    }
    if (method === 'DELETE' && !objectName) {
      bucketOf(kind!);
      const body = await readJson(request);
      const prefixes = Array.isArray(body.prefixes) ? body.prefixes.map(String) : [];
      if (!service) return sendJson(response, 200, []);
      const deleted = prefixes.flatMap((prefix) => {
        const metadata = removeObject(kind!, prefix);
        return metadata ? [objectRecord(kind!, prefix, metadata)] : [];
      });
      return sendJson(response, 200, deleted);
    }
    if (method === 'DELETE') {
      bucketOf(kind!);
      if (!service || !removeObject(kind!, objectName)) throw notFound();
      return sendJson(response, 200, { message: 'Successfully deleted' });
    }
    throw new StorageError('404', 'not_found', `No route for ${method} ${url.pathname}`, 404);
  }

  return {
    /** Answers a `/storage/v1/...` request; every failure is answered in Storage's error shape. */
    async serve(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
      try {
        await handle(request, response, url);
      } catch (error) {
        if (response.headersSent) return void response.destroy();
        if (error instanceof StorageError) {
          if (!request.complete) request.resume();
          return sendJson(response, error.httpStatus, { statusCode: error.statusCode, error: error.error, message: error.message });
        }
        throw error;
      }
    },
  };
}
