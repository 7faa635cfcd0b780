import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';

/** The site's page whose path is `pathname` but for its letters' case or a slash at the end, if there is one. */
function pageMeant(pathname: string, pagePaths: readonly string[]): string | undefined {
  const asked = pathname.toLowerCase().replace(/\/+$/, '');
  return asked ? pagePaths.find((path) => path !== '/' && path === asked) : undefined;
}

/**
 * `pagePaths`: the site's pages. An address that names one in other letters ("/Investors", typed from a flyer) gets
 * a link to it. Found once the page is up, so the 404 page hydrates as prerendered.
 */
export function NotFoundRoute({ pagePaths = [] }: { pagePaths?: readonly string[] }) {
  const location = useLocation();
  const [meant, setMeant] = useState<string | undefined>(undefined);

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
    setMeant(pageMeant(location.pathname, pagePaths));
  }, [location.pathname, pagePaths]);

  return (
    <div className="flex min-h-screen flex-col bg-oak-100">
      <main id="main" className="flex flex-1 items-center justify-center px-4">
        {/* Named like every other page's title (what it is | the business), so a tab or a screen reader's first words
            say both where the visitor is and whose site it is. */}
        <title>{`Page not found | ${business.name}`}</title>
        <meta name="robots" content="noindex" />
        <div className="text-center">
          {/* The heading a screen reader lists is the spec's words; "404" is the status's number, there for sight. */}
          <p aria-hidden="true" className="mb-2 font-display text-6xl font-bold text-walnut-900">
            404
          </p>
          <h1 className="mb-6 font-display text-2xl font-bold text-walnut-900">{pageTexts.notFound.message}</h1>
          {meant && (
            <p className="mb-6 text-lg text-walnut-800">
              Did you mean{' '}
              <Link to={meant} className="font-semibold underline underline-offset-4">
                {meant}
              </Link>
              ?
            </p>
          )}
          <Link
            to="/"
            className="inline-block rounded-md bg-walnut-900 px-5 py-3 font-semibold text-white underline-offset-4 hover:bg-walnut-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500"
          >
            {pageTexts.notFound.homeLink}
          </Link>
        </div>
      </main>
      {/* The site is an advertisement and this page is one of its pages, so it too carries the business's New Jersey
          contractor registration number (N.J.A.C. 13:45A-17.11(d)2, decision 031), in the first screen. */}
      <footer className="px-4 pb-6 text-center text-sm text-walnut-700">
        {business.name} · {business.registrationLine}
      </footer>
    </div>
  );
}
