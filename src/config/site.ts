import { checkedSettings } from './checked-settings.ts';

/**
 * Where the site lives on the web (VITE_SITE_URL, checked in settings.ts). Canonical links, Open Graph URLs, the
 * sitemap, robots.txt and the business's structured data all need absolute URLs, so the public origin is a
 * build-time setting (README, "Settings").
 */

/** The origin without a trailing slash, so `${siteOrigin}${path}` is always one slash. */
export const siteOrigin = checkedSettings.site.VITE_SITE_URL.replace(/\/+$/, '');

/** The absolute URL of a path on this site. */
export function siteUrl(path: string): string {
  return `${siteOrigin}${path.startsWith('/') ? path : `/${path}`}`;
}
