/**
 * Lighthouse (mobile, default throttling: simulated slow 4G and a 4x slower CPU, a cheap phone) on each route
 * of the production build served by the throwaway stack, in the Chromium the tests use. Median of 3 runs per
 * route: the four category scores, LCP, TBT, CLS, and the JavaScript the page downloaded while loading (no
 * interaction: Lighthouse never touches the page). LIGHTHOUSE_URL measures a site that is already up instead (e.g. two
 * builds served side by side, measured in turn for an A/B on a busy machine), as first-tap's FIRST_TAP_URL.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../tests/support/chromium-path';
import { startSiteUnderTest } from '../tests/support/site-under-test';
import { median, type BenchRow } from './bench-row';

const ROUTES = (process.env.LIGHTHOUSE_ROUTES ?? '/,/realtors,/investors,/floor-visualizer,/privacy,/terms').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type NetworkItem = { resourceType?: string; transferSize?: number; url?: string };
/** largest-contentful-paint-element's details: a table naming the element, then one of its phases. */
type LcpElementDetails = {
  items?: [{ items?: { node?: { selector?: string; nodeLabel?: string } }[] }, { items?: { phase?: string; timing?: number }[] }?];
};

export default async function benchLighthouse(): Promise<BenchRow[]> {
  const external = process.env.LIGHTHOUSE_URL;
  const site = external ? undefined : await startSiteUnderTest();
  const siteUrl = external ?? site!.siteUrl;
  const chrome = await launch({ chromePath: await resolveChromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const rows: BenchRow[] = [];
  try {
    for (const route of ROUTES) {
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, [] as number[]])) as Record<
        (typeof CATEGORIES)[number],
        number[]
      >;
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      const scriptKb: number[] = [];
      const failing = new Set<string>();
      // Which element was the largest paint, and where its time went: a text page's LCP once moved with what the
      // page fetched before its first frame was presented, not with the element (decision 011, session 31).
      const lcpElements = new Set<string>();
      const renderDelay: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const outcome = await lighthouse(`${siteUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = outcome?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
        for (const category of CATEGORIES) scores[category].push((lhr.categories[category]?.score ?? 0) * 100);
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        const lcpElement = lhr.audits['largest-contentful-paint-element']?.details as LcpElementDetails | undefined;
        const node = lcpElement?.items?.[0]?.items?.[0]?.node;
        if (node) lcpElements.add(`${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 30)}"`);
        const delay = lcpElement?.items?.[1]?.items?.find((phase) => phase.phase === 'Render Delay')?.timing;
        if (delay !== undefined) renderDelay.push(delay);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
        const network = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
        const scriptBytes = network
          .filter((item) => item.resourceType === 'Script')
          .reduce((total, item) => total + (item.transferSize ?? 0), 0);
        scriptKb.push(scriptBytes / 1024);
        // What cost points, so a score below 100 says why.
        for (const category of CATEGORIES) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.add(ref.id);
          }
        }
      }
      const note = failing.size > 0 ? `below 0.9 in some run: ${[...failing].join(', ')}` : undefined;
      rows.push(
        { metric: `${route} performance score (mobile)`, median: median(scores.performance), unit: '/100', runs: RUNS, note },
        { metric: `${route} accessibility score`, median: median(scores.accessibility), unit: '/100', runs: RUNS },
        { metric: `${route} best practices score`, median: median(scores['best-practices']), unit: '/100', runs: RUNS },
        { metric: `${route} SEO score`, median: median(scores.seo), unit: '/100', runs: RUNS },
        {
          metric: `${route} largest contentful paint`,
          median: median(lcp),
          unit: 'ms',
          runs: RUNS,
          note: `${[...lcpElements].join(' / ')}; render delay median ${renderDelay.length ? Math.round(median(renderDelay)) : '?'} ms`,
        },
        { metric: `${route} total blocking time`, median: median(tbt), unit: 'ms', runs: RUNS },
        { metric: `${route} cumulative layout shift`, median: median(cls), unit: '', runs: RUNS },
        {
          metric: `${route} JS downloaded while loading (transfer)`,
          median: median(scriptKb),
          unit: 'KiB',
          runs: RUNS,
          note: 'compressed as served; nothing clicked or scrolled',
        },
      );
    }
  } finally {
    await chrome.kill();
    await site?.stop();
  }
  return rows;
}
