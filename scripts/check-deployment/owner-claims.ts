/**
 * "pages make no claim the owner has not confirmed" (session 34; decision 032's "left", decision 023 item 33): the
 * words are read from the deployed pages as browsers get them, not from the repository, so a claim shown only to
 * phones, one a host or CDN writes into a page, or one the app's code writes after it renders is seen; each is held to
 * the owner's list (src/config/owner-claims.ts) in the checkout the check runs from.
 */
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../../tests/support/chromium-path.ts';
import { ownerClaims, unlistedClaims, type OwnerClaim } from '../../src/config/owner-claims.ts';

/** One page as one visitor's browser got it: the words of its HTML as served, and of the page once the app has run. */
export type ClaimsSeen = { page: string; who: string; served: string[]; rendered: string[] };

/**
 * The browsers the words are read as: a host keyed on the user agent (a mobile configuration, an iPhone rule) may
 * serve phones other words than the desktop (sessions 23-24). Real Chromium, so its own request headers and TLS.
 */
export const CLAIM_READERS: readonly { who: string; context: BrowserContextOptions }[] = [
  { who: 'desktop Chrome', context: { viewport: { width: 1280, height: 800 } } },
  {
    who: "an Android phone's Chrome",
    context: {
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
    },
  },
  {
    who: "an iPhone's Safari",
    context: {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1',
    },
  },
];

/** How long a page may take to render before its words are read anyway (its network quiet, or this long). */
const RENDER_WAIT_MS = 15_000;

/**
 * Every piece of text a visitor reads or hears, as owner-claims.test.ts reads the prerendered pages: text (not in
 * script, style or template), alt texts, titles, labels, placeholders and meta content; and the page's title.
 */
function visitorTextsInPage(): string[] {
  const texts: string[] = [document.title];
  // No filter callback: a page with scripts off (the served HTML's read) cannot run one. The text nodes are read as
  // one text, joined by spaces: a claim split across elements ("within <b>1 business day</b>") reads as it shows.
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  const words: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.trim() && !node.parentElement?.closest('script, style, template, title'))
      words.push(node.textContent);
  }
  texts.push(words.join(' '));
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of ['alt', 'title', 'aria-label', 'placeholder', 'content']) {
      const value = element.getAttribute(attribute);
      if (value) texts.push(value);
    }
  }
  return texts;
}

/**
 * Opens each page in Chromium as each reader, and reads its words twice: in the HTML as the host served it (what a
 * visitor sees first, and what stays if the app replaces it when it starts), parsed with scripts off, and in the page
 * once the app has run (words the build's code writes, which the HTML lacks). Rejects when Chromium cannot start here.
 */
export async function readClaimsOfPages(
  site: URL,
  pages: readonly { path: string; page: string }[],
): Promise<ClaimsSeen[]> {
  const browser: Browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
  try {
    // The served HTML's words with no script run and nothing fetched: a page of its own, which loads nothing.
    const parser = await (await browser.newContext({ javaScriptEnabled: false, offline: true })).newPage();
    const seen: ClaimsSeen[] = [];
    for (const reader of CLAIM_READERS) {
      // The https line judges the certificate with Node's own checks; here only the words are read (a test's
      // certificate is made for the run, which Chromium does not know).
      const context = await browser.newContext({ ...reader.context, ignoreHTTPSErrors: true, serviceWorkers: 'block' });
      try {
        // The pages side by side in their own tabs: each waits half a second of network quiet and more for its
        // requests, and one after another the 8 pages x 3 browsers took over a minute of every check run, most of it
        // waiting (the deployment suite runs the whole check some fifty times: CI's 90 minutes).
        const loaded = await Promise.all(
          pages.map(async ({ path, page }) => {
            const tab = await context.newPage();
            try {
              const response = await tab.goto(new URL(path, site).href, { waitUntil: 'load', timeout: 60_000 });
              const html = response ? await response.text() : '';
              await tab.waitForLoadState('networkidle', { timeout: RENDER_WAIT_MS }).catch(() => undefined);
              // A page served as anything but HTML shows its source as text (its CSS's "100%" read as a claim): its
              // own page line fails it, and only its HTML, parsed below, is held to the list.
              const isHtml = /^text\/html\b/i.test(response?.headers()['content-type'] ?? '');
              return { page, html, rendered: isHtml ? await tab.evaluate(visitorTextsInPage) : [] };
            } finally {
              await tab.close();
            }
          }),
        );
        // The served HTML is read in the one parser page, in turn (it loads nothing, so this is quick).
        for (const { page, html, rendered } of loaded) {
          await parser.setContent(html, { waitUntil: 'domcontentloaded' });
          seen.push({ page, who: reader.who, served: await parser.evaluate(visitorTextsInPage), rendered });
        }
      } finally {
        await context.close();
      }
    }
    return seen;
  } finally {
    await browser.close();
  }
}

