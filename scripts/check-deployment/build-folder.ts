/**
 * The line "build folder is what its commit builds" (decision 023, session 29). Every line that holds the host to the
 * build (its pages' scripts, their bytes, what the pages run) compares the host with the folder `--build-dir` names;
 * a folder downloaded from the host itself (a mirror made "to be sure", a hacked host's files copied back) made them
 * compare the host with itself, and a hacked script passed. The folder is now held to the repository: its
 * `build-stamp.json` says the commit and the settings it was built with (all public: Vite writes every `VITE_` value
 * into the bundle), the check builds that commit with those settings in a folder of its own, from this checkout's
 * git objects and packages, and every file of the folder must be the rebuild's, byte for byte, with none more or less.
 * The build writes the same bytes in any folder (vite.config.ts names the maps' sources from the root), so only the
 * sources, the settings and the packages decide them.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_STAMP_FILE, UNKNOWN_COMMIT } from '../../contracts/build-stamp.ts';
import type { Outcome } from './test-rows.ts';

/** What a build's stamp says of how it was made (prerender-plugin.ts writes it). */
export type FolderStamp = { commit: string; mode: string; nodeEnv?: string; settings: Record<string, string> };

/** Each file of a folder (path from the folder, `/`-separated) and its bytes' sha256. */
export type FolderFiles = Map<string, string>;

const short = (commit: string) => commit.replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1');

/** The stamp in `folder`, or why there is none the check can rebuild from. */
export function folderStampOf(folder: string): FolderStamp | string {
  let stamp: unknown;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(folder, BUILD_STAMP_FILE), 'utf8'));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${folder}/ has no ${BUILD_STAMP_FILE}` : `${folder}/${BUILD_STAMP_FILE} is not a build's stamp`;
  }
  const { commit, mode, nodeEnv, settings } = (stamp ?? {}) as Partial<FolderStamp>;
  if (typeof commit !== 'string') return `${folder}/${BUILD_STAMP_FILE} names no commit`;
  if (typeof mode !== 'string' || typeof settings !== 'object' || settings === null || Object.values(settings).some((value) => typeof value !== 'string')) {
    return `${folder}/${BUILD_STAMP_FILE} does not say the settings it was built with (a build from before session 29)`;
  }
  return { commit, mode, ...(typeof nodeEnv === 'string' ? { nodeEnv } : {}), settings };
}

/** Every file under `folder`, dotfiles included, with its sha256. */
export function filesOf(folder: string): FolderFiles {
  const files: FolderFiles = new Map();
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink() && !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    files.set(path.relative(folder, file).split(path.sep).join('/'), createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
  }
  return files;
}

/** The files that differ between a folder and the rebuild: changed, missing from the folder, or the folder's only. */
export function differencesOf(folder: FolderFiles, rebuilt: FolderFiles): { changed: string[]; missing: string[]; extra: string[] } {
  const sorted = (names: Iterable<string>) => [...names].sort();
  return {
    changed: sorted([...folder.keys()].filter((name) => rebuilt.has(name) && rebuilt.get(name) !== folder.get(name))),
    missing: sorted([...rebuilt.keys()].filter((name) => !folder.has(name))),
    extra: sorted([...folder.keys()].filter((name) => !rebuilt.has(name))),
  };
}

