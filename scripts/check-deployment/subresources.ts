import { request, VISITOR_HEADERS, type Reply } from './http.ts';
import { IN_APP_PAGE_HEADERS, IPHONE_PAGE_HEADERS, PHONE_PAGE_HEADERS } from './page-code.ts';
import type { PageAsset } from './site.ts';

/**
 * The browsers a page's scripts and stylesheets are asked as: who they say they are (user agent, client hints,
 * encodings), not how they open a page. Red-team, session 28: the build line read each script once, as desktop Chrome
 * with `Accept: *\/*` and no fetch metadata, so a host or CDN rule that added code to a script only for phones (a
 * "mobile optimizer", a hacked edge worker keyed on the user agent), or only for a request that is a page's own load
 * (`Sec-Fetch-Dest: script`, a `Referer`), passed every line: the pages phones get were the same, and the bytes the
 * check got were the build's.
 */
const identity = (headers: Record<string, string | undefined>) => ({
  'user-agent': headers['user-agent'],
  'accept-encoding': headers['accept-encoding'],
  'sec-ch-ua': headers['sec-ch-ua'],
  'sec-ch-ua-mobile': headers['sec-ch-ua-mobile'],
  'sec-ch-ua-platform': headers['sec-ch-ua-platform'],
});

export const SUBRESOURCE_VISITORS = [
  { who: 'desktop Chrome', identity: identity({ ...VISITOR_HEADERS }) },
  { who: "Android's Chrome", identity: identity({ ...VISITOR_HEADERS, ...PHONE_PAGE_HEADERS }) },
  { who: "an iPhone's Safari", identity: identity({ ...VISITOR_HEADERS, ...IPHONE_PAGE_HEADERS }) },
  { who: "Instagram's browser on an iPhone", identity: identity({ ...VISITOR_HEADERS, ...IN_APP_PAGE_HEADERS }) },
] as const;

/**
 * The headers a browser sends for one of the page's own files, as it loads it for `page` (its full address, sent as
 * the Referer under the default policy): a module script (the entry, its imports, a modulepreload) is fetched in
 * CORS mode, a stylesheet in no-cors mode; no `Origin` (same-origin GETs carry none), no navigation headers.
 */
export function subresourceHeaders(
  visitor: (typeof SUBRESOURCE_VISITORS)[number],
  kind: PageAsset['kind'],
  page: URL,
  cookie?: string,
): Record<string, string | undefined> {
  return {
    ...visitor.identity,
    accept: kind === 'script' ? '*/*' : 'text/css,*/*;q=0.1',
    'sec-fetch-dest': kind === 'script' ? 'script' : 'style',
    'sec-fetch-mode': kind === 'script' ? 'cors' : 'no-cors',
    'sec-fetch-site': 'same-origin',
    referer: page.href,
    ...(cookie ? { cookie } : {}),
  };
}

/** One way a file was asked for, and its answer (or what stopped it). */
export type SubresourceReply = { path: string; who: string; reply: Reply | Error };

/**
 * Each of `assets` (path -> kind and the page that loads it) asked as each of SUBRESOURCE_VISITORS loads it, and
 * again as desktop Chrome with `cookie` (a returning visitor's) when the pages set one; at most `parallel` at once.
 */
export async function askAsBrowsersLoad(
  site: URL,
  assets: ReadonlyMap<string, { kind: PageAsset['kind']; page: string }>,
  cookie: string | undefined,
  parallel = 8,
): Promise<SubresourceReply[]> {
  const asks: { path: string; who: string; headers: Record<string, string | undefined> }[] = [];
  for (const [assetPath, { kind, page }] of assets) {
    const pageUrl = new URL(page, site);
    for (const visitor of SUBRESOURCE_VISITORS) asks.push({ path: assetPath, who: visitor.who, headers: subresourceHeaders(visitor, kind, pageUrl) });
    if (cookie) asks.push({ path: assetPath, who: 'desktop Chrome on a second visit (with the cookies the pages set)', headers: subresourceHeaders(SUBRESOURCE_VISITORS[0], kind, pageUrl, cookie) });
  }
  // In the order asked, whatever order they come back in: the line names them so.
  const answers: SubresourceReply[] = [];
  let next = 0;
  const worker = async () => {
    while (next < asks.length) {
      const index = next++;
      const ask = asks[index]!;
      const reply = await request(new URL(ask.path, site).href, { headers: ask.headers }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      answers[index] = { path: ask.path, who: ask.who, reply };
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, asks.length) }, worker));
  return answers;
}
