import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { business } from '@/config/business';
import { siteUrl } from '@/config/site';
import { businessStructuredData } from './seo/business-structured-data';
import { NOT_FOUND_PATH, renderPage, robotsTxt, sitemapXml, sitePaths, webManifest } from './render-page';
import type { Root } from 'react-dom/client';
import { hydrateApp } from './start-app';

/** What a crawler (or a browser without JavaScript) gets for a page. */
async function prerendered(path: string) {
  const { html } = await renderPage(path);
  return new DOMParser().parseFromString(`<!doctype html><html><head></head><body>${html}</body></html>`, 'text/html');
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('prerendered pages', () => {
  it('are the seven pages of the routes', () => {
    expect(sitePaths).toEqual(['/', '/realtors', '/investors', '/floor-visualizer', '/privacy', '/terms', '/sitemap']);
  });

  it.each([
    ['/', business.tagline, /Flooring & Custom Millwork/],
    ['/realtors', 'Refer Your Clients. Close Faster. Earn Rewards.', /^Realtor Referral Program/],
    ['/investors', null, /^Investor Partner Program/],
    ['/floor-visualizer', 'Snap & See Wood', /^Snap & See Wood/],
    ['/privacy', 'Privacy Policy', /^Privacy Policy \| /],
    ['/terms', 'Terms of Service', /^Terms of Service \| /],
    ['/sitemap', 'Sitemap', /^Sitemap \| /],
  ])(
    '%s carries its content, its own title and description, canonical URL and share tags',
    async (path, heading, title) => {
      const page = await prerendered(path);
      const h1 = page.querySelector('h1');
      expect(h1?.textContent?.length).toBeGreaterThan(5);
      if (heading) expect(h1?.textContent).toBe(heading);
      expect(page.querySelector('title')?.textContent).toMatch(title);
      expect(page.querySelector('meta[name="description"]')?.getAttribute('content')?.length).toBeGreaterThan(50);
      expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(siteUrl(path));
      expect(page.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(siteUrl(path));
      expect(page.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
        /^https?:\/\/.+\/images\/share\/.+\.jpg$/,
      );
      expect(page.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
      expect(page.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
        page.querySelector('title')?.textContent,
      );
    },
  );

  // N.J.A.C. 13:45A-17.11(d)2: a registered home improvement contractor shows its registration number on every
  // advertisement distributed in New Jersey; every page of the site is one (decision 031).
  it.each(sitePaths)('%s shows the New Jersey contractor registration number in its footer', async (path) => {
    const footer = (await prerendered(path)).querySelector('footer');
    expect(footer?.textContent).toContain(`NJ Home Improvement Contractor Reg. No. ${business.registrationNumber}`);
    expect(business.registrationNumber).toMatch(/^13VH\d{8}$/);
  });

  it('the home page holds the business structured data', async () => {
    const page = await prerendered('/');
    const script = page.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '')).toEqual(businessStructuredData());
  });

  it('the 404 page says so, links home and is kept out of search results', async () => {
    const page = await prerendered(NOT_FOUND_PATH);
    expect(page.body.textContent).toContain('Oops! Page not found');
    expect(page.querySelector('h1')?.textContent).toBe('Oops! Page not found');
    expect(page.querySelector('title')?.textContent).toBe(`Page not found | ${business.name}`);
    expect(page.querySelector('a[href="/"]')?.textContent).toBe('Return to Home');
    expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // A page of the site (an advertisement) like the others: the registration number too (decision 031).
    expect(page.querySelector('footer')?.textContent).toBe(
      `${business.name} · NJ Home Improvement Contractor Reg. No. ${business.registrationNumber}`,
    );
  });

  it('sitemap.xml lists every page at its canonical URL; robots.txt points at it; the manifest names the business', () => {
    const sitemap = new DOMParser().parseFromString(sitemapXml(), 'application/xml');
    expect([...sitemap.querySelectorAll('url > loc')].map((loc) => loc.textContent)).toEqual(
      sitePaths.map((path) => siteUrl(path)),
    );
    expect(robotsTxt()).toContain(`Sitemap: ${siteUrl('/sitemap.xml')}`);
    expect(JSON.parse(webManifest())).toMatchObject({ name: business.name, start_url: '/' });
  });
});

describe('hydrating a prerendered page', () => {
  // What the app takes up once it is up (the hints, the toasts' region) it renders as a transition, in slices:
  // left running, it would share React's contexts with the next test's prerender in this same process.
  const apps: Root[] = [];
  afterEach(() => {
    act(() => apps.splice(0).forEach((app) => app.unmount()));
    document.getElementById('root')?.remove();
  });

  // React's development build (what the tests run) reports every mismatch, attributes included, as a console
  // error, and an unexpected console error fails the test.
  it.each(['/', '/realtors', '/investors', '/floor-visualizer', '/sitemap', '/no-such-page'])(
    '%s hydrates into the app without a mismatch',
    async (path) => {
      const expectedLog = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { html } = await renderPage(path === '/no-such-page' ? NOT_FOUND_PATH : path);
      window.history.replaceState(null, '', path);
      const root = document.createElement('div');
      root.id = 'root';
      root.innerHTML = html.replace(/^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/, '');
      document.body.append(root);

      apps.push(await hydrateApp(root));

      expect(await screen.findAllByRole('heading', { level: 1 })).not.toHaveLength(0);
      const logged = expectedLog.mock.calls.map((args) => args.map(String).join(' '));
      // The 404 page logs the missing path (spec section 2). React's development build also warns that two
      // renderers shared a context: the prerender of this test ran in the same process. Nothing else may be logged.
      const expected = [
        '404 Error: User attempted to access non-existent route',
        'Detected multiple renderers concurrently rendering',
      ];
      expect(logged.filter((line) => !expected.some((start) => line.startsWith(start)))).toEqual([]);
    },
  );
});
