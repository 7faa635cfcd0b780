import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from '@/components/ui/toasts';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw-server';
import { LAZY_ARRIVAL_TIMEOUT_MS } from './waits';
import '../../tests/fail-on-console-error';

// findBy*/waitFor wait for the real condition; on a loaded machine (a lazily loaded dialog's module being
// transformed, a FileReader) it can take far longer than Testing Library's default second to arrive.
configure({ asyncUtilTimeout: LAZY_ARRIVAL_TIMEOUT_MS });

// A request nobody declared is a bug in the code or the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // sonner keeps toasts in module state and would replay the active ones to the next test's Toaster.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
});
afterAll(async () => {
  server.close();
  // sonner removes a closed toast on a 200 ms timer it never clears (TIME_BEFORE_UNMOUNT), and that timer's state
  // update needs `window`: one still pending when the file's jsdom is torn down throws "window is not defined" as an
  // unhandled error, which fails the whole run though every test passed (seen once in a full run at the end of
  // result-step-styles-and-fixes.test.tsx). A real timer set after it always fires after it.
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 250));
});

// jsdom lacks these browser APIs that Radix, sonner and our scrolling code use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom defines scrollTo only to complain that it is not implemented.
window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!globalThis.IntersectionObserver) {
  globalThis.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
