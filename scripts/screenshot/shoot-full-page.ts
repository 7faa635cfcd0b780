import type { Page } from 'playwright-core';

export type FullPageShot = { file: string; horizontalOverflow: number };

/**
 * A full-page screenshot of `url` once everything on it has been drawn. It does not wait for the network to
 * go quiet: the page embeds a third-party map, which never settles offline (and need not settle online), so
 * "network idle" can wait forever. It waits for what the picture needs instead: the page loaded with its whole stylesheet, every image
 * the layout shows decoded (lazy ones come into view while the page is scrolled through once), and the fonts.
 */
export async function shootFullPage(page: Page, url: string, file: string): Promise<FullPageShot> {
  await page.goto(url, { waitUntil: 'load' });
  // A prerendered page draws what lies below its first screen only once its whole stylesheet is in (decision 011),
  // which the page adds after the load event: until then there is nothing to scroll through.
  await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href));
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.getClientRects().length > 0)
      .every((image) => image.complete),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: true });
  const horizontalOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return { file, horizontalOverflow };
}
