/** The links this module put in the page's head, marked so a later call replaces them and nothing else. */
const MARK = 'data-visualizer-preconnect';

/**
 * Asks the browser to open connections to the origins of `urls` now (`<link rel="preconnect">`: DNS, TCP and TLS),
 * so the calls "Process Image" makes do not each begin with them. In production the Supabase project and the
 * processor are two hosts, about three round trips each on a phone's connection (some 0.9 s on slow 4G), met one
 * after the other at the click: the row's insert, then the photo. `crossorigin` because both calls are CORS
 * requests without credentials, which Chromium sends on a separate pool of connections from a plain preconnect's.
 * The page's own origin is left out (its connection is open). Called again, the links are put in anew, so the
 * browser opens connections it has since dropped (Chromium closes an unused one after about 10 s).
 */
export function warmConnections(urls: readonly string[], doc: Document = document): void {
  for (const old of doc.head.querySelectorAll(`link[${MARK}]`)) old.remove();
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin } = new URL(url, doc.baseURI);
      if (origin !== 'null' && origin !== doc.location?.origin) origins.add(origin);
    } catch {
      // A setting that is no URL is the call's own error to report, at the click.
    }
  }
  for (const origin of origins) {
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = 'anonymous';
    link.setAttribute(MARK, '');
    doc.head.append(link);
  }
}
