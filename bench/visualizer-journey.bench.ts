/**
 * Photo in to result shown, as a visitor lives it: the production build in Chromium against a throwaway stack
 * with the real processor. Timed from choosing the photo's "Process Image" click to the rendered floor image
 * having loaded, for a 1 MP fixture room, median of 5.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PROJECT_ROOT } from '../local-stack/paths';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../tests/support/chromium-path';
import { startSiteUnderTest } from '../tests/support/site-under-test';
import { median, percentile, type BenchRow } from './bench-row';

const PHOTO = path.join(PROJECT_ROOT, 'visualizer-processor', 'fixtures', 'images', 'room-carpet.jpg');
const RUNS = 5;

export default async function benchVisualizerJourney(): Promise<BenchRow[]> {
  const site = await startSiteUnderTest({ throttleMaxWrites: 10_000 });
  const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
  const timings: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${site.siteUrl}/floor-visualizer`);
      await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
      await page.getByLabel('Name').fill('Bench Visitor');
      await page.getByLabel('Email').fill(`bench.${run}@example.com`);
      const started = performance.now();
      await page.getByRole('button', { name: 'Process Image' }).click();
      const result = page.getByAltText('Your room with a new hardwood floor').first();
      await result.waitFor({ state: 'visible', timeout: 120_000 });
      await page.waitForFunction(
        (alt) => [...document.querySelectorAll<HTMLImageElement>(`img[alt="${alt}"]`)].some((img) => img.complete && img.naturalWidth > 0),
        'Your room with a new hardwood floor',
      );
      timings.push(performance.now() - started);
      await page.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  return [
    { metric: 'photo in to result shown (1 MP room, Chromium)', median: median(timings), p95: percentile(timings, 95), unit: 'ms', runs: timings.length },
  ];
}
