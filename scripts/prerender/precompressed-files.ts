import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Brotli copies of the built text files, and a preview server that sends them. Static hosts and CDNs answer
 * browsers with brotli (Cloudflare, Netlify and Vercel all do), which on the pages is about a fifth smaller
 * than the gzip Vite's preview server makes on the fly: for a prerendered page with its CSS inlined, that is
 * what keeps it inside the first TCP round trip on a slow phone connection. The preview serves what the host
 * will, so `npm run preview`, the end-to-end tests and Lighthouse measure the site as visitors get it.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/** Below this, compressing saves less than a packet. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` beside every compressible file of the build (maximum quality: it is done once). */
export function writeBrotliCopies(outDir: string): void {
  for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !(path.extname(entry.name) in CONTENT_TYPES)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.br`, brotli(bytes));
  }
}

/** What `writeBrotliCopies` writes for these bytes. */
export function brotli(bytes: Buffer): Buffer {
  return zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

/**
 * Sends `file` (a path inside the build) as its brotli copy when the browser takes brotli and the copy exists;
 * answers false to leave the request to the next middleware (which compresses on the fly, or not at all).
 */
export function sendPrecompressed(req: IncomingMessage, res: ServerResponse, file: string, status = 200): boolean {
  const contentType = CONTENT_TYPES[path.extname(file)];
  const accepts = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (!contentType || !accepts || !fs.existsSync(`${file}.br`)) return false;
  const body = fs.readFileSync(`${file}.br`);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Encoding', 'br');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Vary', 'Accept-Encoding');
  // Hashed file names never change their contents; pages and the rest are checked again each visit.
  res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
