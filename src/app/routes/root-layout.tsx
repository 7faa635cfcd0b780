import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

export function RootLayout() {
  useFocusNewPageHeading();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-walnut-900 focus:shadow-lg"
      >
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * A link to another page changes the page without loading one: the browser says nothing and drops focus to the
 * document. Focus goes to the new page's heading instead, so a screen reader reads where the visitor is and the
 * next Tab starts in that page. Not on the first page (the browser has just loaded it), and not for a link to a
 * place in a page (`/#contact`), whose own target takes focus and scroll.
 */
function useFocusNewPageHeading() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (hash) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    // Only a new page moves focus; the fragment is read as the page was reached.
  }, [pathname]);
}
