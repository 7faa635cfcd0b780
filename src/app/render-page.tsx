/**
 * The server side of prerendering (never part of the browser bundle): renders one path of the app to HTML
 * with React Router's static handler, the same routes and providers the browser hydrates. The build's
 * prerender plugin (scripts/prerender/) imports this module from an SSR build and writes the pages.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router';
import { TOASTER_PROPS } from '@/components/ui/toasts';
import { business } from '@/config/business';
import { sendingToast } from '@/features/contact/components/contact-form';
import { siteUrl } from '@/config/site';
import { FirstAnswersRender, type FirstAnswersRenderState } from '@/lib/first-answers';
import { AppProviders } from './providers';
import { NOT_FOUND_PATH, routes, sitePaths, type RouteHandle } from './router';

export { NOT_FOUND_PATH, sitePaths };

/** `opensAtTop`: the route asks to open at the top (RouteHandle), which the page must say before the app loads. */
export type RenderedPage = { html: string; status: number; opensAtTop: boolean };

export async function renderPage(
  path: string,
  options: { firstAnswers?: FirstAnswersRenderState } = {},
): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(siteUrl(path)));
  if (context instanceof Response) throw new Error(`Prerendering ${path}: the route answered a redirect`);
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw new Error(`Prerendering ${path} failed: ${error instanceof Error ? error.stack : JSON.stringify(error)}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <FirstAnswersRender.Provider value={options.firstAnswers}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </FirstAnswersRender.Provider>
    </StrictMode>,
    // Ids of their own: the answers' markup joins the page beside the prerendered one before the app is up.
    options.firstAnswers ? { identifierPrefix: FIRST_ANSWERS_ID_PREFIX } : {},
  );
  const opensAtTop = context.matches.some(
    (match) => (match.route.handle as RouteHandle | undefined)?.opensAtTop === true,
  );
  return { html: await new Response(prelude).text(), status: context.statusCode, opensAtTop };
}

const FIRST_ANSWERS_ID_PREFIX = 'first-answer-';

/**
 * What the page's entry shows for a first tap made before the app is up (decision 013, session 2): the page
 * rendered with its controls marked and their answered state shown (the open menu), once per slide of its
 * carousels (`slides`, the first being `answeredPage`), and the open free-guide dialog, rendered in place.
 * scripts/prerender/first-answers.ts makes the page's answers file of them.
 */
export async function renderFirstAnswers(
  path: string,
): Promise<{ answeredPage: string; slides: string[]; guideDialog: string }> {
  const { html: answeredPage } = await renderPage(path, { firstAnswers: { slide: 0 } });
  // As many renders as the longest carousel has slides ("1 of 3" in the first: three).
  const slideCounts = [...answeredPage.matchAll(/aria-roledescription="slide" aria-label="1 of (\d+)"/g)].map((match) =>
    Number(match[1]),
  );
  const slides = [answeredPage];
  for (let slide = 1; slide < Math.max(0, ...slideCounts); slide++) {
    slides.push((await renderPage(path, { firstAnswers: { slide } })).html);
  }
  // Imported here, as the browser's app does (a chunk of its own there).
  const { LeadMagnetDialog } = await import('@/features/lead-magnet/components/lead-magnet-dialog');
  const { prelude } = await prerender(
    <MemoryRouter initialEntries={[path]}>
      <LeadMagnetDialog open onOpenChange={() => {}} inPlace />
    </MemoryRouter>,
    { identifierPrefix: `${FIRST_ANSWERS_ID_PREFIX}guide-` },
  );
  return { answeredPage, slides, guideDialog: await new Response(prelude).text() };
}

/**
 * A hang guard, not a deadline: the build waits for sonner to draw its toast however long a busy machine makes that
 * take (over 5 s once at load ~20, where the build itself still passed), and gives up only when nothing can be
 * coming any more.
 */
export const TOAST_HANG_GUARD_MS = 120_000;

/** The loading toast once sonner has drawn it (it marks a toast mounted from the toast's own effect). */
const DRAWN_TOAST = '[data-sonner-toast][data-mounted="true"]';

/**
 * The estimate form's loading toast as sonner draws it, for the page's entry to show when the form is sent before
 * the app is up (decision 013, session 3): `toaster` is sonner's region with the toast in it (set up as the app's
 * `<ToastRegion>` sets it up), `style` the stylesheet sonner adds to the page. sonner draws toasts only in a
 * browser (from its effects), so this needs a DOM: the build calls it in a jsdom window
 * (scripts/prerender/browser-window.ts), the unit tests in theirs.
 */
export async function renderSendingToast(): Promise<{ toaster: string; style: string }> {
  // Loaded here, once the DOM is there: both look for it as they load.
  const [{ createRoot }, { flushSync }, { Toaster, toast }] = await Promise.all([
    import('react-dom/client'),
    import('react-dom'),
    import('sonner'),
  ]);
  // sonner adds its stylesheet to the document it finds when its module is first loaded (the build bundles a copy of
  // sonner into each build's renderer, so that is this window's document: scripts/prerender/prerender-plugin.ts).
  const style = [...document.head.querySelectorAll('style')].find((element) =>
    element.textContent?.includes('[data-sonner-toaster]'),
  );
  if (!style?.textContent)
    throw new Error('sonner added no stylesheet to the document: was it loaded before the DOM was there?');
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  try {
    flushSync(() => root.render(<Toaster {...TOASTER_PROPS} />));
    const drawn = elementDrawn(container, DRAWN_TOAST, TOAST_HANG_GUARD_MS, `sonner's loading toast (${DRAWN_TOAST})`);
    toast(...sendingToast());
    await drawn;
    return { toaster: container.innerHTML, style: style.textContent };
  } finally {
    // The toaster first, so that dismissing the toast draws nothing more.
    root.unmount();
    toast.dismiss();
    container.remove();
    // React runs the unmount's effects in a task of its own, which reads `window`: it must run while the build's
    // browser globals are still there (scripts/prerender/browser-window.ts takes them away once this returns).
    await new Promise((resolve) => setTimeout(resolve, REACT_SETTLED_WITHIN_MS));
  }
}

/** Longer than the tasks React schedules (setImmediate in Node) take to run after an unmount. */
const REACT_SETTLED_WITHIN_MS = 50;

/**
 * Resolves once `container` holds an element matching `selector`, checked each time the DOM under it changes; rejects,
 * naming `what`, only if none has come after `hangGuardMs`.
 */
export function elementDrawn(container: Element, selector: string, hangGuardMs: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      observer.disconnect();
      clearTimeout(hangGuard);
      outcome();
    };
    const observer = new MutationObserver(() => {
      if (container.querySelector(selector)) settle(resolve);
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true });
    const hangGuard = setTimeout(
      () => settle(() => reject(new Error(`Still no ${what} after ${hangGuardMs / 1000} s`))),
      hangGuardMs,
    );
    if (container.querySelector(selector)) settle(resolve);
  });
}

/** sitemap.xml: every page of the site (not the 404 page), at its canonical URL. */
export function sitemapXml(): string {
  const urls = sitePaths.map((path) => `  <url><loc>${siteUrl(path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl('/sitemap.xml')}\n`;
}

/** The web app manifest: the business's name, the brand colours and the icons in public/icons/. */
export function webManifest(): string {
  return `${JSON.stringify(
    {
      name: business.name,
      short_name: business.name.length > 12 ? 'Floors' : business.name,
      description: business.tagline,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#fcf9f4',
      theme_color: '#3b2416',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  )}\n`;
}
