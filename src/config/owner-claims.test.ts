import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, renderPage, sitePaths } from '@/app/render-page';
import { ownerClaims, unlistedClaims, type ClaimPage } from './owner-claims';

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
  // One text, joined as it shows (as check:deployment reads the deployed pages): a claim split across elements,
  // "within <b>45 days</b>", is read whole.
  const words: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) words.push(node.textContent ?? '');
  texts.push(words.join(' ').replace(/\s+/g, ' '));
  for (const element of page.querySelectorAll('*')) {
    for (const attribute of ['alt', 'title', 'aria-label', 'placeholder', 'content']) {
      const value = element.getAttribute(attribute);
      if (value) texts.push(value);
    }
  }
  return texts;
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

  it('is imported by nothing the site builds: confirming a claim changes no deployed file (check:deployment)', () => {
    const source = path.resolve(import.meta.dirname, '..');
    const importers = fs
      .readdirSync(source, { recursive: true, withFileTypes: true })
      .filter(
        (entry) =>
          entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name) && !/\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name),
      )
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter(
        (file) =>
          file !== path.join(source, 'config', 'owner-claims.ts') && /owner-claims/.test(fs.readFileSync(file, 'utf8')),
      );
    expect(importers).toEqual([]);
  });

  it('finds an unlisted claim, and one covered only in part', () => {
    expect(unlistedClaims('Licensed & Insured. Best prices, guaranteed.')).toHaveLength(2);
    expect(unlistedClaims('Free estimates. Free installation.')).toEqual([expect.stringContaining('"Free" in')]);
  });
});
