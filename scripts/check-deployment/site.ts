import { getDomain } from 'tldts';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { businessEnvSchema } from '../../src/config/settings.ts';
import { PAGE_HEADERS, request, type Reply } from './http.ts';

/** The prerendered page's first <h1>, as text (what a visitor and a search engine read first). */
export function headingOf(html: string): string | undefined {
  const match = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  const text = match?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity,
    )
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

export type PageAsset = { path: string; kind: 'script' | 'stylesheet' };

/**
 * The site's own scripts and stylesheets a page loads: `<script src>`, the entry the first-interaction loader adds
 * (`data-entry`, decision 006), module preloads and stylesheets. Another host's files are not the deployment's.
 */
export function assetsOf(html: string, pageUrl: URL): PageAsset[] {
  const found = new Map<string, PageAsset['kind']>();
  const add = (reference: string | undefined, kind: PageAsset['kind']) => {
    if (!reference) return;
    const url = new URL(reference, pageUrl);
    if (url.origin === pageUrl.origin) found.set(url.pathname, kind);
  };
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attribute = (name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    if (/^<script/i.test(tag)) {
      add(attribute('src'), 'script');
      add(attribute('data-entry'), 'script');
    } else {
      const rel = attribute('rel')?.toLowerCase();
      if (rel === 'stylesheet') add(attribute('href'), 'stylesheet');
      if (rel === 'modulepreload') add(attribute('href'), 'script');
    }
  }
  return [...found].map(([path, kind]) => ({ path, kind }));
}

/** The site's own scripts a script imports (`./name.js`, or `assets/name.js` in the bundler's preload lists). */
export function scriptsImportedBy(script: string, scriptPath: string): string[] {
  const folder = scriptPath.slice(0, scriptPath.lastIndexOf('/') + 1);
  const found = new Set<string>();
  for (const [, relative, fromRoot] of script.matchAll(/["'`](?:\.\/([\w.-]+\.js)|\/?(assets\/[\w./-]+\.js))["'`]/g)) {
    found.add(relative ? `${folder}${relative}` : `/${fromRoot}`);
  }
  return [...found];
}

/** How long a page may be kept without asking the host again, and what said so: more than this keeps a build for days. */
export const PAGE_CACHE_LIMIT_S = 3600;

/**
 * The headers that tell caches how long to keep a page: `cache-control` (browsers and every cache), and those a CDN
 * reads in its place and usually takes out before the answer goes on (RFC 9213's `cdn-cache-control`, the CDNs' own,
 * and `surrogate-control`): a page kept a year at the edge after the next deploy is stale for every visitor, while
 * `cache-control` says no-cache. Seen when the CDN passes them on, or when the check reaches the origin.
 */
export const PAGE_CACHE_HEADERS = [
  'cache-control',
  'cdn-cache-control',
  'cloudflare-cdn-cache-control',
  'vercel-cdn-cache-control',
  'surrogate-control',
] as const;

/**
 * A cache header's directives in order, each a name (lower case) and its value when it has one (quotes taken off). A
 * quoted value may hold commas (`no-cache="set-cookie, x-id"`), so the header is not simply split on them.
 */
export function cacheDirectives(value: string): { name: string; value?: string }[] {
  return [...value.matchAll(/([\w-]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*)))?/g)].map(
    ([, name, quoted, token]) => ({
      name: name!.toLowerCase(),
      ...((quoted ?? token) === undefined ? {} : { value: quoted ?? token }),
    }),
  );
}

/**
 * How long browsers and shared caches may keep a page without asking the host again (max-age or s-maxage in any of
 * PAGE_CACHE_HEADERS; for ever when `immutable` comes with one over the limit; nginx's `expires` sets both headers), in seconds, when that is longer than
 * PAGE_CACHE_LIMIT_S; else undefined. A page's scripts have hashed names and may be kept for ever; the page that
 * names them must not, or a deploy reaches no one who has been before. Only a bare `no-cache` or `no-store` stops
 * the keeping: `no-cache="set-cookie"` (and `private="set-cookie"`) name header fields, and RFC 9111 lets caches keep
 * the rest of the page, so `no-cache="set-cookie", max-age=31536000` keeps the page a year.
 */
export function pageKeptTooLong(headers: Reply['headers']): { seconds: number; said: string } | undefined {
  let longest: { seconds: number; said: string } | undefined;
  for (const name of PAGE_CACHE_HEADERS) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw ?? '');
    if (!value) continue;
    const directives = cacheDirectives(value);
    if (
      directives.some(
        (directive) =>
          (directive.name === 'no-cache' && directive.value === undefined) || directive.name === 'no-store',
      )
    )
      continue;
    // Given twice, the longest: some cache keeps the page that long.
    const ages = directives
      .filter(({ name }) => name === 'max-age' || name === 's-maxage')
      .map(({ value }) => Number.parseInt(value ?? '', 10));
    const age = Math.max(0, ...ages.filter((found) => Number.isFinite(found)));
    // `immutable` holds only while the page is fresh: with `max-age=0` the browser asks again all the same.
    if (age <= PAGE_CACHE_LIMIT_S) continue;
    const seconds = directives.some(({ name }) => name === 'immutable') ? Infinity : age;
    if (!longest || seconds > longest.seconds) longest = { seconds, said: `${name}: ${value}` };
  }
  return longest;
}

