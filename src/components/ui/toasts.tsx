import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * Toasts that cost nothing until the page is up (issue 9 had "the modal and toasts on first use"). sonner
 * (about 10 KiB gzip with its styles) loads while the app hydrates (decision 013: a first tap's toast must not
 * wait for a request), or the first time a form is used or a toast is asked for, whichever is first; the
 * `<ToastRegion>` in the providers mounts sonner's `<Toaster>` as soon as it has loaded, and a toast is
 * handed to sonner only once that live region is in the page, so screen readers announce even the first one.
 * If the chunk cannot load (the visitor went offline), the region says the toast's words itself: a form's
 * outcome is never silent.
 */

type Sonner = typeof import('sonner');
type ToastKind = 'message' | 'success' | 'error' | 'info';
interface FallbackToast {
  title: string;
  description?: ReactNode;
}

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
let regionReady: Promise<void> | undefined;
let markRegionReady: (() => void) | undefined;
let fallback: FallbackToast | undefined;
const listeners = new Set<() => void>();

const announce = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const subscribeToNothing = () => () => {};

function resetRegionReady() {
  regionReady = new Promise((resolve) => (markRegionReady = resolve));
}
resetRegionReady();

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner')
    .then((module) => {
      sonner = module;
      announce();
      return module;
    })
    .catch((error: unknown) => {
      loading = undefined; // the next toast tries again
      throw error;
    });
  return loading;
}

/** Starts loading the toasts early (forms call it when the visitor starts on them); a failure waits for the first toast. */
export function preloadToasts(): void {
  loadSonner().catch(() => {});
}

function show(kind: ToastKind, title: string, options?: ExternalToast): void {
  loadSonner()
    .then(async ({ toast: sonnerToast }) => {
      await regionReady;
      if (kind === 'message') sonnerToast(title, options);
      else sonnerToast[kind](title, options);
    })
    .catch(() => {
      fallback = { title, description: options?.description as ReactNode };
      announce();
    });
}

export const toast = Object.assign((title: string, options?: ExternalToast) => show('message', title, options), {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  /**
   * Dismisses the toast shown with this `id` option, or every toast shown (sonner keeps them in module state
   * between renders of the region).
   */
  dismiss: (id?: string) => {
    sonner?.toast.dismiss(id);
    fallback = undefined;
    announce();
  },
});

/**
 * How sonner's `<Toaster>` is set up. The build renders a toast with these too, for the page to show before the
 * app is up (src/app/render-page.tsx, `renderSendingToast`).
 */
export const TOASTER_PROPS = {
  richColors: true,
  closeButton: true,
  position: 'top-center',
} as const satisfies ToasterProps;

/** Where toasts appear; rendered once, in the app's providers. */
export function ToastRegion() {
  // At once, not as a transition like the tooltips' hints (useCodeTakenUpAsATransition): a toast waits for this
  // region, and a tap just after the app is up must not wait for the rest of what comes in then (decision 013).
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => undefined,
  );
  const shownFallback = useSyncExternalStore(
    subscribe,
    () => fallback,
    () => undefined,
  );
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  // Child effects run first: by now sonner's Toaster has subscribed, so toasts handed over are shown.
  useEffect(() => {
    if (!loaded) return;
    markRegionReady?.();
    return resetRegionReady;
  }, [loaded]);

  return (
    <>
      {loaded && <loaded.Toaster {...TOASTER_PROPS} />}
      {/* In the page once it is up, before any toast: a status inserted with its words is not announced by every screen
          reader, a change inside a live region already there is. Not prerendered (no bytes in the first window). */}
      {hydrated && (
        <div aria-live="polite" aria-atomic="true">
          {shownFallback && (
            <div
              role="status"
              className="fixed inset-x-4 top-4 z-50 mx-auto max-w-sm rounded-lg border border-walnut-600 bg-white p-4 text-sm text-walnut-950 shadow-lg"
            >
              <p className="font-semibold">{shownFallback.title}</p>
              {shownFallback.description && <p className="mt-1">{shownFallback.description}</p>}
              <button
                type="button"
                onClick={() => toast.dismiss()}
                className="mt-2 font-semibold underline underline-offset-2"
              >
                Close
              </button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
