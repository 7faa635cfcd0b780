/**
 * The site map's entries: every page of the site (src/app/router.tsx `sitePaths`, but the site map itself) with
 * what a visitor finds there, and the places inside a page a visitor comes for. site-map-page.test.tsx holds the list
 * to `sitePaths`, so a new page without an entry fails it. Each line says only what its page holds.
 */
export type SiteMapEntry = {
  path: string;
  name: string;
  holds: string;
  /** Places inside the page a visitor looks for by name. */
  places?: readonly { to: string; name: string }[];
};

export function siteMapEntries(accessibilityStatement: string): readonly SiteMapEntry[] {
  return [
    {
      path: '/',
      name: 'Home',
      holds: 'Our flooring and millwork services, the towns we serve, and how to reach us.',
      places: [{ to: '/#contact', name: 'Free estimate form' }],
    },
    {
      path: '/floor-visualizer',
      name: 'Snap & See Wood (floor visualizer)',
      holds: 'Upload a photo of your room and see it with a new hardwood floor.',
    },
    {
      path: '/realtors',
      name: 'Realtor Referral Program',
      holds: 'The rewards for realtors who refer clients to us, and the application.',
    },
    {
      path: '/investors',
      name: 'Investor Partner Program',
      holds: 'Pricing, deal alerts and scheduling for real estate investors, and the application.',
    },
    {
      path: '/privacy',
      name: 'Privacy Policy',
      holds: 'What this website collects, who handles it for us, how long we keep it, and how to see or delete it.',
    },
    {
      path: '/terms',
      name: 'Terms of Service',
      holds: 'The terms of using this website, how estimates and contracts work, and our accessibility statement.',
      places: [{ to: accessibilityStatement, name: 'Accessibility statement' }],
    },
  ];
}
