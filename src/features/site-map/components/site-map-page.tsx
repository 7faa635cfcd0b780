import { Link } from 'react-router';
import { ACCESSIBILITY_STATEMENT, SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { BackToHomeLink } from '@/components/layout/back-to-home-link';
import { siteMapEntries } from '../content/site-map-entries';

const linkClasses =
  'inline-flex min-h-11 items-center font-semibold text-walnut-900 underline underline-offset-2 hover:text-walnut-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500';

/**
 * The footer's "Sitemap" (spec: one of its three legal links): every page in one list a person can read. It opened
 * /sitemap.xml, a file for search engines that a browser shows as raw XML; that file stays, linked at the foot. It
 * is also a second way to every page besides the header and footer links (WCAG 2.4.5, Multiple Ways).
 */
export function SiteMapPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-cream-50">
        <article className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:px-6 lg:px-8">
          <BackToHomeLink />
          <h1 className="mt-4 font-display text-4xl font-bold text-walnut-950 sm:text-5xl">Sitemap</h1>
          <p className="mt-6 text-lg leading-relaxed text-walnut-900">Every page of this website, and what is on it.</p>
          <nav aria-label="Every page">
            <ul className="mt-6 space-y-5 text-lg leading-relaxed text-walnut-900">
              {siteMapEntries(ACCESSIBILITY_STATEMENT).map(({ path, name, holds, places }) => (
                <li key={path}>
                  <Link to={path} className={linkClasses}>
                    {name}
                  </Link>
                  <p className="text-base text-walnut-800">{holds}</p>
                  {places && (
                    <ul className="mt-1 list-disc pl-6 text-base">
                      {places.map((place) => (
                        <li key={place.to}>
                          <Link to={place.to} className={linkClasses}>
                            {place.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-8 text-base text-walnut-800">
            Search engines read the same list as a file:{' '}
            <a href="/sitemap.xml" className={linkClasses}>
              sitemap.xml
            </a>
            .
          </p>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
