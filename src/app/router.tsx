import { createBrowserRouter, createMemoryRouter, matchRoutes, type InitialEntry, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout';
import { RouterErrorPage } from './routes/router-error';
import { HomeRoute, loadLeadMagnetDialog } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/** What a route says about itself to the rest of the app. */
export type RouteHandle = {
  /** Spec section 2: the partner pages open at the top, even on a reload from further down. */
  opensAtTop?: boolean;
  /**
   * Loads what a first tap on the page needs beyond the page itself (a dialog that is its own chunk) while the
   * app hydrates, so that tap's answer waits for no request (decision 013).
   */
  preloadForFirstTap?: () => Promise<unknown>;
};

/**
 * The site's routes (spec section 2). Home is in the main bundle because almost every visit starts there;
 * the other pages load on demand. Their paths match only as written, as the host's files do: "/Investors" is
 * answered with the prerendered 404 page, and a router that matched it anyway drew the investors' page over it
 * with a hydration error (session 27, journeys). The 404 page offers the page the visitor meant instead.
 */
const pages: RouteObject[] = [
  { index: true, element: <HomeRoute />, handle: { preloadForFirstTap: loadLeadMagnetDialog } satisfies RouteHandle },
  {
    path: 'realtors',
    handle: { opensAtTop: true },
    lazy: async () => ({ Component: (await import('./routes/realtors')).RealtorsRoute }),
  },
  {
    path: 'investors',
    handle: { opensAtTop: true },
    lazy: async () => ({ Component: (await import('./routes/investors')).InvestorsRoute }),
  },
  {
    path: 'floor-visualizer',
    lazy: async () => ({ Component: (await import('./routes/floor-visualizer')).FloorVisualizerRoute }),
  },
  {
    path: 'privacy',
    handle: { opensAtTop: true },
    lazy: async () => ({ Component: (await import('./routes/privacy')).PrivacyRoute }),
  },
  {
    path: 'terms',
    handle: { opensAtTop: true },
    lazy: async () => ({ Component: (await import('./routes/terms')).TermsRoute }),
  },
  {
    path: 'sitemap',
    handle: { opensAtTop: true },
    lazy: async () => ({ Component: (await import('./routes/site-map')).SiteMapRoute }),
  },
].map((route): RouteObject => (route.path ? { ...route, caseSensitive: true } : route));

/** The paths of the site's pages, from the routes themselves: what is prerendered and listed in the sitemap. */
export const sitePaths: readonly string[] = pages.flatMap((route) =>
  route.index ? ['/'] : route.path ? [`/${route.path}`] : [],
);

const pageRoutes: RouteObject[] = [...pages, { path: '*', element: <NotFoundRoute pagePaths={sitePaths} /> }];

const withLayout = (children: RouteObject[]): RouteObject[] => [
  { path: '/', element: <RootLayout />, errorElement: <RouterErrorPage />, children },
];

export const routes = withLayout(pageRoutes);

/** A path no route claims, so rendering it gives the 404 page. */
export const NOT_FOUND_PATH = '/404';

/**
 * Loads the lazy route modules the current URL needs before hydrating: the prerendered HTML already shows
 * that page, and a router that first rendered nothing while it loaded would not match it.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * `hydrated`: the page was prerendered and has been on screen a while. The router then leaves the scroll
 * position alone on its first render (it would otherwise reset it to the top, or restore an old one).
 */
export function createAppRouter(options: { hydrated?: boolean } = {}) {
  return createBrowserRouter(routes, options.hydrated ? { hydrationData: {} } : undefined);
}

/** The same routes in memory, for component tests. */
/** `entries`: the history the router starts with, at its last entry (the browser's entries before a reload). */
export function createTestRouter(initialPath: string, extraRoutes: RouteObject[] = [], entries?: InitialEntry[]) {
  return createMemoryRouter(withLayout([...extraRoutes, ...pageRoutes]), {
    initialEntries: entries ?? [initialPath],
    ...(entries ? { initialIndex: entries.length - 1 } : {}),
  });
}