/** Whether a reply is the kind of file a page asked for; a host's fallback page answers 200 with HTML. */
export function servesAsset(reply: Reply, kind: PageAsset['kind']): boolean {
  const type = String(reply.headers['content-type'] ?? '');
  return (
    reply.status === 200 &&
    reply.body.length > 0 &&
    (kind === 'script' ? /javascript/i.test(type) : /text\/css/i.test(type))
  );
}

/** The role each JWT-shaped string in a text names (a Supabase key says `anon`, `service_role`, ...). */
export function jwtRoles(text: string): string[] {
  return [...text.matchAll(/eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+/g)].map(([, payload]) => {
    try {
      return String((JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { role?: unknown }).role);
    } catch {
      return 'unreadable';
    }
  });
}

/** The shortest run of a key's secret characters taken as a piece of it: random base64url, 64^12 to one by chance. */
export const KEY_PIECE = 12;

/**
 * Whether a text holds a piece of the secret key but perhaps not all of it (session 34): a key split across two files
 * (`VITE_SUPABASE_KEY_1` and `_2` copied from a server's settings, two halves joined in the code) is whole in none of
 * them, so the whole-key search passed it, while anyone reading both has it. Only the key's secret part counts: a
 * legacy JWT's signature (its header and much of its payload are the public key's too), an `sb_secret_` key's random
 * part.
 */
export function secretKeyPieceIn(text: string, serviceKey: string, publicKey?: string): boolean {
  const secret = secretPartOf(serviceKey);
  for (let at = 0; at + KEY_PIECE <= secret.length; at++) {
    const piece = secret.slice(at, at + KEY_PIECE);
    // A run the public key has too is public (the local stack's two sb_ keys share a name).
    if (text.includes(piece) && !publicKey?.includes(piece)) return true;
  }
  return false;
}

/** What makes a key secret: a legacy JWT's signature (its header and much of its payload are the public key's too), an `sb_secret_` key's random part. */
function secretPartOf(serviceKey: string): string {
  return serviceKey.startsWith('eyJ') ? (serviceKey.split('.')[2] ?? '') : serviceKey.replace(/^sb_secret_/, '');
}

/**
 * The secret part of a key as base64 and hex write it inside a longer text (session 35: `atob('...')` in a script, a
 * base64 line in robots.txt, passed as no key). Whatever precedes the key (`SUPABASE_SERVICE_ROLE_KEY=`), one of
 * base64's three alignments writes the groups of three bytes that hold the secret's bytes alone the same way: those
 * groups are searched, in both of base64's alphabets.
 */
function encodedSecretForms(secret: string): { how: string; forms: string[] }[] {
  const base64: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const bytes = Buffer.concat([Buffer.alloc(shift), Buffer.from(secret)]);
    const core = bytes.toString('base64').slice(shift > 0 ? 4 : 0, Math.floor(bytes.length / 3) * 4);
    base64.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const hex = Buffer.from(secret).toString('hex');
  return [
    { how: 'base64-encoded', forms: base64 },
    { how: 'hex-encoded', forms: [hex, hex.toUpperCase()] },
  ];
}

/**
 * What in a published file would let anyone bypass row-level security: the deployment's own secret key (whole, a
 * piece of it, or base64- or hex-encoded), any project's new-format secret key, or a JWT key for a role other than
 * anon. Says what it found, never the key.
 */
export function secretsIn(text: string, serviceKey: string | undefined, publicKey?: string): string[] {
  const found: string[] = [];
  if (serviceKey && text.includes(serviceKey)) found.push('the secret key SUPABASE_SERVICE_ROLE_KEY');
  else if (serviceKey && secretKeyPieceIn(text, serviceKey, publicKey)) found.push(`a piece of the secret key SUPABASE_SERVICE_ROLE_KEY (${KEY_PIECE} characters or more of its secret part: a key split across files, or cut)`);
  else if (serviceKey) {
    // Base64 as MIME and PEM write it, in lines of 64 or 76: the line breaks go first.
    const compact = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
    const encoding = encodedSecretForms(secretPartOf(serviceKey)).find(({ forms }) => forms.some((form) => form.length >= KEY_PIECE && compact.includes(form)));
    if (encoding) found.push(`the secret key SUPABASE_SERVICE_ROLE_KEY ${encoding.how}`);
  }
  if (/sb_secret_[\w-]{8,}/.test(text)) found.push('an sb_secret_… key');
  for (const role of new Set(jwtRoles(text).filter((role) => role !== 'anon')))
    found.push(`a JWT key for the role ${role}`);
  return found;
}

/** The most a file's packed contents may unpack to, in all (a zip bomb must not stop the check). */
const UNPACKED_LIMIT = 64 * 1024 * 1024;

