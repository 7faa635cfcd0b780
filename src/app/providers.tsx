import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastRegion } from '@/components/ui/toasts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Submissions carry their own fallback; a silent automatic retry would only hide a failure.
      mutations: { retry: false },
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {/* The tooltips need no provider: their code loads after the page is up (components/ui/tooltip.tsx). */}
      {children}
      <ToastRegion />
    </QueryClientProvider>
  );
}
