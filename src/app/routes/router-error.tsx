import { isRouteErrorResponse, useRouteError } from 'react-router';
import { business } from '@/config/business';
import { pageTexts } from '@/content/spec-texts';

/** What a router failure says: the status of an error response, or the message of a thrown error. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouterErrorPage() {
  const error = useRouteError();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-oak-100 px-4">
      {/* Named like every other page's title, so a tab or a screen reader says whose site it is (session 34). */}
      <title>{`Something went wrong | ${business.name}`}</title>
      <div role="alert" className="max-w-xl text-center">
        <h1 className="mb-4 font-display text-3xl font-bold text-walnut-900">{pageTexts.routerError.title}</h1>
        <p className="mb-4 break-words text-walnut-700">{describeRouteError(error)}</p>
        {/* The spec's status or message says what broke, not what to do: the usual cause is a page's code that did
            not arrive (a dropped connection, or a new version of the site replacing the old files), which a reload
            fetches again; anything else, the business answers (WCAG 3.3.3's spirit: say how to put it right). */}
        <p className="mb-6 text-walnut-800">
          Reloading the page may put this right. If it keeps happening, call us at{' '}
          <a href={business.phoneHref} className="whitespace-nowrap font-semibold underline underline-offset-2">
            {business.phone}
          </a>{' '}
          or write to{' '}
          <a href={`mailto:${business.email}`} className="break-all font-semibold underline underline-offset-2">
            {business.email}
          </a>
          .
        </p>
        <a
          href="/"
          className="inline-block rounded-md bg-walnut-900 px-5 py-3 font-semibold text-white hover:bg-walnut-800"
        >
          {pageTexts.notFound.homeLink}
        </a>
      </div>
    </main>
  );
}
