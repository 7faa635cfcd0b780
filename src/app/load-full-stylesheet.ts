/**
 * A prerendered page carries only the CSS its first screen needs (scripts/prerender/critical-css.ts); the whole
 * stylesheet waits in <template id="full-stylesheet">. It goes into the head as soon as the entry runs (once the
 * first screen has painted), and the app hydrates only once it has loaded, so what exists only after hydration
 * (the modal, the mobile menu, toasts, form errors, open and invalid states) is never on screen unstyled. The
 * dev server's page has no template. Called again, it returns the same promise.
 */
let loading: Promise<void> | undefined;

/**
 * What follows a page's first screen (its header and the section its <main> opens with): the page's inline rules
 * do not draw it (`display: none`), as they are not its rules, and the whole stylesheet draws it again
 * (src/index.css), so nothing there is ever seen laid out otherwise than it stays (decision 011, session 3).
 * Anchored at #root (every page's <main> is its child): with a bare `main ~ *`, every element of the page was a
 * candidate, so Chromium marked every parent, <body> too, as having children styled by what precedes them, and a
 * node added to <body> (a modal dialog's focus guards, its portal) restyled the whole page (issue 35).
 */
export const BELOW_THE_FIRST_SCREEN = '#root>main>:first-child~*,#root>main~*';

export function loadFullStylesheet(): Promise<void> {
  loading ??= addFullStylesheet();
  return loading;
}

function addFullStylesheet(): Promise<void> {
  const template = document.getElementById('full-stylesheet');
  if (!(template instanceof HTMLTemplateElement)) return Promise.resolve();
  const link = template.content.querySelector('link');
  template.remove();
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve());
    // The page keeps working on its critical CSS, and draws what lies below its first screen on them; the failed
    // request shows in the console.
    link.addEventListener('error', () => {
      const drawAll = document.createElement('style');
      drawAll.textContent = `${BELOW_THE_FIRST_SCREEN}{display:revert-layer}`;
      document.head.append(drawAll);
      resolve();
    });
    document.head.append(link);
  });
}
