/**
 * Prerendering, as part of every production build (`npm run build`, `npm run preview`, the end-to-end site and
 * the benchmarks all build through Vite): once the browser bundle is written, an SSR build of
 * src/app/render-page.tsx renders each page with React Router's static handler, and the HTML goes out as
 * index.html, realtors.html, ... and 404.html, with sitemap.xml, robots.txt and the web manifest beside them.
 * Then it prints what each page loads and fails the build when the home page is over its JavaScript budget.
 *
 * The preview server gets the same shape a static host has: /realtors serves realtors.html, a path that is no
 * page answers 404.html with status 404, and text files go out as their brotli copies (precompressed-files.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { BUILD_STAMP_FILE, sourceCommit } from '../../contracts/build-stamp.ts';
import { inlineCriticalCss, readStylesheets } from './critical-css.ts';
import { inABrowserWindow } from './browser-window.ts';
import { firstAnswersFile, firstAnswersFileOf, markedButtons, type SendingToast } from './first-answers.ts';
import { entryUrlOf, inlineBootstrap } from './inline-bootstrap.ts';
import { appChunksToPreload, FIRST_WINDOW_BYTES, formatPageAssets, measurePages, total } from './page-assets.ts';
import { brotli, sendPrecompressed, writeBrotliCopies } from './precompressed-files.ts';

/** Issue 9: the home page's JavaScript up front, gzipped. */
export const HOME_JS_BUDGET_BYTES = 90 * 1024;

const SERVER_ENTRY = 'src/app/render-page.tsx';

type RenderModule = {
  renderPage(path: string): Promise<{ html: string; status: number; opensAtTop: boolean }>;
  renderFirstAnswers(path: string): Promise<{ answeredPage: string; slides: string[]; guideDialog: string }>;
  renderSendingToast(): Promise<SendingToast>;
  sitePaths: readonly string[];
  NOT_FOUND_PATH: string;
  sitemapXml(): string;
  robotsTxt(): string;
  webManifest(): string;
};

