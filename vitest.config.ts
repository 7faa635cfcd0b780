import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts'],
          setupFiles: ['./src/testing/setup-tests.ts'],
          restoreMocks: true,
          // A guard against a hung test, not a speed check (speed is `npm run bench`'s): the visualizer's result-step
          // tests take 1-2 s each in jsdom on a quiet machine, and far more when the 2 cores are shared: 11 s at load
          // 15 in turn, 16 s at load 13 for a file's first test (its lazy chunks cold), where 20 s was the limit; at
          // load 20-38 (seven helpers' evaluations and builds) 35-41 s, where 40 s was.
          testTimeout: 120_000,
          env: {
            VITE_SUPABASE_URL: 'http://supabase.test',
            VITE_SUPABASE_ANON_KEY: 'test-anon-key-0123456789abcdef',
            VITE_VISUALIZER_WEBHOOK_URL: 'http://supabase.test/functions/v1/floor-visualizer',
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'processor',
          environment: 'node',
          include: ['visualizer-processor/**/*.test.ts', 'local-stack/**/*.test.ts', 'email-worker/**/*.test.ts', 'job-queue/**/*.test.ts', 'visitor-data/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['./tests/fail-on-console-error.ts'],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['./tests/integration/global-setup.ts'],
          setupFiles: ['./tests/fail-on-console-error.ts'],
          // One stack for the run; files share it and some change its throttle settings, so run them in turn.
          fileParallelism: false,
          // A guard against a hung test, not a speed check: every test here works against the real stack, many start
          // the project's commands (tsx, seconds each when the cores are shared) and wait up to 60 s for named
          // outcomes. At load 11-14 data:forget's test took 22 s and five more 12-14 s; the slowest carry 180 s.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The deploy checks: each file starts what it needs (a production install, a Supabase-shaped database).
          name: 'deployment',
          environment: 'node',
          include: ['tests/deployment/**/*.test.ts'],
          setupFiles: ['./tests/fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
