import { useEffect, useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

type AppProps = {
  router: ReturnType<typeof createBrowserRouter>;
  /** Called once the first render is on screen (after hydration, when the page was prerendered). */
  onReady?: () => void;
  /**
   * Called as soon as React has the page (hydrated, when it was prerendered): in the commit itself, before the
   * browser can hand React a keystroke, which `onReady` (after the next paint) would come too late for.
   */
  onHydrated?: () => void;
};

export function App({ router, onReady, onHydrated }: AppProps) {
  useLayoutEffect(() => onHydrated?.(), [onHydrated]);
  useEffect(() => onReady?.(), [onReady]);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
