import * as z from 'zod/mini';

/**
 * Where the site lives on the web. Canonical links, Open Graph URLs, the sitemap, robots.txt and the business's
 * structured data all need absolute URLs, so the public origin is a build-time setting (README, "Settings").
 * The default is the local `npm start` address, so a local build links to itself.
 */
const siteEnvSchema = z.object({
  VITE_SITE_URL: z._default(z.url({ message: 'VITE_SITE_URL must be the public origin, like https://example.com' }), 'http://127.0.0.1:5173'),
});

const env = siteEnvSchema.parse(import.meta.env);

/** The origin without a trailing slash, so `${siteOrigin}${path}` is always one slash. */
export const siteOrigin = env.VITE_SITE_URL.replace(/\/+$/, '');

/** The absolute URL of a path on this site. */
export function siteUrl(path: string): string {
  return `${siteOrigin}${path.startsWith('/') ? path : `/${path}`}`;
}
