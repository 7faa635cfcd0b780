import { isRouteErrorResponse, useRouteError } from 'react-router';
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
      <title>Something went wrong</title>
      <div role="alert" className="max-w-xl text-center">
        <h1 className="mb-4 font-display text-3xl font-bold text-walnut-900">{pageTexts.routerError.title}</h1>
        <p className="mb-6 break-words text-walnut-700">{describeRouteError(error)}</p>
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
