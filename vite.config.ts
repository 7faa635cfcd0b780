import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { prerenderPlugin } from './scripts/prerender/prerender-plugin.ts';
import { checkSettings } from './src/config/settings.ts';

const CHECKED_SETTINGS_MODULE = fileURLToPath(new URL('./src/config/checked-settings.ts', import.meta.url));

/**
 * The browser's copy of src/config/checked-settings.ts: the build-time settings, checked here once (a bad one
 * stops the build or the dev server with zod's message), as a plain object. Every page's first screen shows the
 * business facts, and checking the same constants again in the browser would put zod (about 14 KB brotli) in
 * what a page loads before it is interactive (decision 013). Server-side code (the prerender) keeps the module.
 */
function checkedSettingsInTheBundle(): Plugin {
  let settings = '';
  return {
    name: 'checked-settings-in-the-bundle',
    configResolved(config) {
      settings = JSON.stringify(checkSettings(config.env));
    },
    load(id, options) {
      if (options?.ssr || id !== CHECKED_SETTINGS_MODULE) return undefined;
      return `export const checkedSettings = ${settings};\n`;
    },
  };
}

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** A source map's source as a path from the project's root; a package's from its `node_modules/` (linked or not). */
function sourceFromTheRoot(source: string, sourcemapPath: string): string {
  const absolute = path.resolve(path.dirname(sourcemapPath), source);
  const fromRoot = path.relative(ROOT, absolute);
  if (!fromRoot.startsWith('..') && !path.isAbsolute(fromRoot)) return fromRoot.split(path.sep).join('/');
  const packages = absolute.split(path.sep).join('/').indexOf('/node_modules/');
  return packages >= 0 ? absolute.split(path.sep).join('/').slice(packages + 1) : path.basename(absolute);
}

export default defineConfig({
  plugins: [react(), tailwindcss(), checkedSettingsInTheBundle(), prerenderPlugin()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
    },
  },
  // Only VITE_* reaches the bundle; SUPABASE_SERVICE_ROLE_KEY never has that prefix.
  envPrefix: 'VITE_',
  // Every browser that runs es2022 modules knows modulepreload: no polyfill in the entry.
  // The photo worker is bundled on its own, with its own output options: its map too names its sources from the root.
  worker: { rolldownOptions: { output: { sourcemapPathTransform: sourceFromTheRoot } } },
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    // lucide-react's icon modules make their component at the top level, in a call not marked pure; the site draws
    // icons from their data alone (src/components/ui/icon.tsx), so without this the components and lucide-react's
    // own renderer stay in the bundle unused.
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['createLucideIcon'] },
      // Each source map names its sources from the project's root (`src/…`, `node_modules/…`), not by the way from
      // the output folder to wherever the build ran: the published maps then say nothing of the build machine's
      // folders (a user name in /home/alice/…), and the same commit with the same settings builds the same bytes in
      // any folder, which is how check:deployment tells that a build folder is what a commit builds (decision 023).
      output: { sourcemapPathTransform: sourceFromTheRoot },
    },
  },
});