/** The claims of the list shown in some words: each claim's words found whole. */
export function listedClaimsIn(texts: readonly string[], claims: Record<string, OwnerClaim>): Map<string, string> {
  const text = texts.join('\n');
  const shown = new Map<string, string>();
  for (const [id, claim] of Object.entries(claims)) {
    const words = claim.words.find((phrase) => text.includes(phrase));
    if (words) shown.set(id, words);
  }
  return shown;
}

const OWNER_LIST = 'src/config/owner-claims.ts';
const WHAT_THE_OWNER_DOES = `the owner must back each claim and set its \`confirmed\` to true in ${OWNER_LIST} (README, "What only the owner can make true"), or have the spec's owner change the words; a claim-shaped phrase the list lacks is added to it first, for the owner to confirm`;

/**
 * Every claim the pages show, by page and browser, held to the owner's list: one the list has and the owner has not
 * confirmed fails, and so does a claim-shaped phrase the list does not have at all (a promise no one asked the owner
 * about). `unreadable` says why the pages could not be rendered here: the served HTML of the check's own requests is
 * then judged alone, and a pass is `skip`, since words the app writes were not read.
 */
export function ownerClaimsOutcome(
  seen: readonly ClaimsSeen[],
  claims: Record<string, OwnerClaim>,
  unreadable?: string,
): { ok: boolean; skipped?: boolean; detail: string } {
  /** claim id -> its words and where they were seen (page, browser, as served or rendered). */
  const unconfirmed = new Map<string, { words: string; where: Set<string> }>();
  const unlisted = new Map<string, Set<string>>();
  const confirmedShown = new Set<string>();
  const pagesRead = new Set<string>();
  // Spaces as a browser shows them: runs of white space (a line break in the HTML, two joined text nodes) are one.
  const asShown = (texts: readonly string[]) => texts.map((text) => text.replace(/\s+/g, ' '));
  for (const { page, who, served: servedTexts, rendered: renderedTexts } of seen) {
    pagesRead.add(page);
    const [served, rendered] = [asShown(servedTexts), asShown(renderedTexts)];
    for (const [texts, when] of [
      [served, 'served'],
      [rendered, 'rendered'],
    ] as const) {
      const where = JSON.stringify([page, who, when]);
      for (const [id, words] of listedClaimsIn(texts, claims)) {
        if (claims[id]!.confirmed) {
          confirmedShown.add(id);
          continue;
        }
        const entry = unconfirmed.get(id) ?? { words, where: new Set<string>() };
        entry.where.add(where);
        unconfirmed.set(id, entry);
      }
      for (const phrase of texts.flatMap((text) => unlistedClaims(text))) {
        const places = unlisted.get(phrase) ?? new Set<string>();
        places.add(where);
        unlisted.set(phrase, places);
      }
    }
  }
  /**
   * Where words were seen, short: "/" when every browser got them in the HTML, "/plain (as served to an iPhone's
   * Safari)" for some, "/written (once its code ran)" for words the page's code wrote; a few pages at most.
   */
  const placesOf = (where: Set<string>) => {
    const byPage = new Map<string, { served: Set<string>; rendered: Set<string> }>();
    for (const place of where) {
      const [page, who, when] = JSON.parse(place) as [string, string, 'served' | 'rendered'];
      const seenOn = byPage.get(page) ?? { served: new Set<string>(), rendered: new Set<string>() };
      seenOn[when].add(who);
      byPage.set(page, seenOn);
    }
    const everyone = (whos: Set<string>) => CLAIM_READERS.every(({ who }) => whos.has(who));
    const listed = [...byPage].map(([page, { served, rendered }]) => {
      const onlyRendered = new Set([...rendered].filter((who) => !served.has(who)));
      const parts = [
        ...(served.size > 0 && !everyone(served) ? [`as served to ${[...served].join(', ')}`] : []),
        ...(onlyRendered.size > 0
          ? [`once its code ran${everyone(onlyRendered) ? '' : ` for ${[...onlyRendered].join(', ')}`}`]
          : []),
      ];
      return parts.length > 0 ? `${page} (${parts.join('; ')})` : page;
    });
    return listed.length > 4 ? `${listed.slice(0, 4).join(', ')} and ${listed.length - 4} more` : listed.join(', ');
  };
  const problems = [
    ...[...unconfirmed].map(([id, { words, where }]) => `"${words}" (${id}, not confirmed) on ${placesOf(where)}`),
    ...[...unlisted].map(([phrase, where]) => `${phrase} on ${placesOf(where)}, which no claim of the list has`),
  ];
  const readers = CLAIM_READERS.map(({ who }) => who).join(', ');
  if (problems.length > 0) {
    return {
      ok: false,
      detail: `the pages show ${problems.length === 1 ? 'a claim' : `${problems.length} claims`} only the owner can back that ${OWNER_LIST} does not confirm: ${problems.slice(0, 6).join('; ')}${problems.length > 6 ? `; and ${problems.length - 6} more` : ''}: ${WHAT_THE_OWNER_DOES}`,
    };
  }
  if (unreadable) {
    return {
      ok: false,
      skipped: true,
      detail: `the pages' HTML as served shows no claim the owner has not confirmed, but the pages could not be rendered here (${unreadable}), so words the app writes once it runs were not read; run the check where Chromium starts (npm ci installs @sparticuz/chromium, or set CHROME_PATH)`,
    };
  }
  return {
    ok: true,
    detail: `the ${pagesRead.size} pages, as served and once their code ran, in Chromium as ${readers}, show ${confirmedShown.size === 0 ? "no claim of the owner's list" : `only claims the owner has confirmed in ${OWNER_LIST} (${confirmedShown.size} of ${Object.keys(claims).length})`} and no claim-shaped phrase the list lacks; not read: words shown only after a visitor acts (a form's toast, the guide's Thank You panel, the visualizer's later steps) and the e-mails (the e-mail line reads one, the realtor welcome)`,
  };
}

