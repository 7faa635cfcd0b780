/**
 * A browser's globals for code that only runs in a browser, during the build: the estimate form's loading toast is
 * drawn by sonner from React effects, which no server render runs (src/app/render-page.tsx, `renderSendingToast`).
 * jsdom (the DOM the unit tests use) supplies them for the call and is gone afterwards, so the page renders that
 * follow see no `window` or `document`, as before.
 */
import { JSDOM } from 'jsdom';

/** What React DOM's client and sonner use of a browser. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'Node',
  'HTMLElement',
  'HTMLIFrameElement',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'MutationObserver',
] as const;

export async function inABrowserWindow<T>(run: () => Promise<T>): Promise<T> {
  const { window } = new JSDOM('<!doctype html><html lang="en"><head></head><body></body></html>', { pretendToBeVisual: true });
  const own = globalThis as Record<string, unknown>;
  const before = BROWSER_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of BROWSER_GLOBALS) {
    const value = name === 'window' ? window : (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  try {
    return await run();
  } finally {
    for (const [name, descriptor] of before) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete own[name];
    }
    window.close();
  }
}
