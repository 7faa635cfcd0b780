import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FULL_STYLESHEET_TEMPLATE_ID } from './critical-css.ts';

export type AssetSize = { file: string; raw: number; gzip: number };
export type PageAssets = {
  page: string;
  /** The page's HTML as it goes out (its brotli copy), which should fit the first TCP window (decision 011). */
  htmlBrotli: number;
  /** The entry, fetched once the first screen has painted (with the app's chunks since decision 013). */
  js: AssetSize[];
  /** Render-blocking: the page's inline critical CSS and any stylesheet it links. */
  css: AssetSize[];
  afterInteractionJs: AssetSize[];
  /** The full stylesheet the app adds before it hydrates (critical-css.ts). */
  afterInteractionCss: AssetSize[];
};

const sizeOfText = (file: string, text: string): AssetSize => ({
  file,
  raw: Buffer.byteLength(text),
  gzip: gzipSync(text, { level: 9 }).length,
});

const sizeOf = (outDir: string, file: string): AssetSize => {
  const bytes = fs.readFileSync(path.join(outDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

export const total = (assets: AssetSize[], key: 'raw' | 'gzip') => assets.reduce((sum, asset) => sum + asset[key], 0);

/** The full stylesheet's <link>, in the template the app instantiates. */
const FULL_STYLESHEET_LINK = new RegExp(`<template id="${FULL_STYLESHEET_TEMPLATE_ID}">[^]*?href="/([^"]+\\.css)"`, 'g');

/** What a <template> or <noscript> holds does not load with the page (with JavaScript on). */
const withoutInertMarkup = (html: string) => html.replace(/<(template|noscript)\b[^>]*>[\s\S]*?<\/\1>/g, '');

/**
 * Same-site script and stylesheet files a page's HTML loads without an interaction: module scripts, modulepreloads,
 * stylesheets, and the entry the inlined bootstrap fetches once the first screen has painted (`data-entry`).
 */
function referencedFiles(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of withoutInertMarkup(html).match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href|data-entry)="(\/[^"]+)"/.exec(tag)?.[1];
    if (!url) continue;
    if (tag.startsWith('<script') && /type="module"|data-entry=/.test(tag)) js.add(url.slice(1));
    else if (/rel="modulepreload"/.test(tag)) js.add(url.slice(1));
    else if (/rel="stylesheet"/.test(tag)) css.add(url.slice(1));
  }
  return { js: [...js], css: [...css] };
}

/** Chunks a chunk imports: `from "./x.js"` statically, `import("./x.js")` and Vite's preload lists dynamically. */
function importsOf(outDir: string, file: string): { static: string[]; dynamic: string[] } {
  const code = fs.readFileSync(path.join(outDir, file), 'utf8');
  const dir = path.posix.dirname(file);
  const resolve = (spec: string) => path.posix.normalize(spec.startsWith('assets/') ? spec : path.posix.join(dir, spec));
  const statics = [...code.matchAll(/(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)].map((m) => resolve(m[1]!));
  const dynamics = [...code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => resolve(m[1]!));
  return { static: statics, dynamic: dynamics };
}

function staticClosure(outDir: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(path.join(outDir, file))) return;
    seen.add(file);
    for (const next of importsOf(outDir, file).static) visit(next);
  };
  entries.forEach(visit);
  return seen;
}

/** Below this (raw) a chunk is not worth its bytes in every page's HTML: it comes in a blink once the entry asks. */
const PRELOAD_MIN_BYTES = 16 * 1024;

/**
 * The chunks the entry (`entryUrl`, '/assets/…') imports as soon as it runs, which the page's bootstrap fetches
 * together with it (decision 013): the app chunk and the page's own route chunk (`routeChunk`, by file name
 * prefix), with what they import statically, less what the entry loads itself and the app's smallest chunks;
 * largest first.
 */
