import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout';
import { RouterErrorPage } from './routes/router-error';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/**
 * The site's routes (spec section 2). Home is in the main bundle because almost every visit starts there;
 * the other pages load on demand.
 */
const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'realtors', lazy: async () => ({ Component: (await import('./routes/realtors')).RealtorsRoute }) },
  { path: 'investors', lazy: async () => ({ Component: (await import('./routes/investors')).InvestorsRoute }) },
  {
    path: 'floor-visualizer',
    lazy: async () => ({ Component: (await import('./routes/floor-visualizer')).FloorVisualizerRoute }),
  },
  { path: '*', element: <NotFoundRoute /> },
];

const withLayout = (children: RouteObject[]): RouteObject[] => [
  { path: '/', element: <RootLayout />, errorElement: <RouterErrorPage />, children },
];

export const routes = withLayout(pageRoutes);

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** The same routes in memory, for component tests. */
export function createTestRouter(initialPath: string, extraRoutes: RouteObject[] = []) {
  return createMemoryRouter(withLayout([...extraRoutes, ...pageRoutes]), {
    initialEntries: [initialPath],
  });
}
