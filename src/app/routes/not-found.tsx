import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';

export function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-oak-100">
      <main id="main" className="flex flex-1 items-center justify-center px-4">
        <title>Page not found</title>
        <meta name="robots" content="noindex" />
        <div className="text-center">
          <h1 className="mb-4 font-display text-6xl font-bold text-walnut-900">404</h1>
          <p className="mb-6 text-xl text-walnut-700">{pageTexts.notFound.message}</p>
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