/** '/' -> index.html, '/realtors' -> realtors.html: what static hosts (and the preview server) serve for a path. */
export function pageFile(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.replace(/^\/|\/$/g, '')}.html`;
}

/** The file name prefix of a page's lazily loaded route chunk ('/realtors' -> 'realtors'); home and 404 have none. */
function routeChunkOf(pagePath: string, file: string): string | undefined {
  return pagePath === '/' || file === '404.html' ? undefined : pagePath.slice(1);
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'flooring-site:prerender',
    apply: (_config, env) => env.isPreview === true || (env.command === 'build' && !env.isSsrBuild),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build') return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const { render, dispose } = await buildServerRenderer(config);
      const pages = [
        ...render.sitePaths.map((pagePath) => ({ pagePath, file: pageFile(pagePath) })),
        { pagePath: render.NOT_FOUND_PATH, file: '404.html' },
      ];
      try {
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const stylesheets = readStylesheets(template, outDir);
        let sendingToast: SendingToast | undefined;
        for (const { pagePath, file } of pages) {
          const { html, status, opensAtTop } = await render.renderPage(pagePath);
          if (status !== 200) throw new Error(`Prerendering ${pagePath} answered ${status}`);
          const page = fillTemplate(template, html, { opensAtTop });
          const withCss = await inlineCriticalCss(page, stylesheets);
          const appChunks = appChunksToPreload(outDir, entryUrlOf(template), routeChunkOf(pagePath, file));
          fs.writeFileSync(path.join(outDir, file), await fitFirstWindow(withCss, config.root, appChunks));
          const { answeredPage, slides, guideDialog } = await render.renderFirstAnswers(pagePath);
          // Drawn once, for the pages with the estimate form, in a DOM of the build's own (sonner draws in a browser only).
          if (markedButtons(answeredPage).byKind.has('sending-toast')) sendingToast ??= await inABrowserWindow(() => render.renderSendingToast());
          const answers = firstAnswersFile(answeredPage, guideDialog, slides, sendingToast);
          if (answers) {
            fs.mkdirSync(path.dirname(path.join(outDir, firstAnswersFileOf(file))), { recursive: true });
            fs.writeFileSync(path.join(outDir, firstAnswersFileOf(file)), answers);
          }
        }
        fs.writeFileSync(path.join(outDir, 'sitemap.xml'), render.sitemapXml());
        fs.writeFileSync(path.join(outDir, 'robots.txt'), render.robotsTxt());
        fs.writeFileSync(path.join(outDir, 'site.webmanifest'), render.webManifest());
      } finally {
        dispose();
      }
      writeBrotliCopies(outDir);
      // The commit the site is built from, and the entry its pages start (check:deployment compares the commit with
      // the processor's, and the entry with the pages', so a stamp cached apart from its pages is seen). And what
      // else decides the build's bytes, so check:deployment can build the commit again and hold a build folder to it
      // (a folder copied from the host is not the build: decision 023, session 29). The settings publish nothing:
      // the bundle already holds every VITE_ value (import.meta.env whole, src/lib/env.ts).
      const entry = /\sdata-entry="([^"]+)"/.exec(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1];
      const settings = Object.fromEntries(
        Object.entries(config.env)
          .filter(([name, value]) => name.startsWith('VITE_') && typeof value === 'string')
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      const stamp = { commit: sourceCommit(config.root), entry, mode: config.mode, nodeEnv: process.env.NODE_ENV, settings };
      fs.writeFileSync(path.join(outDir, BUILD_STAMP_FILE), JSON.stringify(stamp) + '\n');

      const measured = measurePages(
        outDir,
        pages.map(({ pagePath, file }) => ({
          page: file === '404.html' ? '404' : pagePath,
          file,
          routeChunk: routeChunkOf(pagePath, file),
        })),
      );
      config.logger.info(`\nWhat each prerendered page loads:\n${formatPageAssets(measured)}\n`);
      const home = measured.find((page) => page.page === '/');
      const homeGzip = home ? total(home.js, 'gzip') : 0;
      if (homeGzip > HOME_JS_BUDGET_BYTES) {
        throw new Error(
          `The home page loads ${(homeGzip / 1024).toFixed(1)} KB of JavaScript (gzip) up front; the budget is ${HOME_JS_BUDGET_BYTES / 1024} KB`,
        );
      }
    },
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      // Before Vite's own middlewares: a path with no page gets the 404 page and its status, as on a static host.
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://preview.local').pathname);
        } catch {
          return next();
        }
        const inBuild = (file: string) => {
          const resolved = path.join(outDir, file);
          return resolved.startsWith(outDir + path.sep) && fs.existsSync(resolved) ? resolved : undefined;
        };
        const file = path.extname(pathname) ? inBuild(pathname) : inBuild(pageFile(pathname));
        if (file) return sendPrecompressed(req, res, file) ? undefined : next();
        if (path.extname(pathname)) return next();
        const notFound = path.join(outDir, '404.html');
        if (sendPrecompressed(req, res, notFound, 404)) return;
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(notFound));
      });
    },
  };
}

/**
 * The page with its bootstrap, which fetches `appChunks` (largest first) with the entry. Their names are bytes in
 * the page's first round trip: a page that fits the first TCP window without them but not with them (the home page
 * has a few dozen bytes to spare) names fewer, the smallest going first, or none (decisions 011 and 013).
 */
async function fitFirstWindow(page: string, root: string, appChunks: string[]): Promise<string> {
  const fits = (html: string) => brotli(Buffer.from(html)).length <= FIRST_WINDOW_BYTES;
  let chunks = appChunks;
  let html = await inlineBootstrap(page, root, chunks);
  if (fits(html) || !fits(await inlineBootstrap(page, root, []))) return html;
  while (chunks.length > 0 && !fits(html)) {
    chunks = chunks.slice(0, -1);
    html = await inlineBootstrap(page, root, chunks);
  }
  return html;
}

/**
 * The built index.html with the page in #root. React 19 puts a page's <title>, <meta> and <link> tags first in
 * its output; they move into <head> (replacing the template's title), where hydration finds them.
 */
function fillTemplate(template: string, html: string, options: { opensAtTop: boolean }): string {
  const headTags: string[] = [];
  let body = html;
  for (;;) {
    const match = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/.exec(body);
    if (!match) break;
    headTags.push(match[0]);
    body = body.slice(match[0].length);
  }
  const rootTag = `<div id="root"${options.opensAtTop ? ' data-opens-at-top' : ''}>`;
  return template
    .replace(/<title>[^<]*<\/title>/, headTags.join('\n    '))
    .replace('<div id="root"></div>', `${rootTag}${body}</div>`);
}

/** Builds the server entry into a folder inside the project (so its imports resolve from node_modules) and loads it. */
async function buildServerRenderer(config: ResolvedConfig): Promise<{ render: RenderModule; dispose(): void }> {
  const cacheDir = path.join(config.root, 'node_modules', '.cache', 'flooring-site-prerender');
  fs.mkdirSync(cacheDir, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cacheDir, 'build-'));
  const dispose = () => fs.rmSync(outDir, { recursive: true, force: true });
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      envDir: config.envDir,
      logLevel: 'warn',
      // sonner goes into this build's renderer instead of being imported from node_modules: Node keeps a module for
      // the life of the process, and sonner adds its stylesheet to the document there when it loads (and keeps its
      // toasts and their ids). Imported, a second build in the same process (`npm run bench` builds the site once per
      // suite) got the module the first build loaded in its own window, long closed: no stylesheet in the new one.
      ssr: { noExternal: ['sonner'] },
      build: { ssr: SERVER_ENTRY, outDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false, minify: false },
    });
    const entry = fs.readdirSync(outDir).find((file) => /^render-page\.(m?js)$/.test(file));
    if (!entry) throw new Error(`The server build of ${SERVER_ENTRY} wrote no render-page.js`);
    return { render: (await import(pathToFileURL(path.join(outDir, entry)).href)) as RenderModule, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
