/**
 * Lighthouse (mobile, simulated slow 4G and a 4x slower CPU: a cheap phone) on each route of the production
 * build served by the throwaway stack. Median of 3 runs per route: performance score, LCP, TBT, CLS, and
 * the accessibility score.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../tests/support/chromium-path';
import { startSiteUnderTest } from '../tests/support/site-under-test';
import { median, type BenchRow } from './bench-row';

const ROUTES = ['/', '/realtors', '/investors', '/floor-visualizer'];
const RUNS = 3;

export default async function benchLighthouse(): Promise<BenchRow[]> {
  const site = await startSiteUnderTest();
  const chrome = await launch({ chromePath: await resolveChromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const rows: BenchRow[] = [];
  try {
    for (const route of ROUTES) {
      const results = { performance: [] as number[], accessibility: [] as number[], lcp: [] as number[], tbt: [] as number[], cls: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        const outcome = await lighthouse(`${site.siteUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = outcome?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
        results.performance.push((lhr.categories.performance?.score ?? 0) * 100);
        results.accessibility.push((lhr.categories.accessibility?.score ?? 0) * 100);
        results.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        results.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
        results.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      }
      rows.push(
        { metric: `${route} performance score (mobile)`, median: median(results.performance), unit: '/100', runs: RUNS },
        { metric: `${route} largest contentful paint`, median: median(results.lcp), unit: 'ms', runs: RUNS },
        { metric: `${route} total blocking time`, median: median(results.tbt), unit: 'ms', runs: RUNS },
        { metric: `${route} cumulative layout shift`, median: median(results.cls), unit: '', runs: RUNS },
        { metric: `${route} accessibility score`, median: median(results.accessibility), unit: '/100', runs: RUNS },
      );
    }
  } finally {
    await chrome.kill();
    await site.stop();
  }
  return rows;
}
