/**
 * The page's own upload of a photo, made by the page's own code in Chromium (`preparePhoto`, src/features/visualizer/
 * utils/prepare-photo.ts): the browser's decoder, its canvas scaling and its JPEG encoder, which no Node library
 * copies exactly (Chromium's canvas scales with its own filter and encodes 4:2:0 below quality 1.0; decision 025).
 * `npm run eval:upload-size -- --browser` scores the floor from these bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../../tests/support/chromium-path.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const siteSources = path.join(repositoryRoot, 'src');

/** The page's function and its settings, bundled for a blank page (the site's `@/` imports resolved to src/). */
async function bundlePreparePhoto(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "export { preparePhoto } from '@/features/visualizer/utils/prepare-photo';\n" +
        "export { photoUpload } from '@/config/photo-upload';\n",
      resolveDir: repositoryRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'pageUpload',
    write: false,
    target: 'es2022',
    plugins: [
      {
        name: 'site-alias',
        setup(builder) {
          builder.onResolve({ filter: /^@\// }, ({ path: imported }) => {
            const base = path.join(siteSources, imported.slice(2));
            const file = ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find((candidate) => fs.existsSync(candidate));
            return file ? { path: file } : { errors: [{ text: `cannot resolve ${imported}` }] };
          });
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

const MIME_BY_EXTENSION: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

export type PageUploader = {
  /**
   * The bytes the page would send for this file (the data URL's content) at this longest side and encoder quality;
   * `options.format` encodes as another type than the page's (the canvas's own encoder, as `toBlob` would), and
   * `options.redrawAll` redraws a photo the page would send as stored (to read what the encoding does on every photo).
   */
  upload(
    bytes: Buffer,
    fileName: string,
    side: number,
    quality: number,
    options?: { format?: string; redrawAll?: boolean },
  ): Promise<{ bytes: Buffer; reencoded: boolean; type: string }>;
  close(): Promise<void>;
};

export async function startPageUploader(): Promise<PageUploader> {
  const script = await bundlePreparePhoto();
  const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  // A page at a localhost address, as the site is at an https one: a secure context, where the browser offers what
  // the page uses there (WebCodecs' ImageDecoder: the camera JPEG decoded near the copy's size, decision 043). A
  // blank page (about:blank) is not one, and its copy was made the other way. Answered here; no server.
  const address = 'http://localhost/page-upload';
  await page.route(address, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>page upload</title>' }),
  );
  await page.goto(address);
  if (!(await page.evaluate(() => isSecureContext))) throw new Error('the page upload needs a secure context');
  await page.addScriptTag({ content: script });
  return {
    async upload(bytes, fileName, side, quality, options = {}) {
      const type = MIME_BY_EXTENSION[path.extname(fileName).toLowerCase()] ?? '';
      const prepared = await page.evaluate(
        async ({ base64, name, mimeType, longestSide, jpegQuality, format, redrawAll }) => {
          const api = (globalThis as unknown as { pageUpload: typeof import('../../src/features/visualizer/utils/prepare-photo') & typeof import('../../src/config/photo-upload') }).pageUpload;
          // The settings object is the bundle's own (read-only only to TypeScript): set for this call, every field.
          (globalThis as unknown as { defaults?: object }).defaults ??= { ...api.photoUpload };
          Object.assign(api.photoUpload, (globalThis as unknown as { defaults: object }).defaults, {
            longestSidePx: longestSide,
            quality: jpegQuality,
            ...(format ? { format } : {}),
            ...(redrawAll ? { storedLongestSidePx: 0 } : {}),
          });
          const binary = atob(base64);
          const data = new Uint8Array(binary.length);
          for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
          const file = new File([data], name, { type: mimeType });
          return api.preparePhoto(file);
        },
        {
          base64: bytes.toString('base64'),
          name: fileName,
          mimeType: type,
          longestSide: side,
          jpegQuality: quality,
          format: options.format,
          redrawAll: options.redrawAll ?? false,
        },
      );
      const comma = prepared.dataUrl.indexOf(',');
      return {
        bytes: Buffer.from(prepared.dataUrl.slice(comma + 1), 'base64'),
        reencoded: prepared.reencoded,
        type: prepared.dataUrl.slice(5, prepared.dataUrl.indexOf(';')),
      };
    },
    close: () => browser.close(),
  };
}
