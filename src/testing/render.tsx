import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { createTestRouter } from '@/app/router';

/**
 * Renders the app's real routes at `path` with the real providers (a query client, the toaster), the way
 * a visitor meets them. `extraRoutes` adds routes for a test (for example one that throws).
 */
export function renderRoute(
  path: string,
  options: {
    extraRoutes?: RouteObject[];
    userEventOptions?: Parameters<typeof userEvent.setup>[0];
    /** The history's entries, the last one at `path` (as the browser keeps them across a reload). */
    entries?: InitialEntry[];
  } = {},
) {
  const router = createTestRouter(path, options.extraRoutes, options.entries);
  const user = userEvent.setup(options.userEventOptions);
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { ...view, user, router };
}

/** Renders one component inside the app's providers and a memory router at `path`. */
export function renderWithProviders(
  ui: React.ReactElement,
  options: { path?: string; userEventOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const user = userEvent.setup(options.userEventOptions);
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { ...view, user, router };
}
