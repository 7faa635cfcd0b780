import { request, type Reply } from './http.ts';

/** The prerendered page's first <h1>, as text (what a visitor and a search engine read first). */
export function headingOf(html: string): string | undefined {
  const match = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  const text = match?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity)
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
 * How long browsers and shared caches may keep a page without asking the host again (cache-control's max-age or
 * s-maxage; for ever when `immutable` comes with one over the limit; nginx's `expires` sets both headers), in seconds, when that is longer than
 * PAGE_CACHE_LIMIT_S; else undefined. A page's scripts have hashed names and may be kept for ever; the page that
 * names them must not, or a deploy reaches no one who has been before.
 */
export function pageKeptTooLong(headers: Reply['headers']): { seconds: number; said: string } | undefined {
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  if (!cacheControl || /\b(no-cache|no-store)\b/.test(cacheControl)) return undefined;
  const ages = [...cacheControl.matchAll(/\b(?:s-maxage|max-age)\s*=\s*"?(\d+)/g)].map(([, age]) => Number(age));
  const longest = Math.max(0, ...ages);
  // `immutable` holds only while the page is fresh: with `max-age=0` the browser asks again all the same.
  if (longest <= PAGE_CACHE_LIMIT_S) return undefined;
  return { seconds: /\bimmutable\b/.test(cacheControl) ? Infinity : longest, said: `cache-control: ${headers['cache-control']}` };
}

/** Whether a reply is the kind of file a page asked for; a host's fallback page answers 200 with HTML. */
export function servesAsset(reply: Reply, kind: PageAsset['kind']): boolean {
  const type = String(reply.headers['content-type'] ?? '');
  return reply.status === 200 && reply.body.length > 0 && (kind === 'script' ? /javascript/i.test(type) : /text\/css/i.test(type));
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

/**
 * What in a published file would let anyone bypass row-level security: the deployment's own secret key, any
 * project's new-format secret key, or a JWT key for a role other than anon. Says what it found, never the key.
 */
export function secretsIn(text: string, serviceKey: string | undefined): string[] {
  const found: string[] = [];
  if (serviceKey && text.includes(serviceKey)) found.push('the secret key SUPABASE_SERVICE_ROLE_KEY');
  if (/sb_secret_[\w-]{8,}/.test(text)) found.push('an sb_secret_… key');
  for (const role of new Set(jwtRoles(text).filter((role) => role !== 'anon'))) found.push(`a JWT key for the role ${role}`);
  return found;
}

/** GETs of the site, each path fetched once however many pages name it. */
export function createSiteReader(site: URL) {
  const replies = new Map<string, Promise<Reply>>();
  return (path: string): Promise<Reply> => {
    let reply = replies.get(path);
    if (!reply) replies.set(path, (reply = request(new URL(path, site).href)));
    return reply;
  };
}

/** Every script of the site reachable from the given ones, each read once; at most `limit` (a loop cannot run away). */
export async function collectScripts(read: (path: string) => Promise<Reply>, entries: string[], limit = 400): Promise<Map<string, Reply>> {
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