/**
 * What a file holds packed, unpacked (session 35): each gzip member and each deflated zip entry anywhere in its bytes
 * (a gzip of the .env appended to an image or a font, a zip of the project put in public/), and each long base64 run
 * decoded (a gzip of the key written as base64 in a script), two levels deep. Brotli (a .woff2's tables), zstd, xz,
 * bzip2 and encryption have no mark to find them by, and are not unpacked.
 */
export function unpackedContents(bytes: Buffer, depth = 2, budget = { left: UNPACKED_LIMIT }): { how: string; bytes: Buffer }[] {
  const found: { how: string; bytes: Buffer }[] = [];
  const inflate = (how: string, deflated: Buffer) => {
    if (budget.left <= 0) return;
    try {
      // inflateRaw stops at the end of the deflate stream: what follows it (the rest of the image) is left alone.
      const inner = zlib.inflateRawSync(deflated, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: budget.left });
      budget.left -= inner.length;
      found.push({ how, bytes: inner });
    } catch {
      // Not a deflate stream after all: three bytes that looked like a gzip header in an image's data.
    }
  };
  for (let at = bytes.indexOf('\x1f\x8b\x08', 0, 'latin1'); at >= 0; at = bytes.indexOf('\x1f\x8b\x08', at + 1, 'latin1')) {
    // A gzip member's header (RFC 1952): 10 bytes, then what its flags add.
    const flags = bytes[at + 3] ?? 0;
    let start = at + 10;
    if (flags & 4) start += 2 + (bytes.readUInt16LE(Math.min(start, bytes.length - 2)) || 0);
    if (flags & 8) start = bytes.indexOf(0, start) + 1 || bytes.length;
    if (flags & 16) start = bytes.indexOf(0, start) + 1 || bytes.length;
    if (flags & 2) start += 2;
    if (start < bytes.length) inflate('gzip-compressed', bytes.subarray(start));
  }
  for (let at = bytes.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0 && at + 30 <= bytes.length; at = bytes.indexOf('PK\x03\x04', at + 1, 'latin1')) {
    // A zip entry's local header (APPNOTE 4.3.7); method 8 is deflate (a stored entry's bytes are read as they are).
    if (bytes.readUInt16LE(at + 8) !== 8) continue;
    inflate('in a zip', bytes.subarray(at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28)));
  }
  for (const [run] of bytes.toString('latin1').matchAll(/[A-Za-z0-9+/_-]{40,}={0,2}/g)) {
    if (budget.left <= 0) break;
    // Node's base64 reads both alphabets; what decodes to a gzip member or a zip is unpacked below.
    const decoded = Buffer.from(run, 'base64');
    if (decoded.includes('\x1f\x8b\x08', 0, 'latin1') || decoded.includes('PK\x03\x04', 0, 'latin1')) found.push({ how: 'base64-encoded', bytes: decoded });
  }
  if (depth <= 1) return found;
  return found.flatMap((packed) => [packed, ...unpackedContents(packed.bytes, depth - 1, budget).map((inner) => ({ how: `${inner.how}, ${packed.how}`, bytes: inner.bytes }))]);
}

/**
 * secretsIn for a whole file: its text, and what it holds packed (unpackedContents), each said with how it was
 * packed ("the secret key SUPABASE_SERVICE_ROLE_KEY (gzip-compressed)").
 */
export function secretsInFile(file: Buffer | string, serviceKey: string | undefined, publicKey?: string): string[] {
  const bytes = typeof file === 'string' ? Buffer.from(file) : file;
  const found = secretsIn(bytes.toString('latin1'), serviceKey, publicKey);
  for (const { how, bytes: inner } of unpackedContents(bytes)) for (const secret of secretsIn(inner.toString('latin1'), serviceKey, publicKey)) found.push(`${secret} (${how})`);
  return [...new Set(found)];
}

/**
 * GETs of the site, each path fetched once however many pages name it. A page (`as: 'page'`) is asked for as a
 * browser opens one (PAGE_HEADERS: its Accept and fetch metadata), a file as a browser loads a script or a stylesheet.
 */
export function createSiteReader(site: URL) {
  const replies = new Map<string, Promise<Reply>>();
  return (path: string, { as = 'file' }: { as?: 'page' | 'file' } = {}): Promise<Reply> => {
    const key = `${as} ${path}`;
    let reply = replies.get(key);
    if (!reply)
      replies.set(
        key,
        (reply = request(new URL(path, site).href, as === 'page' ? { headers: { ...PAGE_HEADERS } } : {})),
      );
    return reply;
  };
}

/**
 * What is wrong with the type a page is served as, or undefined: a browser renders a page only as text/html (or
 * XHTML); served as text/plain it shows the HTML's source, as application/octet-stream it downloads it, while the
 * status, the heading and every script are as they should be.
 */
