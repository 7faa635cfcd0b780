import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import type { Stack } from '../../local-stack/stack';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { findFreePort } from '../../local-stack/ports';
import { startThrowawayStack } from './throwaway-stack';

export type SiteUnderTest = { siteUrl: string; stack: Stack; buildDir: string; stop(): Promise<void> };

/**
 * The production build of the site (prerendered pages; an unknown path answers the 404 page with status 404),
 * served on a free port, talking to a throwaway stack: what end-to-end tests, screenshots and Lighthouse look at. The build gets the stack's settings exactly as a deploy gets
 * the hosted ones (VITE_* at build time).
 */
export async function startSiteUnderTest(
  options: {
    throttleMaxWrites?: number;
    log?: (line: string) => void;
    /** Origins the processor also accepts photos from (another address the same build is served on). */
    moreSiteOrigins?: string[];
    /** VITE_BUSINESS_* settings the site is built with (unset: the placeholders of src/config/settings.ts). */
    businessSettings?: Record<`VITE_BUSINESS_${string}`, string>;
    /** The e-mail worker's SITE_URL, where its e-mails' links lead (unset: the address the build is served on here). */
    emailSiteUrl?: string;
  } = {},
): Promise<SiteUnderTest> {
  const sitePort = await findFreePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-build-'));
  let stack: Stack;
  // Before the stack starts: its e-mail worker reads the business's facts too, as a deployment's does.
  Object.assign(process.env, options.businessSettings);
  try {
    stack = await startThrowawayStack({
      siteOrigins: [siteUrl, ...(options.moreSiteOrigins ?? [])],
      siteUrl: options.emailSiteUrl,
      throttleMaxWrites: options.throttleMaxWrites,
      log: options.log,
      removeIfOrphaned: [outDir],
    });
  } catch (error) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  try {
    Object.assign(process.env, {
      VITE_SUPABASE_URL: stack.url,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
      VITE_VISUALIZER_WEBHOOK_URL: stack.webhookUrl,
      // Canonical links and the sitemap name the address the site is really served on.
      VITE_SITE_URL: siteUrl,
      ...options.businessSettings,
    });
    // envFile false: the build must not read a developer's .env.local (it points at `npm start`'s stack). And as
    // `npm run build` makes it: under a test runner's NODE_ENV=test, Vite made React's development build, which
    // names this machine's folders in its scripts (check:deployment's rebuild of the commit is then not the same).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: PROJECT_ROOT, logLevel: 'error', envDir: false, build: { outDir, emptyOutDir: true } });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    const server = await preview({
      root: PROJECT_ROOT,
      logLevel: 'error',
      envDir: false,
      build: { outDir },
      preview: { host: '127.0.0.1', port: sitePort, strictPort: true },
    });
    return {
      siteUrl,
      stack,
      buildDir: outDir,
      async stop() {
        await server.close();
        await stack.stop();
        fs.rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stack.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
