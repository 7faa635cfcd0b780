import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, renderPage, sitePaths } from '@/app/render-page';
import { ownerClaims, type ClaimPage } from './owner-claims';

/**
 * The shapes of a claim the business must be able to back (decision 032, session 33): a percentage, "free", a
 * guarantee or warranty, a licence, insurance or certification, a superlative, speed and time promises. Small on
 * purpose: a phrase it misses is still the owner's (README), but one it finds must be in src/config/owner-claims.ts.
 */
const CLAIM_SHAPED =
  /\d[\d.,]*\s*%|#\s?1\b|\bfree\b|\bguarantee\w*|\bwarrant(?:y|ies)\b|\blicensed\b|\binsured\b|\bbonded\b|\bcertified\b|\bbest\b|\bfast\w*|\bquick\w*|\bwithin\b[^.;]{0,30}?\b(?:minutes?|hours?|days?|weeks?)\b|\b(?:same|next)[- ]day\b|\bon[- ]time\b|\bpriority\b|\bin a day or two\b/gi;

/** Phrases of that shape that promise nothing the owner must back, each with why. */
const NOT_CLAIMS: readonly { words: string; why: string }[] = [
  { words: 'show their best', why: 'what the floors do for a listing, no comparison' },
  { words: 'Good light gives the best result', why: 'advice for the photo' },
  { words: 'a photo of the room without people is best', why: 'advice for the photo (privacy policy)' },
  { words: 'usually within a few weeks', why: "the database host's backups, in the privacy policy (README, privacy)" },
  {
    words: 'free of charge',
    why: 'privacy requests, the privacy policy\'s promise that staff keep (README, "Other requests")',
  },
  { words: 'the same day', why: 'the e-mail limits described in the privacy policy (decision 024)' },
];

/** Every piece of text a visitor reads or hears on a page: text, alt texts, labels, the title and meta descriptions. */
function visitorTexts(path: string): Promise<string[]> {
  let texts = renderedTexts.get(path);
  if (!texts) renderedTexts.set(path, (texts = readVisitorTexts(path)));
  return texts;
}
const renderedTexts = new Map<string, Promise<string[]>>();

async function readVisitorTexts(path: string): Promise<string[]> {
  const { html } = await renderPage(path);
  const page = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  page.querySelectorAll('script, style').forEach((element) => element.remove());
  const texts: string[] = [];
  const walker = page.createTreeWalker(page.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const element of page.querySelectorAll('*')) {
    for (const attribute of ['alt', 'title', 'aria-label', 'placeholder', 'content']) {
      const value = element.getAttribute(attribute);
      if (value) texts.push(value);
    }
  }
  return texts;
}

const listedWords = [
  ...Object.values(ownerClaims).flatMap((claim) => claim.words),
  ...NOT_CLAIMS.map(({ words }) => words),
];

/** The claim-shaped phrases of a text that no listed words cover. */
function unlistedClaims(text: string): string[] {
  const covered: [number, number][] = [];
  for (const words of listedWords) {
    for (let at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) covered.push([at, at + words.length]);
  }
  return [...text.matchAll(CLAIM_SHAPED)]
    .filter(({ index, 0: match }) => !covered.some(([from, to]) => index >= from && index + match.length <= to))
    .map(({ index, 0: match }) => `"${match}" in "${text.slice(Math.max(0, index - 60), index + match.length + 60)}"`);
}

const pages = [...sitePaths, NOT_FOUND_PATH];

describe("the owner's claims (src/config/owner-claims.ts)", () => {
  it('name only pages of the site', () => {
    expect(pages).toEqual([
      '/',
      '/realtors',
      '/investors',
      '/floor-visualizer',
      '/privacy',
      '/terms',
      '/sitemap',
      '/404',
    ]);
    const claimPages: readonly ClaimPage[] = pages as ClaimPage[];
    for (const claim of Object.values(ownerClaims)) for (const page of claim.pages) expect(claimPages).toContain(page);
  });

  it.each(pages)('%s shows no claim-shaped phrase that is not in the list', async (path) => {
    const unlisted = (await visitorTexts(path)).flatMap(unlistedClaims);
    expect(unlisted).toEqual([]);
  });

  it.each(Object.entries(ownerClaims))('%s: its words are on each page it names', async (_id, claim) => {
    for (const path of claim.pages) {
      const texts = (await visitorTexts(path)).join('\n');
      expect(
        claim.words.some((words) => texts.includes(words)),
        `${path} shows none of ${JSON.stringify(claim.words)}`,
      ).toBe(true);
    }
  });

  it('finds an unlisted claim, and one covered only in part', () => {
    expect(unlistedClaims('Licensed & Insured. Best prices, guaranteed.')).toHaveLength(2);
    expect(unlistedClaims('Free estimates. Free installation.')).toEqual([expect.stringContaining('"Free" in')]);
  });
});
