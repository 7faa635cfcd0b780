/**
 * The only script a prerendered page runs before the app: the build inlines it at the end of the page
 * (scripts/prerender/inline-bootstrap.ts), so it costs no request.
 *
 * It fetches the app's entry (src/main.tsx) once the first screen has painted its main image (the page's
 * `fetchpriority="high"` image, decoded; else the first paint), so the entry and the rest of the stylesheet never compete
 * with that image, or at once when the visitor presses a button or sends a form. The app's chunks the entry needs
 * (`appChunks`, from the build, with the route's own) are handed to the entry, which fetches them as soon as it runs,
 * beside the page's first answers and stylesheet (decision 013, sessions 2 and 3): fetched with the entry, they
 * slowed it down on a phone's line, and the app's own request for its route chunk would cost a round trip. (It no longer fetches the entry early on any sign of
 * interacting, a scroll or a key: the app follows the first paint anyway, and those bytes went to `appChunks`.) Until the entry takes over
 * (`takeOver`), a click on a button and a form submission are held, so nothing the visitor does meanwhile is
 * lost; if the entry cannot load, they are let through. Links simply work: a prerendered page loads in full.
 *
 * It must stay small and self-contained (no imports): every byte is in each page's first round trip.
 */

/** The intent events that start the app when start-on-intent.ts is told to wait for them. */
export const INTENT_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'dragenter',
  'input',
];

export type HeldInteractions = {
  /** Clicks and submissions held before the entry arrived, to replay once the app is up. */
  replays: (() => void)[];
  /** Whether the visitor has shown a sign of interacting: the app then starts at once. */
  interacted: boolean;
  /** The app's chunks (the build's list, largest first), for the entry to fetch together. */
  appChunks?: string[];
};

declare global {
  /** Defined by the build for each page's copy: false on a page with a main image (see the end of bootstrapPage). */
  const WAIT_FOR_PRESENTATION: boolean | undefined;

  interface Window {
    pageBootstrap?: { takeOver(): HeldInteractions };
  }
}

/**
 * Whether an intent event is the visitor's: Chrome sends a pointer event to whatever lies under a resting
 * cursor when the page lays out, so only a pointer that really moves counts.
 */
export function isIntent(event: Event): boolean {
  return !(event instanceof PointerEvent && event.type === 'pointermove' && !event.movementX && !event.movementY);
}

/** A plain left click, which the page may hold: not one that opens a new tab or window. */
export function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

export function bootstrapPage(entryUrl: string, appChunks: string[] = []): void {
  const root = document.getElementById('root');
  if (!root) return;
  // A page that opens at the top (spec section 2) does so after a reload from further down too, even one made
  // before the entry has arrived: the browser must not put the old scroll position back.
  if (root.dataset.opensAtTop !== undefined) history.scrollRestoration = 'manual';
  const held: HeldInteractions = { replays: [], interacted: false, appChunks };
  let requested = false;

  const takeOver = (): HeldInteractions => {
    document.removeEventListener('click', holdClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    return held;
  };
  const loadEntry = () => {
    if (requested) return;
    requested = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entryUrl;
    // Offline or blocked: what was held goes ahead as plain HTML.
    script.onerror = () => takeOver().replays.forEach((replay) => replay());
    document.head.append(script);
  };
  function holdClick(event: MouseEvent) {
    if (!isPlainClick(event)) return;
    const control = (event.target as Element | null)?.closest?.('button');
    if (!control || !root!.contains(control)) return;
    event.preventDefault();
    held.interacted = true;
    held.replays.push(() => control.isConnected && control.click());
    loadEntry();
  }
  function holdSubmit(event: SubmitEvent) {
    const form = event.target as HTMLFormElement;
    if (!root!.contains(form)) return;
    event.preventDefault();
    held.interacted = true;
    const submitter = event.submitter;
    held.replays.push(() => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : undefined));
    loadEntry();
  }

  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  window.pageBootstrap = { takeOver };

  // After the frame that shows the main image: once it is decoded (a large image can take a frame or two after
  // it has loaded), the frame after next has surely painted it.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(loadEntry)));
  const mainImage = document.querySelector('img[fetchpriority="high"]');
  if (mainImage instanceof HTMLImageElement) mainImage.decode().then(afterPaint, afterPaint);
  // A page without one: once its first frame is on the screen, not just drawn. Its presentation can come hundreds
  // of ms after two frames (seen on /terms, /privacy and /floor-visualizer, whose largest text is in that frame), and
  // the app's bytes and work then came before the page's largest paint: Lighthouse put LCP at 1.0 to 2.7 s
  // (decision 011, session 31). A paint entry is reported once its frame is presented; a browser without paint
  // timing waits for the two frames, as before.
  // The build leaves this out of a page that has a main image (inline-bootstrap.ts): the home page has no byte to spare.
  else if (
    (typeof WAIT_FOR_PRESENTATION === 'undefined' || WAIT_FOR_PRESENTATION) &&
    window.PerformanceObserver?.supportedEntryTypes?.includes('paint')
  )
    new PerformanceObserver(afterPaint).observe({ type: 'paint', buffered: true });
  else afterPaint();
}
