import type { ReactNode } from 'react';
import { ToastRegion } from '@/components/ui/toasts';

/**
 * What every page has around it: the toasts. The tooltips need no provider (their code loads after the page is up:
 * components/ui/tooltip.tsx), and React Query is only around the pages that use it (query-client.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastRegion />
    </>
  );
}
