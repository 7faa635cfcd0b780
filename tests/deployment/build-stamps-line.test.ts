import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuildStamp, sourceCommit } from '../../contracts/build-stamp';
import {
  buildStampsOutcome,
  checkoutOutcome,
  gitHistory,
  type CheckoutHistory,
} from '../../scripts/check-deployment/build-stamps';

/**
 * check:deployment's "site and processor built from one commit" (check-deployment.test.ts runs it against the real site
 * and processor, and a host serving another commit's stamp), and the commit a build records.
 */
const A = '0123456789abcdef0123456789abcdef01234567';
const B = 'fedcba9876543210fedcba9876543210fedcba98';
const ENTRY = '/assets/index-Build1.js';

describe("check:deployment's build stamps line", () => {
  it('is ok when the site and the processor say one commit, and the stamp is of the pages served', () => {
    expect(buildStampsOutcome({ commit: A, entry: ENTRY }, A, ENTRY)).toEqual({
      ok: true,
      detail: 'both built from 0123456789ab',
    });
  });

  it('fails a site and a processor built from different commits, naming both', () => {
    expect(buildStampsOutcome({ commit: A, entry: ENTRY }, B, ENTRY)).toEqual({
      ok: false,
      detail:
        'the site is built from 0123456789ab and the processor from fedcba987654: one of them is a stale deploy, and they disagree on what a render holds; build both from one commit and deploy both',
    });
    expect(buildStampsOutcome({ commit: `${A}-modified`, entry: ENTRY }, A, ENTRY)).toEqual({
      ok: false,
      detail:
        'the site and the processor are built from 0123456789ab, but the site with uncommitted changes: they are not known to be the same sources; commit the changes and build both from that commit',
    });
  });

  it('fails when only one of them says its commit: the other is from before build stamps', () => {
    expect(buildStampsOutcome(undefined, A, ENTRY)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^the processor is built from 0123456789ab, but the site serves no \/build-stamp\.json/,
      ),
    });
    expect(buildStampsOutcome({ commit: A, entry: ENTRY }, undefined, ENTRY)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^the site is built from 0123456789ab, but the processor's \/healthz names no build/,
      ),
    });
  });

  it('fails a stamp of another build than the pages (a CDN that kept one of them), whatever it says', () => {
    expect(buildStampsOutcome({ commit: A, entry: '/assets/index-0ld.js' }, A, ENTRY)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^\/build-stamp\.json names the entry \/assets\/index-0ld\.js, but the pages start \/assets\/index-Build1\.js/,
      ),
    });
  });

  it('fails, never skips, when neither says or either was built where its commit was not known: the build left it out, not this machine', () => {
    expect(buildStampsOutcome(undefined, undefined, ENTRY)).toEqual({
      ok: false,
      detail: expect.stringMatching(
        /^neither the site \(\/build-stamp\.json\) nor the processor \(\/healthz\) says which commit it is built from: both are from a version before build stamps, older than this check/,
      ),
    });
    expect(buildStampsOutcome({ commit: 'unknown', entry: ENTRY }, 'unknown', ENTRY)).toEqual({
      ok: false,
      detail: expect.stringMatching(
        /^the site and the processor were built where its commit was not known .*: a stale deploy built so passes unseen; /,
      ),
    });
    // An image built without --build-arg SOURCE_COMMIT beside a site built in a checkout: a stale processor hid here.
    expect(buildStampsOutcome({ commit: A, entry: ENTRY }, 'unknown', ENTRY)).toEqual({
      ok: false,
      detail: expect.stringMatching(
        /^the processor was built where its commit was not known .*docker build --build-arg SOURCE_COMMIT=\$\(git rev-parse HEAD\)/,
      ),
    });
  });
});

