import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
    },
  },
  // Only VITE_* reaches the bundle; SUPABASE_SERVICE_ROLE_KEY never has that prefix.
  envPrefix: 'VITE_',
  build: { target: 'es2022', sourcemap: true },
});
