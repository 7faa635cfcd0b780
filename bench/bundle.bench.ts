/**
 * What a visitor downloads, per prerendered page: the JavaScript and CSS its HTML loads up front (raw and gzip),
 * and the JavaScript of the app, which loads once the first screen has painted (React, the router, the page; gzip;
 * decision 013). Measured on
 * a production build made here, the same way `npm run build` prints it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from '../local-stack/paths';
import { FIRST_WINDOW_BYTES, measurePages, total } from '../scripts/prerender/page-assets';
import { HOME_JS_BUDGET_BYTES, pageFile } from '../scripts/prerender/prerender-plugin';
import type { BenchRow } from './bench-row';

const PAGES = ['/', '/realtors', '/investors', '/floor-visualizer', '/privacy', '/terms', '/sitemap'];

export default async function benchBundle(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-bundle-'));
  try {
    Object.assign(process.env, {
      VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? 'https://project.supabase.co',
      VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? 'anon-key-placeholder-for-the-bundle-bench',
      VITE_VISUALIZER_WEBHOOK_URL: process.env.VITE_VISUALIZER_WEBHOOK_URL ?? 'https://processor.example.com/',
    });
    await build({ root: PROJECT_ROOT, logLevel: 'error', envDir: false, build: { outDir, emptyOutDir: true, sourcemap: false } });
    const measured = measurePages(
      outDir,
      PAGES.map((page) => ({ page, file: pageFile(page), routeChunk: page === '/' ? undefined : page.slice(1) })),
    );
    const kb = (bytes: number) => bytes / 1024;
    return measured.flatMap(({ page, htmlBrotli, js, css, afterInteractionJs }) => [
      {
        metric: `${page} HTML on the wire (brotli)`,
        median: kb(htmlBrotli),
        unit: 'KiB',
        runs: 1,
        note: `fits the first TCP window up to ${(FIRST_WINDOW_BYTES / 1024).toFixed(1)} KiB (with the response headers)`,
      },
      {
        metric: `${page} JS up front (gzip)`,
        median: kb(total(js, 'gzip')),
        unit: 'KiB',
        runs: 1,
        note: `${kb(total(js, 'raw')).toFixed(1)} KiB raw${page === '/' ? `; budget ${HOME_JS_BUDGET_BYTES / 1024} KiB gzip` : ''}`,
      },
      {
        metric: `${page} CSS up front (gzip, inlined)`,
        median: kb(total(css, 'gzip')),
        unit: 'KiB',
        runs: 1,
        note: `${kb(total(css, 'raw')).toFixed(1)} KiB raw; the rules of the page's first screen`,
      },
      {
        metric: `${page} JS of the app, after the first paint (gzip)`,
        median: kb(total(afterInteractionJs, 'gzip')),
        unit: 'KiB',
        runs: 1,
        note: `${kb(total(afterInteractionJs, 'raw')).toFixed(1)} KiB raw; React, the router and the page, loaded and hydrated once the first screen has painted`,
      },
    ]);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
