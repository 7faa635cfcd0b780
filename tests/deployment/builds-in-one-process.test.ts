import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { scratchFolder } from '../support/scratch-folder';

/**
 * `npm run bench` builds the site several times in one process (the bundle suite, then each suite that serves the
 * site). Each production build prerenders its pages with a server renderer of its own; a module that renderer
 * shares with the previous build's (Node keeps every module it loaded for the life of the process) must not carry
 * what the previous build left in it into the next build's pages.
 */
describe('the production build, made twice in one process', () => {
  it('writes the same pages both times, the estimate form\'s sending toast included', async () => {
    Object.assign(process.env, {
      VITE_SUPABASE_URL: 'https://project.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'anon-key-placeholder-for-the-build-test',
      VITE_VISUALIZER_WEBHOOK_URL: 'https://processor.example.com/',
    });
    const builds: string[] = [];
    for (const name of ['first', 'second']) {
      const outDir = path.join(await scratchFolder(`flooring-site-${name}-build-`), 'site');
      await build({ root: PROJECT_ROOT, logLevel: 'error', envDir: false, build: { outDir, emptyOutDir: true, sourcemap: false } });
      builds.push(outDir);
    }
    const [first, second] = builds as [string, string];
    const files = (folder: string) => (fs.readdirSync(folder, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(folder, file)).isFile()).sort();
    expect(files(second)).toEqual(files(first));
    // The estimate form's pages carry the toast sonner drew in the build's window, and its stylesheet.
    const answers = files(first).filter((file) => file.startsWith('first-answers') && fs.readFileSync(path.join(first, file), 'utf8').includes('[data-sonner-toaster]'));
    expect(answers.length).toBeGreaterThan(0);
    for (const file of files(first)) {
      expect(fs.readFileSync(path.join(second, file)).equals(fs.readFileSync(path.join(first, file))), file).toBe(true);
    }
  }, 600_000);
});
