/**
 * A prerendered page carries only the CSS its own markup needs (scripts/prerender/critical-css.ts); the whole
 * stylesheet waits in <template id="full-stylesheet">. It goes into the head when the app starts, and the app
 * hydrates once it has loaded, so what only exists after hydration (the modal, the mobile menu, toasts, form
 * errors, open and invalid states) is never on screen unstyled. The dev server's page has no template.
 */
export function loadFullStylesheet(): Promise<void> {
  const template = document.getElementById('full-stylesheet');
  if (!(template instanceof HTMLTemplateElement)) return Promise.resolve();
  const link = template.content.querySelector('link');
  template.remove();
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve());
    // The page keeps working on its critical CSS; the failed request shows in the console.
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
}
