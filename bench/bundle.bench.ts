/** What a visitor downloads: the production build's JavaScript and CSS, raw and gzipped, entry versus lazy chunks. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { PROJECT_ROOT } from '../local-stack/paths';
import type { BenchRow } from './bench-row';

export default async function benchBundle(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-bundle-'));
  try {
    Object.assign(process.env, {
      VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? 'https://project.supabase.co',
      VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? 'anon-key-placeholder-for-the-bundle-bench',
      VITE_VISUALIZER_WEBHOOK_URL: process.env.VITE_VISUALIZER_WEBHOOK_URL ?? 'https://processor.example.com/',
    });
    await build({ root: PROJECT_ROOT, logLevel: 'error', envDir: false, build: { outDir, emptyOutDir: true, sourcemap: false } });
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const assets = fs.readdirSync(path.join(outDir, 'assets')).map((file) => {
      const bytes = fs.readFileSync(path.join(outDir, 'assets', file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes).length, initial: html.includes(file) };
    });
    const kb = (n: number) => n / 1024;
    const sum = (list: typeof assets, key: 'raw' | 'gzip') => list.reduce((total, asset) => total + asset[key], 0);
    const initialJs = assets.filter((a) => a.initial && a.file.endsWith('.js'));
    const initialCss = assets.filter((a) => a.initial && a.file.endsWith('.css'));
    const lazyJs = assets.filter((a) => !a.initial && a.file.endsWith('.js'));
    return [
      { metric: 'initial JS (gzip)', median: kb(sum(initialJs, 'gzip')), unit: 'KiB', runs: 1, note: `${kb(sum(initialJs, 'raw')).toFixed(0)} KiB raw` },
      { metric: 'initial CSS (gzip)', median: kb(sum(initialCss, 'gzip')), unit: 'KiB', runs: 1, note: `${kb(sum(initialCss, 'raw')).toFixed(0)} KiB raw` },
      {
        metric: 'lazy JS chunks (gzip, all)',
        median: kb(sum(lazyJs, 'gzip')),
        unit: 'KiB',
        runs: 1,
        note: lazyJs.map((a) => `${a.file.replace(/-[\w-]+\.js$/, '')} ${kb(a.gzip).toFixed(1)}`).join(', '),
      },
    ];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