export function appChunksToPreload(outDir: string, entryUrl: string, routeChunk?: string): string[] {
  const entry = entryUrl.replace(/^\//, '');
  const sizeOnDisk = (file: string) => fs.statSync(path.join(outDir, file)).size;
  const allJs = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const withEntry = staticClosure(outDir, [entry]);
  const appChunks = [...withEntry].flatMap((chunk) => importsOf(outDir, chunk).dynamic.filter((f) => /\/start-app-/.test(f)));
  const routeChunks = routeChunk ? allJs.filter((f) => path.posix.basename(f).startsWith(`${routeChunk}-`)) : [];
  // The route's own chunks, however small: the app asks for them only once it runs, a round trip later still.
  const forTheRoute = staticClosure(outDir, routeChunks);
  return [...staticClosure(outDir, [...appChunks, ...routeChunks])]
    .filter((file) => !withEntry.has(file))
    .filter((file) => forTheRoute.has(file) || sizeOnDisk(file) >= PRELOAD_MIN_BYTES)
    .sort((a, b) => sizeOnDisk(b) - sizeOnDisk(a))
    .map((file) => `/${file}`);
}

/**
 * What each prerendered page costs. Up front: what its HTML loads. With the app (since decision 013 right after the
 * first screen has painted, no longer on the first interaction): that, plus the
 * app chunk the entry imports dynamically and the page's own route chunk (`routeChunk`, by file name prefix),
 * each with the chunks they import statically.
 */
export function measurePages(outDir: string, pages: { page: string; file: string; routeChunk?: string }[]): PageAssets[] {
  const allJs = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  return pages.map(({ page, file, routeChunk }) => {
    const html = fs.readFileSync(path.join(outDir, file), 'utf8');
    const { js, css } = referencedFiles(html);
    const deferredCss = [...html.matchAll(FULL_STYLESHEET_LINK)].map((m) => m[1]!);
    const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m, i) => sizeOfText(`${file} <style> ${i + 1}`, m[1]!));
    const upFront = staticClosure(outDir, js);
    const appChunks = [...upFront].flatMap((chunk) => importsOf(outDir, chunk).dynamic.filter((f) => /\/start-app-/.test(f)));
    const routeChunks = routeChunk ? allJs.filter((f) => path.posix.basename(f).startsWith(`${routeChunk}-`)) : [];
    const afterInteraction = staticClosure(outDir, [...upFront, ...appChunks, ...routeChunks]);
    return {
      page,
      htmlBrotli: fs.existsSync(path.join(outDir, `${file}.br`)) ? fs.statSync(path.join(outDir, `${file}.br`)).size : 0,
      js: [...upFront].map((f) => sizeOf(outDir, f)),
      css: [...css.map((f) => sizeOf(outDir, f)), ...inlineCss],
      afterInteractionJs: [...afterInteraction].map((f) => sizeOf(outDir, f)),
      afterInteractionCss: deferredCss.map((f) => sizeOf(outDir, f)),
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** TCP's first window (10 segments of 1460 bytes) less about 240 bytes of response headers. */
export const FIRST_WINDOW_BYTES = 14_360;

export function formatPageAssets(pages: PageAssets[]): string {
  const lines = [
    'page                 HTML (brotli)   JS entry (raw / gzip)                CSS up front (raw / gzip)   with the app, after the first paint (gzip): JS, CSS',
  ];
  for (const { page, htmlBrotli, js, css, afterInteractionJs, afterInteractionCss } of pages) {
    const html = `${kb(htmlBrotli)}${htmlBrotli > FIRST_WINDOW_BYTES ? ' (!)' : ''}`;
    lines.push(
      `${page.padEnd(20)} ${html.padEnd(15)} ${`${kb(total(js, 'raw'))} / ${kb(total(js, 'gzip'))}`.padEnd(36)} ${`${kb(total(css, 'raw'))} / ${kb(total(css, 'gzip'))}`.padEnd(27)} ${kb(total(afterInteractionJs, 'gzip'))}, ${kb(total(afterInteractionCss, 'gzip'))}`,
    );
  }
  if (pages.some((page) => page.htmlBrotli > FIRST_WINDOW_BYTES)) {
    lines.push(
      `(!) over ${FIRST_WINDOW_BYTES} bytes: with the response headers, more than the first TCP window; on a phone its first paint waits one more round trip (decision 011).`,
    );
  }
  return lines.join('\n');
}