export function pageTypeProblem(headers: Reply['headers']): string | undefined {
  const type = String(headers['content-type'] ?? '').trim();
  if (/^(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(type)) return undefined;
  return `it is served as ${type ? `"${type.slice(0, 60)}"` : 'no content type'}, not text/html: browsers ${/^text\/plain/i.test(type) ? "show the page's HTML source" : type ? 'download it or show it as text' : 'guess, and with nosniff show it as text'} instead of the page; serve .html files as text/html at the host`;
}

/** Every script of the site reachable from the given ones, each read once; at most `limit` (a loop cannot run away). */
export async function collectScripts(
  read: (path: string) => Promise<Reply>,
  entries: string[],
  limit = 400,
): Promise<Map<string, Reply>> {
  const collected = new Map<string, Reply>();
  const queue = [...new Set(entries)];
  while (queue.length > 0 && collected.size < limit) {
    const path = queue.shift()!;
    if (collected.has(path)) continue;
    const reply = await read(path);
    collected.set(path, reply);
    if (servesAsset(reply, 'script')) {
      for (const imported of scriptsImportedBy(reply.body, path)) if (!collected.has(imported)) queue.push(imported);
    }
  }
  return collected;
}

/** `--client-addresses`'s and `--build-dir`'s values; anything else starting with `--` is refused (a typo must not pass unnoticed). */
export const CHECK_OPTIONS = ['--client-addresses', '--build-dir'] as const;

/**
 * A page's fingerprint of its build: the hashed names of the scripts and stylesheets it loads (every change of the
 * code, the content or the VITE_ settings renames at least one), sorted. Two pages of one build name the same entry.
 */
export function buildFingerprint(html: string, pageUrl: URL): string[] {
  // Only the build's own folder: a CDN may add scripts of its own on the site's origin (Cloudflare's /cdn-cgi/).
  return assetsOf(html, pageUrl)
    .map((asset) => asset.path)
    .filter((assetPath) => assetPath.startsWith('/assets/'))
    .sort();
}

/** The app's entry a page starts (the first-interaction loader's `data-entry`, else its module script). */
export function entryOf(html: string, pageUrl: URL): string | undefined {
  const reference =
    html.match(/\sdata-entry\s*=\s*["']([^"']+)["']/i)?.[1] ??
    html.match(/<script\b[^>]*\stype\s*=\s*["']module["'][^>]*\ssrc\s*=\s*["']([^"']+)["']/i)?.[1];
  return reference ? new URL(reference, pageUrl).pathname : undefined;
}

/** What tells search engines to leave a page out: a robots meta tag or an X-Robots-Tag header saying noindex or none. */
export function noindexOf(html: string, headers: Reply['headers']): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const name = tag.match(/\sname\s*=\s*["']([^"']+)["']/i)?.[1]?.toLowerCase();
    const content = tag.match(/\scontent\s*=\s*["']([^"']*)["']/i)?.[1] ?? '';
    if ((name === 'robots' || name === 'googlebot') && /\b(noindex|none)\b/i.test(content))
      return `<meta name="${name}" content="${content}">`;
  }
  const header = String(headers['x-robots-tag'] ?? '');
  return /\b(noindex|none)\b/i.test(header) ? `x-robots-tag: ${header}` : undefined;
}

/** Whether a robots.txt keeps every crawler out of the whole site (`User-agent: *` with `Disallow: /`, a staging host's). */
export function robotsTxtBlocksAll(text: string): boolean {
  let agents: string[] = [];
  let inRules = false;
  const rulesForAll: { allow: string[]; disallow: string[] } = { allow: [], disallow: [] };
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const match = line.match(/^([\w-]+)\s*:\s*(.*)$/);
    if (!match) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value);
    } else if (field === 'allow' || field === 'disallow') {
      inRules = true;
      if (agents.includes('*')) rulesForAll[field].push(value);
    }
  }
  return (
    rulesForAll.disallow.some((path) => path === '/' || path === '/*') &&
    !rulesForAll.allow.some((path) => path === '/' || path === '/*')
  );
}

/** Scripts and stylesheets an https page loads over plain http: browsers block them (mixed content), or anyone on the way can change them. */
export function insecureAssetsOf(html: string, pageUrl: URL): string[] {
  if (pageUrl.protocol !== 'https:') return [];
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rel = tag.match(/\srel\s*=\s*["']([^"']+)["']/i)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload' && rel !== 'preload') continue;
    for (const name of isScript ? ['src', 'data-entry'] : ['href']) {
      const reference = tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
      if (reference && new URL(reference, pageUrl).protocol === 'http:') found.add(reference);
    }
  }
  return [...found];
}

/** The web app manifests a page links (`<link rel="manifest">`), as paths on the site. */
export function manifestsOf(html: string, pageUrl: URL): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\srel\s*=\s*["']?manifest\b/i.test(tag)) continue;
    const reference = tag.match(/\shref\s*=\s*["']([^"']+)["']/i)?.[1];
    const url = reference ? new URL(reference, pageUrl) : undefined;
    if (url?.origin === pageUrl.origin) found.push(url.pathname);
  }
  return found;
}

/**
 * The kinds of file of a build anyone may read as text: a key in one is as public as in a script. The build machine's
 * own files copied in by mistake too (a config, a source, a dotfile such as .env.staging, which PRIVATE_PATHS does not name).
 */
