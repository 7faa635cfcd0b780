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
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    // lucide-react's icon modules make their component at the top level, in a call not marked pure; the site draws
    // icons from their data alone (src/components/ui/icon.tsx), so without this the components and lucide-react's
    // own renderer stay in the bundle unused.
    rolldownOptions: { treeshake: { manualPureFunctions: ['createLucideIcon'] } },
  },
});
