import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

type AppProps = {
  router: ReturnType<typeof createBrowserRouter>;
  /** Called once the first render is on screen (after hydration, when the page was prerendered). */
  onReady?: () => void;
};

export function App({ router, onReady }: AppProps) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
