/** The site's prerendered pages (src/app/router.tsx `sitePaths`; a unit test keeps the two the same). */
export const DEPLOYED_PAGES = ['/', '/realtors', '/investors', '/floor-visualizer', '/privacy', '/terms'] as const;

/** The tables visitors write leads into: none may be read back with the public key. */
export const LEAD_TABLES = ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] as const;

/** The buckets the migrations create, and whether each must be public. */
export const BUCKETS = [
  { id: 'floor-visualizer', public: false },
  { id: 'floor-visualizer-uploads', public: false },
] as const;
