import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { preloadToasts } from '@/components/ui/toasts';
import { setHydrating } from '@/lib/hydration';
import { nextTask } from '@/lib/next-task';
import { App } from './app';
import { createAppRouter, loadRoutesFor, routes, type RouteHandle } from './router';

/**
 * Hydrates the prerendered page into the single-page app. Resolves once React has taken over the page and what
 * a first tap on it needs is in (preloadFirstTaps), so the caller can replay what the visitor did meanwhile; `whenHydrated` runs earlier, in the very task React
 * finishes hydrating in (before the browser hands React a next keystroke). A mismatch between the prerendered
 * HTML and the first client render is reported as a console error (React would otherwise re-render quietly).
 * Resolves to React's root (the tests unmount it: what the app takes up after hydration it renders as transitions,
 * which a test's next page must not find half done).
 */
export async function hydrateApp(container: HTMLElement, whenHydrated?: () => void): Promise<Root> {
  // Each step in a task of its own: evaluating the app's modules, making the router and starting React would
  // otherwise run as one task long enough on a slow phone to count as blocking time (decision 013).
  await nextTask();
  const firstTaps = preloadFirstTaps(window.location.pathname);
  // Asking for those chunks took a task of 16 ms of CPU with the route's (Vite's preload helper adds a link for
  // each of their imports, and matching the routes the first time compiles their paths).
  await nextTask();
  await loadRoutesFor(window.location.pathname);
  await nextTask();
  forgetSavedScrollPosition();
  const router = createAppRouter({ hydrated: true });
  await nextTask();
  setHydrating(true);
  let root: Root | undefined;
  await new Promise<void>((resolve) => {
    const ready = () => {
      setHydrating(false);
      performance.mark(APP_READY_MARK);
      keepPagesThatOpenAtTop(router);
      resolve();
    };
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser paint and take input
    // in between: the page is hydrated right after its first screen has painted, and a phone must not freeze
    // for it (Lighthouse counts any task over 50 ms as blocking time). Decision 013.
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} onHydrated={whenHydrated} onReady={ready} />
        </StrictMode>,
        {
          onRecoverableError(error, info) {
            console.error('Hydration did not match the prerendered page:', error, info.componentStack ?? '');
          },
        },
      );
    });
  });
  // Taps keep being held (and answered at once where the page has an answer) until what a first tap needs is in:
  // a tap on the guide's opener right after this point would otherwise wait for the dialog's chunk, answered by
  // nothing. Usually in by now: it loads while React hydrates. A request that stalls holds the page's other taps
  // no longer than a few seconds.
  await Promise.race([firstTaps, new Promise((resolve) => setTimeout(resolve, FIRST_TAP_CHUNKS_WAIT_AT_MOST_MS))]);
  return root!;
}

/** How long held taps wait, once React is up, for what a first tap needs (preloadFirstTaps). */
const FIRST_TAP_CHUNKS_WAIT_AT_MOST_MS = 3000;

/** The performance mark set once React has taken over a prerendered page (the first-tap bench reads it). */
export const APP_READY_MARK = 'app-ready';

/**
 * What a first tap on this page may need that the page itself does not load (the guide dialog's chunk, the
 * toasts, about 18 KiB gzip), fetched alongside the page's route while React hydrates: a tap held meanwhile is
 * replayed right after, and its answer then waits for no request. Settles once the route's part is in (or failed).
 */
function preloadFirstTaps(pathname: string): Promise<void> {
  preloadToasts();
  const preloads = (matchRoutes(routes, pathname) ?? []).map((match) =>
    (match.route.handle as RouteHandle | undefined)?.preloadForFirstTap?.(),
  );
  return Promise.allSettled(preloads).then(() => {});
}

/**
 * The router's <ScrollRestoration> puts a page back where it was when it mounts. A prerendered page has been on
 * screen (and scrolled by the browser or the visitor) since long before the app hydrates, so a jump back to the
 * position saved at the last visit would throw the visitor off; the entry for this page is dropped first.
 */
function forgetSavedScrollPosition(): void {
  const storageKey = 'react-router-scroll-positions';
  // The router's key for a history entry it did not create itself is 'default'.
  const key = (window.history.state as { key?: string } | null)?.key ?? 'default';
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
    if (key && key in saved) {
      delete saved[key];
      sessionStorage.setItem(storageKey, JSON.stringify(saved));
    }
  } catch {
    // No session storage (private mode, say): nothing was saved either.
  }
}

/**
 * The router asks the browser to restore the scroll position when the page is left (reloaded). On a page that
 * opens at the top this listener, added once the app is up (after the router's own), asks for the opposite.
 */
function keepPagesThatOpenAtTop(router: ReturnType<typeof createAppRouter>): void {
  window.addEventListener('pagehide', () => {
    const opensAtTop = router.state.matches.some(
      (match) => (match.route.handle as RouteHandle | undefined)?.opensAtTop,
    );
    if (opensAtTop) window.history.scrollRestoration = 'manual';
  });
}

/** The dev server serves an empty page: render from scratch. */
export function renderApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
