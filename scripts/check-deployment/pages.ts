/** The site's prerendered pages (src/app/router.tsx `sitePaths`; a unit test keeps the two the same). */
export const DEPLOYED_PAGES = ['/', '/realtors', '/investors', '/floor-visualizer', '/privacy', '/terms', '/sitemap'] as const;

/** The file a page is in the build folder ('/' -> index.html, '/realtors' -> realtors.html: prerender-plugin.ts's pageFile). */
export const builtFileOf = (page: string): string => (page === '/' ? 'index.html' : `${page.replace(/^\/|\/$/g, '')}.html`);

/**
 * Each page's prerendered heading (a unit test keeps them the pages' own): a page that answers 200 with another
 * heading is not this site's page (a host's placeholder, another site, or one page served for every path).
 */
export const PAGE_HEADINGS: Record<(typeof DEPLOYED_PAGES)[number], string> = {
  '/': 'Expert Floors. Neighborly Service.',
  '/realtors': 'Refer Your Clients. Close Faster. Earn Rewards.',
  '/investors': 'Better Floors. Better Margins. Faster Flips.',
  '/floor-visualizer': 'Snap & See Wood',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/sitemap': 'Sitemap',
};

/** The tables visitors write leads into: none may be read back with the public key. */
export const LEAD_TABLES = ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] as const;

/** The buckets the migrations create, and whether each must be public. */
export const BUCKETS = [
  { id: 'floor-visualizer', public: false },
  { id: 'floor-visualizer-uploads', public: false },
] as const;