const listed = (names: string[]) => `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;

/** The line's outcome, from the folder's files and the rebuild's (or why there is no rebuild). */
export function buildFolderOutcome(
  folder: string,
  stamp: FolderStamp | string,
  rebuild: { files: FolderFiles; how: string } | { skipped: string } | { failed: string },
  folderFiles?: FolderFiles,
): Outcome & { skipped?: boolean } {
  if (typeof stamp === 'string') {
    return {
      ok: false,
      detail: `${stamp}, so what it holds is not known to be any commit's build, and the lines that hold the host to it would hold it to whatever the folder holds (a copy downloaded from the host passes them all); build the site from this checkout (npm run build) and name its dist/ with --build-dir`,
    };
  }
  if ('skipped' in rebuild) return { ok: false, skipped: true, detail: rebuild.skipped };
  if ('failed' in rebuild) return { ok: false, detail: rebuild.failed };
  const { changed, missing, extra } = differencesOf(folderFiles ?? new Map(), rebuild.files);
  const built = `${short(stamp.commit)}${stamp.commit.endsWith('-modified') ? ' (this checkout\'s uncommitted changes included)' : ''} with the ${Object.keys(stamp.settings).length} settings its stamp names`;
  if (changed.length + missing.length + extra.length === 0) {
    return { ok: true, detail: `${folder}/ is byte for byte the build of ${built}: its ${rebuild.files.size} files, none more or less (${rebuild.how})` };
  }
  const said = [
    changed.length > 0 && `${listed(changed)} ${changed.length === 1 ? 'differs' : 'differ'}`,
    missing.length > 0 && `${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`,
    extra.length > 0 && `${listed(extra)} ${extra.length === 1 ? 'is' : 'are'} not the build's`,
  ].filter(Boolean);
  return {
    ok: false,
    detail: `${folder}/ is not the build of ${built}: ${said.join('; ')} (${rebuild.how}): a folder downloaded from the host, or changed after the build, makes the lines below compare the host with itself; build the site from the commit (npm run build) and name that dist/ with --build-dir`,
  };
}

/** Where rebuilds' file lists are kept, by what decides their bytes: a second run of the check builds nothing. */
function keptRebuildsOf(checkoutRoot: string): string {
  return path.join(checkoutRoot, 'node_modules', '.cache', 'check-deployment', 'rebuilds');
}

/**
 * Builds the commit the stamp names, with its settings, in a folder of its own, and lists the files it writes.
 * `<commit>-modified` is rebuilt only when this checkout is that commit with uncommitted changes (its tracked files
 * as they are, `git stash create`): no commit holds those changes. The packages are this checkout's, linked in; a
 * commit whose package-lock.json differs from the checkout's would build with other packages, and is not rebuilt.
 */
