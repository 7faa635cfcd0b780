/**
 * Which commit of this repository a build was made from, written beside the site's pages (`build-stamp.json`) and the
 * services' compiled code, so that check:deployment can ask each what it serves and fail a site and a processor
 * built from different commits (a stale deploy of one of them: an older site stops reading its result at "completed"
 * and shows only the default wood a newer processor lays first; an older processor lays every wood before
 * "completed"). Node only: read by the builds, the processor and the check, never by a page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file's name, at the site's root and at the services' build root. */
export const BUILD_STAMP_FILE = 'build-stamp.json';

/** What a build says of its sources: their commit, `<commit>-modified` with uncommitted changes, or `unknown`. */
export interface BuildStamp {
  commit: string;
}

export const UNKNOWN_COMMIT = 'unknown';

/**
 * The commit variables hosts that build from a repository set for the build (Render, Railway, Netlify, Cloudflare
 * Pages, Vercel, GitHub Actions), read when the build has no .git to ask (a Docker build's context leaves it out).
 */
export const HOST_COMMIT_SETTINGS = [
  'RENDER_GIT_COMMIT',
  'RAILWAY_GIT_COMMIT_SHA',
  'COMMIT_REF',
  'CF_PAGES_COMMIT_SHA',
  'VERCEL_GIT_COMMIT_SHA',
  'GITHUB_SHA',
] as const;

const COMMIT = /^[0-9a-f]{7,40}(-modified)?$/;

/**
 * The commit of the checkout at `root`: SOURCE_COMMIT when set (`docker build --build-arg SOURCE_COMMIT=$(git
 * rev-parse HEAD)`), else git's HEAD, `-modified` when a tracked file differs from it, else a host's commit variable;
 * `unknown` without any.
 */
export function sourceCommit(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const given = env.SOURCE_COMMIT?.trim().toLowerCase();
  if (given) {
    if (!COMMIT.test(given))
      throw new Error(`SOURCE_COMMIT is "${env.SOURCE_COMMIT}", not a commit (7 to 40 hex digits)`);
    return given;
  }
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${head}-modified` : head;
  } catch {
    // No git, not a checkout, or a folder git will not read as this user: a host's variable, else not known.
    const fromHost = HOST_COMMIT_SETTINGS.map((name) => env[name]?.trim().toLowerCase()).find(
      (value) => value && COMMIT.test(value),
    );
    return fromHost ?? UNKNOWN_COMMIT;
  }
}

/**
 * The commit a service runs, from its main module's address (`<root>/<service>/src/main.{ts,js}`): compiled, only the
 * stamp build-services.ts wrote at the build's root, so a build left in a checkout never takes the checkout's later
 * HEAD for its own; run from the sources, the checkout's commit.
 */
export function serviceBuildCommit(mainModuleUrl: string): string {
  const main = fileURLToPath(mainModuleUrl);
  const root = path.join(path.dirname(main), '..', '..');
  return path.extname(main) === '.ts'
    ? sourceCommit(root)
    : (readBuildStamp(path.join(root, BUILD_STAMP_FILE))?.commit ?? UNKNOWN_COMMIT);
}

/** The stamp in `file`, or undefined when there is none (a build from before stamps, or run from the sources). */
export function readBuildStamp(file: string): BuildStamp | undefined {
  try {
    const stamp: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof stamp === 'object' && stamp !== null && typeof (stamp as BuildStamp).commit === 'string'
      ? { commit: (stamp as BuildStamp).commit }
      : undefined;
  } catch {
    return undefined;
  }
}
