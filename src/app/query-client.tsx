import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Submissions carry their own fallback; a silent automatic retry would only hide a failure.
      mutations: { retry: false },
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

let visitClient: QueryClient | undefined;

/**
 * React Query, for the pages whose features use it (the partner forms, the visualizer); one client for the visit.
 * The home page's forms keep their own sending state, so a page without it loads no React Query before it is
 * interactive (decision 013). Inside an outer provider (the tests' own client) it adds nothing.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  visitClient ??= createQueryClient();
  return <QueryClientProvider client={visitClient}>{children}</QueryClientProvider>;
}