export async function rebuildOf(
  checkoutRoot: string,
  stamp: FolderStamp,
  checkoutCommit: string,
  log: (line: string) => void = () => {},
): Promise<{ files: FolderFiles; how: string } | { skipped: string } | { failed: string }> {
  const git = (...args: string[]) => execFileSync('git', ['-C', checkoutRoot, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
  if (stamp.commit === UNKNOWN_COMMIT) {
    return { failed: `the folder's stamp names no commit (built where git was not, with no SOURCE_COMMIT), so no commit's build can be made to compare it with; build the site from a git checkout` };
  }
  // Vite builds React's development build under any NODE_ENV but production (a build run from a test runner, a
  // shell with NODE_ENV=development): slower for every visitor, and its scripts name each source by the build
  // machine's own path, so no other folder builds the same bytes (session 29).
  if (stamp.nodeEnv !== undefined && stamp.nodeEnv !== 'production') {
    return {
      failed: `the folder was built with NODE_ENV=${stamp.nodeEnv}, which makes React's development build (slower on every visitor's phone, and naming the build machine's folders in its scripts), so no build elsewhere is the same and what it holds cannot be held to its commit; build with NODE_ENV unset or production (npm run build)`,
    };
  }
  let treeish: string;
  if (stamp.commit.endsWith('-modified')) {
    if (stamp.commit !== checkoutCommit) {
      return {
        failed: `the folder was built from ${short(stamp.commit.replace(/-modified$/, ''))} with uncommitted changes that ${checkoutCommit.replace(/-modified$/, '') === stamp.commit.replace(/-modified$/, '') ? 'this checkout no longer has' : 'no commit holds'}, so what it should hold is not known; commit the changes, build from the commit and deploy that`,
      };
    }
    try {
      treeish = git('stash', 'create').trim() || 'HEAD';
    } catch {
      return { skipped: 'git could not record this checkout\'s uncommitted changes (git stash create), so the folder could not be rebuilt' };
    }
  } else {
    try {
      git('cat-file', '-e', `${stamp.commit}^{commit}`);
      treeish = stamp.commit;
    } catch {
      return { skipped: `this checkout does not have the commit ${short(stamp.commit)} the folder names, so it cannot build it to compare; git fetch (or run the check from a clone that has it)` };
    }
  }
  let tree: string;
  try {
    tree = git('rev-parse', `${treeish}^{tree}`).trim();
  } catch {
    return { skipped: `git could not read the tree of ${short(stamp.commit)}` };
  }
  const lockHere = fs.existsSync(path.join(checkoutRoot, 'package-lock.json')) ? fs.readFileSync(path.join(checkoutRoot, 'package-lock.json'), 'utf8') : '';
  let lockThere: string;
  try {
    lockThere = git('show', `${treeish}:package-lock.json`);
  } catch {
    lockThere = '';
  }
  if (lockThere !== lockHere) {
    return { skipped: `${short(stamp.commit)}'s package-lock.json is not this checkout's, so a build here would use other packages than the commit's; run the check from a checkout of ${short(stamp.commit)} after npm ci` };
  }
  const key = createHash('sha256')
    .update(JSON.stringify({ tree, commit: stamp.commit, mode: stamp.mode, nodeEnv: stamp.nodeEnv, settings: stamp.settings, lock: createHash('sha256').update(lockHere).digest('hex'), node: process.version }))
    .digest('hex');
  const kept = path.join(keptRebuildsOf(checkoutRoot), `${key}.json`);
  try {
    const files = new Map(Object.entries(JSON.parse(fs.readFileSync(kept, 'utf8')) as Record<string, string>));
    return { files, how: `compared with the rebuild kept in ${path.relative(checkoutRoot, kept)}` };
  } catch {
    // Not kept yet: build it.
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deployment-rebuild-'));
  const [root, out] = [path.join(scratch, 'src'), path.join(scratch, 'out')];
  const started = Date.now();
  try {
    fs.mkdirSync(root);
    execFileSync('sh', ['-c', `git -C "$1" archive "$2" | tar -x -C "$3"`, 'sh', checkoutRoot, treeish, root], { stdio: ['ignore', 'ignore', 'pipe'] });
    // Inside the build's root, as in a checkout: packages reached through a link outside it get other module ids,
    // and the bundler splits the chunks otherwise. Hard links cost no copy; another file system gets a copy.
    try {
      execFileSync('cp', ['-al', path.join(checkoutRoot, 'node_modules'), path.join(root, 'node_modules')], { stdio: 'ignore' });
    } catch {
      fs.rmSync(path.join(root, 'node_modules'), { recursive: true, force: true });
      fs.cpSync(path.join(checkoutRoot, 'node_modules'), path.join(root, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    }
    fs.rmSync(path.join(root, 'node_modules', '.cache'), { recursive: true, force: true });
    log(`... building ${short(stamp.commit)} to compare ${BUILD_STAMP_FILE}'s folder with (once per commit and settings)`);
    // Only what the stamp says: the check's own settings (VITE_VISUALIZER_WEBHOOK_URL among them) must not reach it.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(stamp.nodeEnv ? { NODE_ENV: stamp.nodeEnv } : {}),
      SOURCE_COMMIT: stamp.commit,
      ...stamp.settings,
    };
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', stamp.mode, '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) {
      return { failed: `${short(stamp.commit)} with the folder's settings does not build here (vite build exited ${code}: ${output.join('').trim().split('\n').slice(-3).join(' ').slice(0, 300)}), so the folder is no build of it` };
    }
    const files = filesOf(out);
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.writeFileSync(kept, JSON.stringify(Object.fromEntries(files)));
    return { files, how: `rebuilt from this checkout's git in ${Math.round((Date.now() - started) / 1000)} s` };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
