/**
 * The page's bootstrap (src/app/page-bootstrap.ts) inlined in place of Vite's entry <script>: compiled and
 * minified here with Vite's own Oxc tools, called with the entry's URL. The entry then costs no request before
 * the first screen has painted (decision 011).
 */
import fs from 'node:fs';
import path from 'node:path';
import { minify, transformWithOxc } from 'vite';

const BOOTSTRAP_SOURCE = 'src/app/page-bootstrap.ts';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;

/** The minified bootstrap, as the body of an inline <script>, for the entry at `entryUrl`. */
export async function bootstrapScript(
  root: string,
  entryUrl: string,
  appChunks: string[] = [],
  hasMainImage = false,
): Promise<string> {
  const file = path.join(root, BOOTSTRAP_SOURCE);
  // A page with a main image waits for it, never for a paint entry: the minifier drops that code from its copy.
  const define = { WAIT_FOR_PRESENTATION: String(!hasMainImage) };
  const { code } = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { lang: 'ts', define });
  const body = code.replace(/^export /gm, '');
  const program = `(()=>{${body}\nbootstrapPage(${JSON.stringify(entryUrl)},${JSON.stringify(appChunks)})})()`;
  const minified = await minify('page-bootstrap.js', program, { compress: true, mangle: true });
  if (minified.errors.length)
    throw new Error(`Minifying ${BOOTSTRAP_SOURCE}: ${minified.errors.map((error) => error.message).join('; ')}`);
  return minified.code.trim();
}

/** The URL of the page's entry script, as Vite wrote it into the page. */
export function entryUrlOf(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('The built page has no entry <script type="module"> to replace');
  return entry[1]!;
}

/**
 * The page with Vite's entry <script> replaced by the inlined bootstrap at the end of <body>, which fetches the
 * entry and `appChunks` together.
 */
export async function inlineBootstrap(html: string, root: string, appChunks: string[] = []): Promise<string> {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('The built page has no entry <script type="module"> to replace');
  // React writes the attribute as fetchPriority; HTML ignores the case, as querySelector does.
  const hasMainImage = /<img\b[^>]*\bfetchpriority="high"/i.test(html);
  const script = `<script data-entry="${entry[1]!}">${await bootstrapScript(root, entry[1]!, appChunks, hasMainImage)}</script>`;
  return html.replace(entry[0], '').replace('</body>', () => `${script}</body>`);
}
