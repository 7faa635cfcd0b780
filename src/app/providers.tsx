import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '@radix-ui/react-tooltip';
import { useState, type ReactNode } from 'react';
import { ToastRegion } from '@/components/ui/toasts';

/** Tooltip timing from spec section 9: 700 ms to open, 300 ms to skip the delay between tooltips. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

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
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
        <ToastRegion />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
