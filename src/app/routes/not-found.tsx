import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTexts } from '@/content/spec-texts';

export function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-oak-100 px-4">
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
  );
}
