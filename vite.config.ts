import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './scripts/prerender/prerender-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPlugin()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
    },
  },
  // Only VITE_* reaches the bundle; SUPABASE_SERVICE_ROLE_KEY never has that prefix.
  envPrefix: 'VITE_',
  // Every browser that runs es2022 modules knows modulepreload: no polyfill in the entry.
  build: { target: 'es2022', sourcemap: true, modulePreload: { polyfill: false } },
});
