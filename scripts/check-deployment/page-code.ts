import { buildFingerprint, headingOf } from './site.ts';
import { PAGE_HEADERS, type Reply } from './http.ts';
import type { Outcome } from './test-rows.ts';

/**
 * What a page runs of its own: each `<script>` that is code (by its address, or an inline one by its text) and each
 * inline event handler (`onerror="…"`), as key -> a label for the line. Red-team, session 23: the check compared only
 * the build's hashed files under /assets/, so a script the build does not have, added to the page as served (a host's
 * snippet injection, a CDN's analytics beacon, a tag manager pasted into the host's settings, a hacked host), passed
 * every line while it read each form a visitor fills in. Data blocks (`application/ld+json`) run nothing.
 * A CDN's own scripts on the site's origin (Cloudflare's `/cdn-cgi/`: its bot checks, which it adds to every page
 * when they are on) are the host's, which serves the pages anyway, and are left out; but not Cloudflare's Zaraz
 * (`/cdn-cgi/zaraz/`), a tag manager for other companies' tools.
 */
export function codeOf(html: string, pageUrl: URL): Map<string, string> {
  const found = new Map<string, string>();
  // But Cloudflare's Zaraz, also under /cdn-cgi/, is a tag manager: it hands each visit (and the events a site or
  // its tools send) to the analytics and advertising companies set in the dashboard (session 24).
  const isCdnOwn = (url: URL) =>
    url.origin === pageUrl.origin &&
    url.pathname.startsWith('/cdn-cgi/') &&
    !url.pathname.startsWith('/cdn-cgi/zaraz/');
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attribute = (name: string) =>
      attributes
        .match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
        ?.slice(1)
        .find((value) => value !== undefined);
    const type = (attribute('type') ?? '').trim().toLowerCase();
    if (/(^|[/+])json$/.test(type)) continue;
    const src = attribute('src');
    if (src !== undefined) {
      let url: URL;
      try {
        url = new URL(src, pageUrl);
      } catch {
        continue;
      }
      if (isCdnOwn(url)) continue;
      const name = url.origin === pageUrl.origin ? `${url.pathname}${url.search}` : url.href;
      found.set(`src ${name}`, `the script ${name}`);
    } else if (text.trim()) {
      const code = text.trim();
      // Cloudflare's inline starter for its /cdn-cgi/ bot check names no other address.
      if (code.includes('/cdn-cgi/') && !/https?:\/\//i.test(code) && !/zaraz/i.test(code)) continue;
      found.set(`inline ${code}`, `an inline script "${code.replace(/\s+/g, ' ').slice(0, 60)}…"`);
    }
  }
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
  for (const [tag] of withoutScripts.matchAll(/<[a-z][^>]*>/gi)) {
    for (const [, name, double, single, bare] of tag.matchAll(
      /\s(on[a-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
    )) {
      const code = (double ?? single ?? bare ?? '').trim();
      found.set(
        `handler ${name!.toLowerCase()} ${code}`,
        `an inline ${name!.toLowerCase()} handler "${code.slice(0, 60)}"`,
      );
    }
  }
  return found;
}

/** The `rel`s of a `<link>` that make the browser fetch its address. */
const LOADED_RELS = new Set([
  'stylesheet',
  'preload',
  'modulepreload',
  'prefetch',
  'preconnect',
  'dns-prefetch',
  'icon',
  'apple-touch-icon',
  'manifest',
  'mask-icon',
  'prerender',
]);

/**
 * What else a page makes the browser fetch from another site, or send a visitor's input to, as key -> label: a
 * stylesheet, icon or preload link, an image, video or audio, a frame (any address), a form's action (any), a
 * `<base>`, a `<meta http-equiv="refresh">`, and an inline `<style>` that imports or fetches an address. Red-team,
 * session 24: the page-code line held scripts only, so a host's tracking pixel (`<img src="https://…/p.gif">`)
 * told another company of every visit, a stylesheet from another site can read what a visitor types (attribute
 * selectors with a background per value), and a form's action sends what is typed before the page's code has
 * started; all passed.
 */
export function resourcesOf(html: string, pageUrl: URL): Map<string, string> {
  const found = new Map<string, string>();
  const resolved = (reference: string | undefined) => {
    if (reference === undefined) return undefined;
    try {
      return new URL(reference.trim(), pageUrl);
    } catch {
      return undefined;
    }
  };
  const otherSite = (reference: string | undefined) => {
    const url = resolved(reference);
    return url && url.origin !== pageUrl.origin ? url.href : undefined;
  };
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
  for (const [, css = ''] of withoutScripts.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    if (/@import|url\s*\(/i.test(css))
      found.set(`style ${css.trim()}`, `an inline style "${css.replace(/\s+/g, ' ').trim().slice(0, 60)}…"`);
  }
  for (const [tag, element = ''] of withoutScripts.matchAll(/<([a-z]+)\b[^>]*>/gi)) {
    const attribute = (name: string) =>
      tag
        .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
        ?.slice(1)
        .find((value) => value !== undefined);
    const kind = element.toLowerCase();
    if (kind === 'link') {
      const rels = (attribute('rel') ?? '').toLowerCase().split(/\s+/);
      const href = rels.some((rel) => LOADED_RELS.has(rel)) ? otherSite(attribute('href')) : undefined;
      if (href)
        found.set(
          `link ${href}`,
          `the ${rels.includes('stylesheet') ? 'stylesheet' : `${rels.join(' ')} link`} ${href}`,
        );
    } else if (['img', 'source', 'video', 'audio', 'input'].includes(kind)) {
      const src = otherSite(attribute('src'));
      if (src) found.set(`${kind} ${src}`, `the ${kind === 'img' ? 'image' : kind} ${src}`);
    } else if (['iframe', 'frame', 'embed', 'object'].includes(kind)) {
      const src = resolved(attribute(kind === 'object' ? 'data' : 'src'));
      if (src) found.set(`frame ${src.href}`, `a frame of ${src.href}`);
    } else if (kind === 'form' && attribute('action') !== undefined) {
      const action = resolved(attribute('action'))?.href ?? attribute('action')!;
      found.set(`form ${action}`, `a form that sends to ${action}`);
    } else if (kind === 'base' && attribute('href') !== undefined) {
      found.set(`base ${attribute('href')}`, `<base href="${attribute('href')!.slice(0, 60)}">`);
    } else if (kind === 'meta' && /^refresh$/i.test(attribute('http-equiv') ?? '')) {
      found.set(`refresh ${attribute('content')}`, `a refresh "${(attribute('content') ?? '').slice(0, 60)}"`);
    }
  }
  return found;
}

/**
 * What a page's headers make the browser do that no build can (red-team, session 28): a `Refresh` header sends the
 * visitor elsewhere after the page has shown (browsers obey it as the `<meta http-equiv="refresh">` resourcesOf
 * names), and a `Link` header loads another site's stylesheet (Firefox applies it: it can read what is typed) or
 * preloads and connects to it (it hears of every visit). Both passed: only the HTML was read. A `Link` to the site's
 * own files (a CDN's Early Hints) is not named. As key -> label, like resourcesOf.
 */
export function headerResourcesOf(headers: Reply['headers'], pageUrl: URL): Map<string, string> {
  const found = new Map<string, string>();
  const said = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
  };
  const refresh = said('refresh').trim();
  if (refresh) found.set(`refresh ${refresh}`, `a Refresh header "${refresh.slice(0, 60)}"`);
  for (const [, reference = '', parameters = ''] of said('link').matchAll(/<([^>]*)>([^,]*)/g)) {
    const rels = (parameters.match(/\brel\s*=\s*"?([^";]+)"?/i)?.[1] ?? '').toLowerCase().split(/\s+/);
    if (!rels.some((rel) => LOADED_RELS.has(rel)) || !URL.canParse(reference.trim(), pageUrl)) continue;
    const url = new URL(reference.trim(), pageUrl);
    if (url.origin !== pageUrl.origin) found.set(`link ${url.href}`, `a Link header's ${rels.join(' ')} of ${url.href}`);
  }
  return found;
}

/**
 * Where a page sends a visitor who acts on it, as key -> label (red-team, session 28): each link's phone number
 * (`tel:`, `sms:`, by its digits), e-mail address (`mailto:`) or address on another site, and each phone number
 * written in its text. The page-code line held what a page runs and loads, not what it tells a visitor to do, so a
 * hacked host or a CDN rule that swapped the business's phone number for another (a call-forwarding scam, a rival),
 * its e-mail address, or a social link for a look-alike page passed every line: the placeholders line knows only the
 * build's defaults. The site's own links and Cloudflare's e-mail obfuscation (which makes `mailto:` a link on the site)
 * are not named.
 */
export function contactsOf(html: string, pageUrl: URL): Map<string, string> {
  const found = new Map<string, string>();
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  for (const [tag] of withoutCode.matchAll(/<(?:a|area)\b[^>]*>/gi)) {
    const href = tag.match(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i)?.slice(1).find((value) => value !== undefined)?.replace(/&amp;/g, '&').trim();
    if (!href) continue;
    const scheme = href.match(/^([a-z][\w+.-]*):/i)?.[1]?.toLowerCase();
    if (scheme === 'tel' || scheme === 'sms') {
      const digits = href.replace(/[^\d]/g, '').replace(/^1(?=\d{10}$)/, '');
      found.set(`phone ${digits}`, `the phone number ${href.slice(scheme.length + 1)} (a ${scheme}: link)`);
    } else if (scheme === 'mailto') {
      const address = decodeURIComponent(href.slice('mailto:'.length).split('?')[0]!).toLowerCase();
      found.set(`mail ${address}`, `the e-mail address ${address}`);
    } else if (URL.canParse(href, pageUrl)) {
      const url = new URL(href, pageUrl);
      if (/^https?:$/.test(url.protocol) && url.origin !== pageUrl.origin) found.set(`link ${url.href}`, `a link to ${url.href}`);
    }
  }
  // Phone numbers in the text (North American, as the business's are written), by their digits.
  const text = withoutCode.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#160;/g, ' ');
  for (const [number] of text.matchAll(/(?<![\d-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}(?![\d-])/g)) {
    const digits = number.replace(/[^\d]/g, '').replace(/^1(?=\d{10}$)/, '');
    if (!found.has(`phone ${digits}`)) found.set(`phone ${digits}`, `the phone number ${number.trim()}`);
  }
  return found;
}

/** Where a page as served sends a visitor that the build's pages do not (labels). */
export function contactsNotBuilt(served: string, built: string, pageUrl: URL): string[] {
  const builtContacts = contactsOf(built, pageUrl);
  return [...contactsOf(served, pageUrl)].filter(([key]) => !builtContacts.has(key)).map(([, label]) => label);
}

/** What a page as served fetches or sends to elsewhere that the build's pages do not (labels). */
export function resourcesNotBuilt(served: string, built: string, pageUrl: URL): string[] {
  const builtResources = resourcesOf(built, pageUrl);
  return [...resourcesOf(served, pageUrl)].filter(([key]) => !builtResources.has(key)).map(([, label]) => label);
}

/** The code a page as served runs that the build's pages do not (labels). */
export function codeNotBuilt(served: string, built: string, pageUrl: URL): string[] {
  const builtCode = codeOf(built, pageUrl);
  return [...codeOf(served, pageUrl)].filter(([key]) => !builtCode.has(key)).map(([, label]) => label);
}

/** An Android phone's Chrome, as it opens a page: what a host that serves phones another page keys on. */
export const PHONE_PAGE_HEADERS = {
  ...PAGE_HEADERS,
  'user-agent':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  'sec-ch-ua-mobile': '?1',
  'sec-ch-ua-platform': '"Android"',
} as const;

/**
 * An iPhone's Safari (red-team, session 24): it sends no client hints, and its user agent says iPhone, not Android or
 * Mobile Chrome; a host keyed on /iPhone|iOS|Safari\/604/ gave iPhones (half the site's phones) a page the Android
 * request never saw. Its own Accept and encodings (no zstd).
 */
export const IPHONE_PAGE_HEADERS = {
  ...PAGE_HEADERS,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1',
  'sec-ch-ua': undefined,
  'sec-ch-ua-mobile': undefined,
  'sec-ch-ua-platform': undefined,
  'sec-fetch-user': undefined,
} as const;

/**
 * Instagram's own browser on an iPhone, where a visitor who taps the business's post or advert opens the site: its
 * user agent names the app and no Safari. A host or tag rule keyed on the app (an "in-app" snippet) showed only it.
 */
export const IN_APP_PAGE_HEADERS = {
  ...IPHONE_PAGE_HEADERS,
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 400.0.0.29.98 (iPhone15,2; iOS 18_6; en_US; en; scale=3.00; 1179x2556; 0)',
} as const;

/**
 * Visitors who arrive from elsewhere, as a browser opens the page from a link (red-team, session 28): the check asked
 * each page as if its address were typed, with no Referer and no query, so a host rule keyed on either passed. The
 * hacked site's classic "conditional redirect" sends only visitors from a search engine to another site (the owner,
 * who types the address, never sees it), and a CDN that keys its cache on the query string sends an advert's
 * `?fbclid=` or `?gclid=` to the origin, which may hold an earlier build. Each has its query, appended to the page's
 * path, and its headers.
 */
export const ARRIVALS = [
  {
    who: 'from a Google search (with an ad click id)',
    query: '?gclid=deployment-check',
    headers: { ...PAGE_HEADERS, 'sec-fetch-site': 'cross-site', referer: 'https://www.google.com/' },
  },
  {
    who: "from an Instagram advert, in Instagram's browser",
    query: '?utm_source=instagram&utm_medium=paid_social&fbclid=deployment-check',
    headers: { ...IN_APP_PAGE_HEADERS, 'sec-fetch-site': 'cross-site', referer: 'https://l.instagram.com/' },
  },
] as const;

/** The `cookie` header a browser sends back after these answers (each `set-cookie`'s name=value; later ones win). */
export function cookiesSetBy(replies: readonly Reply[]): string | undefined {
  const jar = new Map<string, string>();
  for (const reply of replies) {
    const said = reply.headers['set-cookie'];
    for (const cookie of Array.isArray(said) ? said : said ? [said] : []) {
      const pair = cookie.split(';')[0]!.trim();
      const equals = pair.indexOf('=');
      if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
  }
  return jar.size === 0 ? undefined : [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The headers the https and content security policy lines judge on the first answer only. */
const PROTECTING_HEADERS = ['strict-transport-security', 'content-security-policy'] as const;

/** How a page another visitor gets differs from the check's first answer for it, or undefined. */
export function pageAgainstFirst(reply: Reply, first: Reply, pageUrl: URL): string | undefined {
  if (reply.status !== first.status)
    return `status ${reply.status}${reply.headers.location ? ` to ${String(reply.headers.location).slice(0, 80)}` : ''}`;
  const [heading, firstHeading] = [headingOf(reply.body), headingOf(first.body)];
  if (heading !== firstHeading) return `the heading "${(heading ?? 'none').slice(0, 60)}"`;
  // The HSTS and framing lines judge the first answer: a rule that drops them for phones or arrivals (a mobile
  // configuration at the CDN) leaves those visitors on http and their forms framable (session 28). Presence only: a
  // policy with a nonce differs on every answer.
  const dropped = PROTECTING_HEADERS.filter((name) => first.headers[name] !== undefined && reply.headers[name] === undefined);
  if (dropped.length > 0) return `no ${dropped.join(' and no ')} header, which the first answer has`;
  const [files, firstFiles] = [buildFingerprint(reply.body, pageUrl), buildFingerprint(first.body, pageUrl)];
  if (files.join(' ') !== firstFiles.join(' ')) {
    return `${files.find((name) => !firstFiles.includes(name)) ?? 'fewer files'} where the first answer names ${firstFiles.find((name) => !files.includes(name)) ?? 'fewer files'} (another build)`;
  }
  const extra = codeNotBuilt(reply.body, first.body, pageUrl);
  if (extra.length > 0) return `${listed(extra)}, which the first answer does not run`;
  const sends = contactsNotBuilt(reply.body, first.body, pageUrl);
  if (sends.length > 0) return `${listed(sends)}, which the first answer does not give`;
  const firstHeaders = headerResourcesOf(first.headers, pageUrl);
  const loads = [
    ...resourcesNotBuilt(reply.body, first.body, pageUrl),
    ...[...headerResourcesOf(reply.headers, pageUrl)].filter(([key]) => !firstHeaders.has(key)).map(([, label]) => label),
  ];
  return loads.length > 0 ? `${listed(loads)}, which the first answer does not have` : undefined;
}

const listed = (labels: string[]) =>
  `${labels.slice(0, 3).join(', ')}${labels.length > 3 ? ` and ${labels.length - 3} more` : ''}`;

/** One page as the check saw it: the build's pages (undefined without them), the first answer and the others. */
export type PageAsSeen = {
  page: string;
  built: string | undefined;
  first: Reply;
  /** Android's Chrome. */
  phone: Reply;
  iPhone?: Reply;
  inApp?: Reply;
  secondVisit?: Reply;
  /** Its answers to ARRIVALS, in their order. */
  arrivals?: readonly Reply[];
};

/**
 * The line "pages run only the build's scripts, on a phone and on a second visit too". Before it, the check asked
 * each page once, as desktop Chrome with no cookie, and held only the hashed files under /assets/ to the build: a
 * script the host added passed, and so did a host that gave phones (most of the site's visitors) or a returning
 * visitor (a cookie its first answer set) another page. Each page's first answer is now held to the build (every
 * script it runs is in one of the build's pages: another page served for a path is the page lines' fault), and a
 * phone's and a second visit's answers to the first.
 */
export function pageCodeOutcome(
  site: URL,
  pages: readonly PageAsSeen[],
  cookie: string | undefined,
  buildDir: string,
): Outcome & { skipped?: boolean } {
  if (pages.length === 0) return { ok: false, detail: 'no page could be read (see the page lines above)' };
  const problems: string[] = [];
  for (const { page, built, first, phone, iPhone, inApp, secondVisit, arrivals = [] } of pages) {
    const pageUrl = new URL(page, site);
    const added = built === undefined ? [] : codeNotBuilt(first.body, built, pageUrl);
    if (added.length > 0) problems.push(`${page} runs ${listed(added)}, which the build does not have`);
    const loads = built === undefined ? [] : resourcesNotBuilt(first.body, built, pageUrl);
    if (loads.length > 0) problems.push(`${page} has ${listed(loads)}, which the build does not have`);
    const sends = built === undefined ? [] : contactsNotBuilt(first.body, built, pageUrl);
    if (sends.length > 0) problems.push(`${page} gives ${listed(sends)}, which the build does not have`);
    // Headers are the host's, never the build's: any of these is the host's own doing.
    const byHeaders = [...headerResourcesOf(first.headers, pageUrl).values()];
    if (byHeaders.length > 0) problems.push(`${page} comes with ${listed(byHeaders)}, which no build sends`);
    for (const [reply, who] of [
      [phone, 'on a phone'],
      [iPhone, 'on an iPhone'],
      [inApp, "in Instagram's browser on an iPhone"],
    ] as const) {
      const differs = reply && pageAgainstFirst(reply, first, pageUrl);
      if (differs) problems.push(`${page} ${who}: ${differs}`);
    }
    arrivals.forEach((reply, index) => {
      const differs = pageAgainstFirst(reply, first, pageUrl);
      if (differs) problems.push(`${page} ${ARRIVALS[index]!.who}: ${differs}`);
    });
    const again = secondVisit && pageAgainstFirst(secondVisit, first, pageUrl);
    if (again) problems.push(`${page} on a second visit (with the cookies the pages set): ${again}`);
  }
  if (problems.length > 0) {
    return {
      ok: false,
      detail: `${problems.join('; ')}: a script the build does not have reads every form a visitor fills in (a host's snippet injection or analytics, a tag manager, a hacked host), an image, stylesheet or frame from another site tells it of every visit (and a stylesheet can read what is typed), and a page that differs for phones or returning visitors is not the page checked; remove it at the host (or add it to the build, and name its company on the privacy page)`,
    };
  }
  const arrived = pages.some(({ arrivals }) => arrivals?.length) ? ', visitors from a Google search and an Instagram advert' : '';
  const visits = cookie
    ? `phones (Android's Chrome, an iPhone's Safari, Instagram's browser)${arrived} and returning visitors (with the cookies the pages set) get the same pages`
    : `phones (Android's Chrome, an iPhone's Safari, Instagram's browser)${arrived} get the same pages (no page set a cookie, so a second visit is a first)`;
  if (pages.some(({ built }) => built === undefined)) {
    return {
      ok: false,
      skipped: true,
      detail: `${visits}, but without the build in ${buildDir}/ the scripts the pages should run are not known (a host may add its own); run the check where the uploaded build is, or name it with --build-dir`,
    };
  }
  return {
    ok: true,
    detail: `the ${pages.length} pages run only scripts the pages in ${buildDir}/ have, and ${visits}`,
  };
}
