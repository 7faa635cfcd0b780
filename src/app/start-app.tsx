import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter, loadRoutesFor } from './router';

/**
 * Hydrates the prerendered page into the single-page app. Resolves once React has taken over the page, so
 * the caller can replay what the visitor did meanwhile. A mismatch between the prerendered HTML and the
 * first client render is reported as a console error (React would otherwise re-render quietly).
 */
export async function hydrateApp(container: HTMLElement): Promise<void> {
  await loadRoutesFor(window.location.pathname);
  const router = createAppRouter();
  await new Promise<void>((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} onReady={resolve} />
      </StrictMode>,
      {
        onRecoverableError(error, info) {
          console.error('Hydration did not match the prerendered page:', error, info.componentStack ?? '');
        },
      },
    );
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
