import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { installJobQueue } from '../../job-queue/install-job-queue';
import { startGateway } from '../../local-stack/gateway';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-stack/keys';
import { AUTHENTICATOR_PASSWORD, applyMigrationFiles, type AppliedMigration } from '../../local-stack/migrations';
import { findFreePort } from '../../local-stack/ports';
import { SUPERUSER_PASSWORD, startPostgres } from '../../local-stack/postgres';
import { startPostgrest } from '../../local-stack/postgrest';
import { createSupervisor } from '../../local-stack/supervisor';

const BASELINE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supabase-shaped-database.sql');
/** The password of the non-superuser `postgres` login (hosted: the project's database password). */
export const POSTGRES_PASSWORD = 'postgres-not-a-superuser';

export type SupabaseShapedDatabase = {
  /** `supabase_admin`, the superuser (hosted: Supabase's, not the project owner's). */
  adminUrl: string;
  /** `postgres`, as `supabase db push`, the dashboard and the services' DATABASE_URL log in. */
  postgresUrl: string;
  /** The gateway (PostgREST behind the Supabase URL shape). */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The migrations applied, in order. */
  applied: AppliedMigration[];
  stop(): Promise<void>;
};

export async function sqlAs<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database prepared as hosted Supabase is (tests/support/supabase-shaped-database.sql), then what the README's
 * "Deploying" does to it: graphile-worker's schema installed and `supabase/migrations` applied, one file per
 * transaction, both as the non-superuser `postgres`; then PostgREST and the gateway on top.
 * `beforeMigrations` runs as supabase_admin after the baseline (the test's supautils stand-in goes there).
 */
export async function startSupabaseShapedDatabase(
  options: { beforeMigrations?: (adminUrl: string) => Promise<void>; log?: (line: string) => void } = {},
): Promise<SupabaseShapedDatabase> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-supabase-shaped-'));
  fs.chmodSync(folder, 0o755);
  const log = options.log ?? (() => {});
  const supervisor = createSupervisor({ log, onFatal: (message) => log(`supabase-shaped database: ${message}`) });
  let gateway: { stop(): Promise<void> } | undefined;
  const stop = async () => {
    await gateway?.stop();
    await supervisor.stopAll();
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    const port = await findFreePort();
    const postgres = await startPostgres({ supervisor, dataDir: path.join(folder, 'postgres'), port, fsync: false, superuser: 'supabase_admin', log });
    const adminUrl = postgres.superuserUrl;
    const postgresUrl = `postgres://postgres:${POSTGRES_PASSWORD}@127.0.0.1:${port}/postgres`;
    await sqlAs(adminUrl, fs.readFileSync(BASELINE_FILE, 'utf8'));
    await sqlAs(adminUrl, `alter role authenticator password '${AUTHENTICATOR_PASSWORD}'`);
    await sqlAs(adminUrl, `alter role postgres password '${POSTGRES_PASSWORD}'`);
    await options.beforeMigrations?.(adminUrl);

    await installJobQueue(postgresUrl);
    const applied = await applyMigrationFiles(postgresUrl);

    const postgrestPort = await findFreePort();
    await startPostgrest({ supervisor, databasePort: port, port: postgrestPort, adminPort: await findFreePort(), log });
    const gatewayPort = await findFreePort();
    // Storage's stand-in serves the buckets exactly as the migrations left them in storage.buckets, so a flag a
    // migration sets is the flag the processor and the visitor meet.
    const buckets = await sqlAs<{ id: string; public: boolean; limit: number | null }>(
      adminUrl,
      'select id, public, file_size_limit::int as limit from storage.buckets',
    );
    gateway = await startGateway({
      port: gatewayPort,
      postgrestPort,
      storageDir: path.join(folder, 'storage'),
      apiKeys: [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY],
      keyRoles: { [LOCAL_PUBLISHABLE_KEY]: LOCAL_ANON_KEY, [LOCAL_SECRET_KEY]: LOCAL_SERVICE_ROLE_KEY },
      storage: {
        buckets: buckets.map((bucket) => ({ id: bucket.id, public: bucket.public, fileSizeLimit: bucket.limit ?? undefined })),
        jwtSecret: LOCAL_JWT_SECRET,
        serviceKeys: [LOCAL_SERVICE_ROLE_KEY, LOCAL_SECRET_KEY],
        anonKeys: [LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY],
      },
      log,
    });
    return {
      adminUrl,
      postgresUrl,
      url: `http://127.0.0.1:${gatewayPort}`,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      applied,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export { SUPERUSER_PASSWORD };