describe('the checkout the check runs from, against the deployed commit', () => {
  const B = 'fedcba9876543210fedcba9876543210fedcba98';
  /** A history where HEAD contains `ancestors`, and the commits since each change `files`. */
  const history = (ancestors: string[], files: string[] = [], commits = 1): CheckoutHistory => ({
    contains: (commit) => ancestors.includes(commit),
    changesSince: (commit) => (ancestors.includes(commit) ? { commits, files } : undefined),
  });

  it('passes the deployed commit, with or without local changes', () => {
    expect(checkoutOutcome(A, A, history([]))).toEqual({
      ok: true,
      detail: 'the check runs from the deployed commit, 0123456789ab',
    });
    expect(checkoutOutcome(A, `${A}-modified`, history([])).ok).toBe(true);
    expect(checkoutOutcome(`${A}-modified`, A, history([])).ok).toBe(true);
  });

  it('passes a later checkout whose commits since change no deployed file: docs, tests, the check itself', () => {
    const notDeployed = [
      'docs/decisions/023-a-deployment-check-with-real-rows.md',
      'README.md',
      'tests/deployment/check-deployment.test.ts',
      'src/app/deployed-pages.test.ts',
      'e2e/visualizer.spec.ts',
      'scripts/check-deployment/main.ts',
      'bench/run.ts',
    ];
    expect(checkoutOutcome(A, B, history([A], notDeployed, 3))).toEqual({
      ok: true,
      detail:
        'this checkout (fedcba987654) is 3 commit(s) later than the deployed commit 0123456789ab, and they change nothing that is deployed (only docs, tests or the check itself)',
    });
  });

  it('fails a deployment older than the checkout, whose commits since change what is deployed: a deploy that did not reach the host', () => {
    const files = [
      'docs/x.md',
      'src/features/contact/contact-form.tsx',
      'supabase/migrations/20261201000001_x.sql',
      'visualizer-processor/src/main.ts',
      'scripts/build-services.ts',
    ];
    expect(checkoutOutcome(A, B, history([A], files, 2))).toEqual({
      ok: false,
      detail:
        'the site and the processor are built from 0123456789ab, 2 commit(s) older than this checkout (fedcba987654), whose changes since (src/features/contact/contact-form.tsx, supabase/migrations/20261201000001_x.sql, visualizer-processor/src/main.ts and 1 more) are not deployed: a deploy that did not reach the host (a failed build, a service not redeployed, another site uploaded to), so every line above judged the earlier version; deploy fedcba987654 to both, or, to check 0123456789ab as it is, run the check from a checkout of it (git checkout 0123456789ab)',
    });
    // One deployed file is enough; a file the list does not know counts as deployed.
    expect(checkoutOutcome(A, B, history([A], ['docs/a.md', 'package-lock.json'])).ok).toBe(false);
    expect(checkoutOutcome(A, B, history([A], ['public/robots.txt'])).ok).toBe(false);
    // git that cannot say what changed is not a pass either.
    expect(checkoutOutcome(A, B, { contains: () => true, changesSince: () => undefined })).toMatchObject({
      ok: false,
      skipped: true,
    });
  });

  it('says not checked, never ok, from a checkout older than the deployment or without git: its lines may lack the ones added since', () => {
    // An older checkout does not know a later commit (not fetched) or does not contain it.
    expect(checkoutOutcome(B, A, { contains: () => undefined, changesSince: () => undefined })).toEqual({
      ok: false,
      skipped: true,
      detail: expect.stringMatching(
        /^this checkout \(0123456789ab\) does not know the deployed commit fedcba987654: the check may be older than the deployment/,
      ),
    });
    expect(checkoutOutcome(B, A, history([]))).toMatchObject({
      ok: false,
      skipped: true,
      detail: expect.stringMatching(/does not contain the deployed commit fedcba987654/),
    });
    expect(checkoutOutcome(A, 'unknown', history([A]))).toMatchObject({ ok: false, skipped: true });
    expect(checkoutOutcome(undefined, A, history([A]))).toMatchObject({ ok: false, skipped: true });
  });
});

describe('the commit a build records', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', scratch, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      encoding: 'utf8',
    }).trim();

  it("is git's HEAD, -modified while a tracked file differs from it, and outside a checkout a host's commit variable, else unknown", () => {
    expect(sourceCommit(scratch, {})).toBe('unknown');
    expect(sourceCommit(scratch, { RENDER_GIT_COMMIT: B })).toBe(B);
    expect(sourceCommit(scratch, { COMMIT_REF: 'not a commit' })).toBe('unknown');
    git('init', '-q');
    fs.writeFileSync(path.join(scratch, 'a.txt'), 'one');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'one');
    const head = git('rev-parse', 'HEAD');
    expect(sourceCommit(scratch, {})).toBe(head);
    // The files built are the checkout's: its own HEAD wins over a host's variable.
    expect(sourceCommit(scratch, { RENDER_GIT_COMMIT: B })).toBe(head);
    // An untracked file is not a change to what is built from the commit's files...
    fs.writeFileSync(path.join(scratch, 'notes.txt'), 'scratch');
    expect(sourceCommit(scratch, {})).toBe(head);
    // ...a tracked one is.
    fs.writeFileSync(path.join(scratch, 'a.txt'), 'two');
    expect(sourceCommit(scratch, {})).toBe(`${head}-modified`);
  });

  it("is read by the check's history: which commits HEAD contains, and what the commits since one changed", () => {
    const first = git('rev-parse', 'HEAD');
    fs.writeFileSync(path.join(scratch, 'a.txt'), 'two');
    fs.mkdirSync(path.join(scratch, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(scratch, 'docs', 'b.md'), 'words');
    git('add', 'a.txt', 'docs/b.md');
    git('commit', '-q', '-m', 'two');
    git('commit', '-q', '--allow-empty', '-m', 'three');
    const later = gitHistory(scratch);
    expect(later.contains(first)).toBe(true);
    expect(later.changesSince(first)).toEqual({ commits: 2, files: ['a.txt', 'docs/b.md'] });
    // A commit git does not know: not fetched, or of another repository.
    expect(later.contains(A)).toBeUndefined();
    expect(later.changesSince(A)).toBeUndefined();
    const last = git('rev-parse', 'HEAD');
    // A checkout older than the deployed commit: HEAD does not contain it.
    git('checkout', '-q', first);
    expect(gitHistory(scratch).contains(last)).toBe(false);
  });

  it('is SOURCE_COMMIT when given (a Docker build has no .git), and refuses one that is no commit', () => {
    expect(sourceCommit(scratch, { SOURCE_COMMIT: ` ${A.toUpperCase()} ` })).toBe(A);
    expect(() => sourceCommit(scratch, { SOURCE_COMMIT: 'main' })).toThrow('SOURCE_COMMIT is "main", not a commit');
  });

  it('reads back a stamp file, and nothing from a missing or foreign one', () => {
    fs.writeFileSync(path.join(scratch, 'stamp.json'), JSON.stringify({ commit: A, entry: ENTRY }));
    fs.writeFileSync(path.join(scratch, 'other.json'), JSON.stringify({ version: 1 }));
    expect(readBuildStamp(path.join(scratch, 'stamp.json'))).toEqual({ commit: A });
    expect(readBuildStamp(path.join(scratch, 'other.json'))).toBeUndefined();
    expect(readBuildStamp(path.join(scratch, 'missing.json'))).toBeUndefined();
  });
});