const TEXT_FILE =
  /(\.(html|js|mjs|cjs|css|json|txt|xml|webmanifest|map|svg|env|ya?ml|toml|ini|conf|cfg|sh|ts|tsx|mts|md|csv|log|sql|pem|key|bak|old|orig)|^\.[^/]+)$/i;

/**
 * The text files of the build folder, as paths on the site (at most `limit`): what the upload put on the host, the
 * files Vite copied from public/ included. None when the folder is not there (the build line says so).
 */
export function textFilesOf(buildDir: string, limit = 2000, { everyFile = false }: { everyFile?: boolean } = {}): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(buildDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && (everyFile || TEXT_FILE.test(entry.name)))
    .map((entry) => `/${path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .slice(0, limit);
}

/**
 * The files under /assets/ whose bytes as served are not the build's (labels), from each path's reply. Red-team,
 * session 24: the build line compared only the hashed NAMES the pages load, so a script changed in place under its
 * own name (code appended by a hacked host or CDN, a host's "optimizer") passed every line while it read each form.
 * A name's hash says what the build made; only the bytes say what visitors run. A file the build does not have is
 * named too (a chunk a changed script imports).
 */
export function assetsNotAsBuilt(served: ReadonlyMap<string, Reply>, buildDir: string, who?: string): string[] {
  const asked = who ? ` to ${who}` : '';
  const differing: string[] = [];
  for (const [assetPath, reply] of served) {
    if (!assetPath.startsWith('/assets/') || reply.status !== 200) continue;
    const file = path.join(buildDir, ...assetPath.split('/').filter(Boolean));
    if (!fs.existsSync(file)) {
      differing.push(`${assetPath}${asked} (which ${buildDir}/ does not have)`);
      continue;
    }
    const built = fs.readFileSync(file, 'utf8');
    if (built === reply.body) continue;
    let at = 0;
    while (at < built.length && built[at] === reply.body[at]) at++;
    const shown = reply.body.slice(at, at + 60).replace(/\s+/g, ' ');
    differing.push(
      `${assetPath}${asked} (${Buffer.byteLength(reply.body)} bytes served, ${Buffer.byteLength(built)} in ${buildDir}/; from character ${at} it serves "${shown}${reply.body.length > at + 60 ? '…' : ''}")`,
    );
  }
  return differing;
}

/** The source map a script names (`//# sourceMappingURL=`), as a path on the site; data: maps are in the script itself. */
export function sourceMapOf(script: string, scriptPath: string): string | undefined {
  const reference = script.match(/\/\/[#@]\s*sourceMappingURL\s*=\s*(\S+)\s*$/m)?.[1];
  if (!reference || reference.startsWith('data:')) return undefined;
  const url = new URL(reference, new URL(scriptPath, 'http://site.invalid'));
  return url.origin === 'http://site.invalid' ? url.pathname : undefined;
}

/**
 * Origins that are not the site's but that a loose CORS rule takes for it, sent as headers only (nothing resolves
 * them): `null` (any page can get it: a sandboxed frame, a file); the site's name followed by another domain (a
 * pattern with no end anchor); and letters put before the site's domain, its last two labels (a pattern with no start
 * anchor, `floors\.com$`, takes `https://deployment-checkfloors.com`, which anyone can register). Letters before the
 * whole host name are not tried (`xwww.floors.com` may be the owner's own sub-domain). The site's domain is the one
 * the public suffix list says can be registered (tldts, private suffixes included): `floors.co.uk` under `co.uk`
 * (the last two labels made `deployment-checkco.uk`, which such a pattern does not take), and a host's own name under
 * its platform's suffix (`myapp.netlify.app`: `deployment-checkmyapp.netlify.app` is anyone's Netlify site). A name
 * the list does not know keeps its last two labels.
 */
export function lookAlikeOrigins(site: URL): string[] {
  const port = site.port ? `:${site.port}` : '';
  const labels = site.hostname.replace(/\.$/, '').split('.');
  const domain = getDomain(site.hostname, { allowPrivateDomains: true }) ?? labels.slice(-2).join('.');
  const prefixed =
    !isIP(site.hostname.replace(/^\[|\]$/g, '')) && labels.length >= 2
      ? [`${site.protocol}//deployment-check${domain}${port}`]
      : [];
  return ['null', `${site.protocol}//${site.hostname}.deployment-check.invalid${port}`, ...prefixed];
}

/**
 * The headers a browser adds to a CORS request (`fetch` from a page on `origin` to `target`): its fetch metadata
 * and the page as its Referer (red-team, session 28). The check's preflights carried none, so a rule in front of the
 * processor keyed on them (an edge function's CORS that answers only what looks like a browser) showed the check
 * the processor's own answer while browsers got another. `null` (a sandboxed frame) sends no Referer.
 */
export function corsRequestHeaders(origin: string, target: string, page = '/'): Record<string, string> {
  const siteOf = (url: URL) => `${url.protocol}//${getDomain(url.hostname, { allowPrivateDomains: true }) ?? url.hostname}`;
  const from = origin !== 'null' && URL.canParse(origin) ? new URL(origin) : undefined;
  const to = new URL(target);
  return {
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    'sec-fetch-site': from?.origin === to.origin ? 'same-origin' : from && siteOf(from) === siteOf(to) ? 'same-site' : 'cross-site',
    ...(from ? { referer: new URL(page, from).href } : {}),
  };
}

/**
 * What a page's status says when it is not 200 (session 28): a redirect said only "status 301, expected 200", so a
 * right deployment checked at its other name (the bare domain that redirects to `www.`) read as a broken one, and a
 * host that sends a page elsewhere was not named. Names where a redirect goes, and for one to another host, that the
 * check asks the address given and not the one the visitor ends on.
 */
export function pageStatusProblem(site: URL, reply: Pick<Reply, 'status' | 'headers'>): string {
  const location = String(reply.headers.location ?? '');
  const target = reply.status >= 300 && reply.status < 400 && location && URL.canParse(location, site) ? new URL(location, site) : undefined;
  if (!target) return `status ${reply.status}, expected 200`;
  if (target.host !== site.host || target.protocol !== site.protocol) {
    return `status ${reply.status}, a redirect to ${target.href}: if that is the live site (the bare domain sending visitors to www., say), run the check against ${target.origin}; otherwise the host sends this page's visitors to another site`;
  }
  return `status ${reply.status}, a redirect to ${target.pathname}${target.search}, expected the page itself (200): the host moves this page, and links, search engines and the check's lines all name it here`;
}

/**
 * Origins a processor's ALLOWED_ORIGINS keeps when copied from a developer's settings (red-team, session 28): the
 * local site of `npm start` (5173) and `npm run preview` (4173) by either name, and the site's own address over plain
 * http when it is https. The look-alikes test a loose rule; these test a list that names too much, which the
 * processor's own exact match takes: any page served there (another project's dev server on a visitor's computer, a
 * network that answers the plain-http address before HSTS is learned) may post photos and read the answer. The site's
 * own origin is never among them.
 */
export function developerOrigins(site: URL): string[] {
  const local = ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4173', 'http://127.0.0.1:4173'];
  const plain = site.protocol === 'https:' ? [`http://${site.host}`] : [];
  return [...local, ...plain].filter((origin) => origin !== site.origin);
}

/** How long a browser must be told to keep to https (HSTS max-age): one day at least; hosts send a year. */
export const HSTS_MIN_AGE_S = 86_400;

/** Whether a host name is this machine's (a local preview, where https is not expected). */
export const isThisMachine = (url: URL) => ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname);

/**
 * What is wrong with how the site is reached, or undefined: it must be https (forms send names, e-mail addresses
 * and photos), tell browsers to keep to https (Strict-Transport-Security, so a network on the way cannot serve
 * them a plain-http copy), and send visitors who type the bare domain from http to https. `plainHttp` is what its
 * http:// address answered (only asked when the site is on the default port; an Error when nothing answered).
 */
export function httpsProblem(
  site: URL,
  pageHeaders: Reply['headers'],
  plainHttp: Reply | Error | undefined,
): string | undefined {
  if (site.protocol !== 'https:')
    return `${site.origin} is plain http: visitors' names, e-mail addresses and photos would cross the network readable; serve the site over https`;
  const hsts = String(pageHeaders['strict-transport-security'] ?? '');
  const maxAge = Number(hsts.match(/max-age\s*=\s*"?(\d+)/i)?.[1] ?? 0);
  if (maxAge < HSTS_MIN_AGE_S) {
    return `${hsts ? `its Strict-Transport-Security (${hsts}) keeps browsers on https for under a day` : 'no Strict-Transport-Security header'}: a network on the way can serve a plain-http copy; turn on HSTS at the host (max-age of a year)`;
  }
  if (plainHttp instanceof Error)
    return `http://${site.host}/ does not answer (${plainHttp.message}): a visitor who types the bare domain may see an error; redirect it to https`;
  if (plainHttp) {
    const location = String(plainHttp.headers.location ?? '');
    // The host as a whole, parsed: `https://floors.example.other.test/` begins like the site's address and is not it.
    const target = URL.canParse(location, `http://${site.host}/`)
      ? new URL(location, `http://${site.host}/`)
      : undefined;
    const redirects =
      [301, 302, 307, 308].includes(plainHttp.status) &&
      target?.protocol === 'https:' &&
      target.hostname === site.hostname;
    if (!redirects)
      return `http://${site.host}/ answers ${plainHttp.status}${location ? ` to ${location}` : ''} instead of redirecting to https: a first visit by the bare domain stays on plain http`;
  }
  return undefined;
}

/**
 * The business settings whose build placeholder (settings.ts's defaults: a 555 phone, example.com, 13VH00000000...)
 * the pages show, as 'VITE_BUSINESS_PHONE (856) 555-0100'. A site built without the owner's settings works end to
 * end and passes every other line, while it gives visitors a phone number that rings nowhere and a registration
 * number the law does not accept. Links are matched whole (href="https://www.facebook.com/"), so an owner's page
 * under the same site is not taken for the placeholder; texts as words (the name also without its full stop, as the
 * footer writes it).
 */
export function placeholderFactsOf(pages: readonly string[]): string[] {
  const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found: string[] = [];
  for (const [name, placeholder] of Object.entries(businessEnvSchema().parse({}))) {
    const shown = name.endsWith('_URL')
      ? new RegExp(`"${escapeRegExp(escapeHtml(placeholder))}"`)
      : new RegExp(`(?<![\\w@.-])${escapeRegExp(escapeHtml(placeholder).replace(/\.$/, ''))}(?![\\w@-])`);
    if (pages.some((page) => shown.test(page))) found.push(`${name} ${placeholder}`);
  }
  return found;
}

/**
 * Files of the build machine a static host must never serve: a `.env` put in `public/` (Vite copies it into the
 * build) or a project folder uploaded whole holds the secret key, the SMTP password and DATABASE_URL; a `.git`
 * folder holds the code and its history.
 */
export const PRIVATE_PATHS = [
  '/.env',
  '/.env.local',
  '/.env.production',
  '/.env.production.local',
  '/.git/config',
] as const;

/**
 * Whether a reply to one of PRIVATE_PATHS hands the file out: a 200 with a body that is not a page (hosts answer an
 * unknown path with their not-found or fallback page, HTML).
 */
export function servesPrivateFile(reply: Reply): boolean {
  // Judged by the body, not the type: a host whose default type is text/html (nginx's default_type) serves a .env
  // as "text/html"; a fallback or not-found page is HTML, which no .env or .git file begins like.
  return (
    reply.status === 200 &&
    reply.body.trim().length > 0 &&
    !/^\s*<(!doctype|html|head|body|!--|meta|title)/i.test(reply.body)
  );
}

/**
 * The services an https site's scripts call over plain http, as 'SUPABASE_URL http://…': browsers block those calls
 * (mixed content), so every form and photo fails while the services answer the check. This machine's own addresses
 * are the exception browsers make (a local preview's stack).
 */
export function plainHttpServicesOf(site: URL, services: Record<string, string>): string[] {
  if (site.protocol !== 'https:') return [];
  return Object.entries(services)
    .filter(
      ([, address]) =>
        URL.canParse(address) && new URL(address).protocol === 'http:' && !isThisMachine(new URL(address)),
    )
    .map(([name, address]) => `${name} ${new URL(address).origin}`);
}

/**
 * Whether a host name is one only this machine or its own network reaches: loopback, a private or link-local range,
 * a name with no dot (a Docker network's service, a LAN's machine), `.local`, `.internal`, `.localhost`, `.lan`,
 * `.home.arpa`. The check may reach it from where it runs; a visitor's browser does not.
 */
export function isNetworkOnlyHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const family = isIP(host);
  if (family === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (family === 6) {
    // The URL parser writes an IPv4-mapped address in hex (::ffff:7f00:1 for 127.0.0.1).
    const mapped = host.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
    if (mapped) {
      const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
      return isNetworkOnlyHost([high >> 8, high & 255, low >> 8, low & 255].join('.'));
    }
    return host === '::1' || host === '::' || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
  }
  return !host.includes('.') || /\.(local|internal|localhost|lan|home\.arpa)$/.test(host);
}

/**
 * The addresses the check would send a secret to (the secret key, a management token) over plain http on a public
 * address, as 'SUPABASE_URL http://…': anyone on the way reads it. This machine's and its network's own (a local
 * stack) are the exception.
 */
export function keysSentReadably(addresses: Record<string, string>): string[] {
  return Object.entries(addresses)
    .filter(([, address]) => URL.canParse(address) && new URL(address).protocol === 'http:' && !isNetworkOnlyHost(new URL(address).hostname))
    .map(([name, address]) => `${name} ${new URL(address).origin}`);
}

/**
 * The services a site on a public address calls at an address only this machine or its network reaches, as
 * 'SUPABASE_URL http://127.0.0.1:54321': a site built with a developer's local settings (`npm start` writes them to
 * .env.local, which `npm run build` reads too) calls the visitor's own computer, so every form and photo fails for
 * every visitor, while the check, run beside that stack, reaches it and passes.
 */
export function networkOnlyServicesOf(site: URL, services: Record<string, string>): string[] {
  if (isNetworkOnlyHost(site.hostname)) return [];
  return Object.entries(services)
    .filter(([, address]) => URL.canParse(address) && isNetworkOnlyHost(new URL(address).hostname))
    .map(([name, address]) => `${name} ${new URL(address).origin}`);
}

/** The settings src/lib/env.ts reads from the bundle, where Vite writes `import.meta.env` as an object literal. */
export const SITE_CONNECTION_SETTINGS = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'VITE_VISUALIZER_WEBHOOK_URL',
] as const;
export type SiteConnectionSetting = (typeof SITE_CONNECTION_SETTINGS)[number];

/**
 * Each of `expected` (by the bundle's name) that the site's scripts do not hold as built, as 'SUPABASE_URL (they
 * hold https://…)' or 'SUPABASE_URL (not in them)'. What the site calls is the value of its
 * `import.meta.env` object (`VITE_SUPABASE_URL:"…"`): every such value must be the one given here, so a build for
 * `https://ref.supabase.co.staging.example` is not taken for one for `https://ref.supabase.co` because it contains
 * it, nor a build that holds the value somewhere else. A build that writes no such object (another bundler) must hold
 * the value as a whole string literal. URLs are compared without trailing slashes, as the site joins paths to them.
 */
export function settingsNotBuiltIn(
  scripts: readonly string[],
  expected: Record<SiteConnectionSetting, { name: string; value: string }>,
): string[] {
  const trim = (setting: SiteConnectionSetting, value: string) =>
    setting === 'VITE_SUPABASE_ANON_KEY' ? value.trim() : value.trim().replace(/\/+$/, '');
  const problems: string[] = [];
  /** Every value the settings object holds: a wrong one is named above, not again as "another project" below. */
  const inSettings = new Set<string>();
  for (const setting of SITE_CONNECTION_SETTINGS) {
    const { name, value } = expected[setting];
    const built = new Set<string>();
    const pattern = new RegExp(`(?:^|[^\\w$])["']?${setting}["']?\\s*:\\s*(["'\`])((?:\\\\.|(?!\\1)[^\\\\])*)\\1`, 'g');
    for (const script of scripts) for (const match of script.matchAll(pattern)) built.add(trim(setting, match[2]!));
    for (const found of built) inSettings.add(found);
    const wanted = trim(setting, value);
    const others = [...built].filter((found) => found !== wanted);
    if (others.length > 0)
      problems.push(`${name} (they hold ${others.map((found) => found.slice(0, 80)).join(' and ')})`);
    else if (
      built.size === 0 &&
      !scripts.some((script) =>
        ['"', "'", '`'].some(
          (quote) => script.includes(`${quote}${wanted}${quote}`) || script.includes(`${quote}${wanted}/${quote}`),
        ),
      )
    ) {
      problems.push(`${name} (not in them)`);
    }
  }
  // Beside the settings object, another project written into the code (a second client for one form, a key pasted
  // from staging): the object is right, the check passed, and that form's rows went to the other project.
  const text = scripts.join('\n');
  const ownOrigin = URL.canParse(expected.VITE_SUPABASE_URL.value) ? new URL(expected.VITE_SUPABASE_URL.value).origin : undefined;
  const otherProjects = [...new Set([...text.matchAll(/https:\/\/[a-z0-9]{20}\.supabase\.(?:co|in)(?![\w.-])/g)].map(([found]) => found))].filter((found) => found !== ownOrigin && ![...inSettings].some((value) => value.startsWith(found)));
  if (otherProjects.length > 0) problems.push(`${expected.VITE_SUPABASE_URL.name} (they also call another project, ${otherProjects.join(' and ')})`);
  const ownKey = expected.VITE_SUPABASE_ANON_KEY.value.trim();
  const otherKeys = [
    ...new Set([
      ...[...text.matchAll(/sb_publishable_[\w-]{8,}/g)].map(([found]) => found),
      ...[...text.matchAll(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g)].map(([found]) => found).filter((found) => jwtRoles(found)[0] === 'anon'),
    ]),
  ].filter((found) => found !== ownKey && !inSettings.has(found));
  if (otherKeys.length > 0) {
    problems.push(`${expected.VITE_SUPABASE_ANON_KEY.name} (they also hold another public key, ${otherKeys.map((found) => `${found.slice(0, 24)}…`).join(' and ')})`);
  }
  return problems;
}

/** The address a page names as its own (`<link rel="canonical">`: the build's VITE_SITE_URL and the page's path). */
export function canonicalOf(html: string): string | undefined {
  const link = html.match(/<link\b[^>]*\brel=["']?canonical\b[^>]*>/i)?.[0];
  return link?.match(/\bhref=["']?([^"'\s>]+)/i)?.[1]?.replace(/&amp;/g, '&');
}

/**
 * Each page (path -> its HTML as served) that does not name an address on the site checked as its own, as '/ names
 * https://www.floors.example'. The build writes VITE_SITE_URL into every page's canonical link (and share tags,
 * sitemap, structured data): pages naming another host are either checked at a copy that is not the live site (a
 * staging or preview address: the check then passes on what visitors never see) or built without the site's address
 * (VITE_SITE_URL's default, http://127.0.0.1:5173: search engines and shared links are sent there). An https site's
 * pages naming plain http send search engines and shares to http.
 */
export function canonicalProblems(site: URL, pages: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [page, html] of pages) {
    const canonical = canonicalOf(html);
    if (!canonical || !URL.canParse(canonical)) {
      problems.push(`${page} names ${canonical ? `"${canonical.slice(0, 80)}"` : 'no address'}`);
      continue;
    }
    const named = new URL(canonical);
    if (named.hostname !== site.hostname) problems.push(`${page} names ${named.origin}`);
    else if (site.protocol === 'https:' && named.protocol !== 'https:' && !isThisMachine(site))
      problems.push(`${page} names ${named.origin}, plain http`);
  }
  return problems;
}