/**
 * The words of HTML without a browser, for when Chromium cannot start here: text outside scripts and styles, and the
 * attributes visitorTextsInPage reads, with the entities the build writes decoded.
 */
export function textsOfHtml(html: string): string[] {
  const decode = (text: string) =>
    text
      .replace(/&nbsp;/g, ' ')
      .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_all, code: string) => String.fromCodePoint(parseInt(code, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const withoutCode = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  const attributes = [
    ...withoutCode.matchAll(/\s(?:alt|title|aria-label|placeholder|content)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi),
  ].map((match) => decode(match[1] ?? match[2] ?? ''));
  const text = withoutCode
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .split(/<[^>]*>/)
    .map(decode)
    .filter((part) => part.trim());
  return [text.join(' '), ...attributes];
}

/**
 * The claims an e-mail the worker made shows that the owner's list does not confirm (session 35): a listed claim not
 * confirmed, or a claim-shaped phrase the list lacks. The e-mail worker reads VITE_BUSINESS_* on its own host, so a
 * business name there that carries a promise ("Haddon Floorworks, lifetime warranty") reaches every visitor's inbox
 * while the site, built with the plain name, passes the pages' line; the e-mails' own words (the realtor welcome's
 * rewards) are held to the list as the pages' are.
 */
export function emailClaimProblems(html: string, claims: Record<string, OwnerClaim>): string[] {
  const texts = textsOfHtml(html).map((text) => text.replace(/\s+/g, ' '));
  return [
    ...[...listedClaimsIn(texts, claims)].filter(([id]) => !claims[id]!.confirmed).map(([id, words]) => `"${words}" (${id}, not confirmed)`),
    ...[...new Set(texts.flatMap((text) => unlistedClaims(text)))].map((phrase) => `${phrase}, which no claim of the list has`),
  ];
}

/** What the owner does about a claim a line found, said once by each line that finds one. */
export const CLAIMS_REMEDY = WHAT_THE_OWNER_DOES;

/** The owner's list as the checkout has it. */
export const OWNER_CLAIMS: Record<string, OwnerClaim> = ownerClaims;
