import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { installJobQueue } from '../job-queue/install-job-queue';
import { MIGRATIONS_DIR } from './paths';

/** The password PostgREST logs in with locally (hosted Supabase manages its own). */
export const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

/**
 * What hosted Supabase has before any migration runs: the API roles, and default privileges that give anon
 * and authenticated everything on new public tables (which our migrations then take back). Reproducing that
 * locally means the migrations are tested against the same starting point they meet in production.
 */
const SUPABASE_BASELINE = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
end
$$;
alter role authenticator with login password '${AUTHENTICATOR_PASSWORD}';
grant anon, authenticated, service_role to authenticator;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

/** Where the Supabase CLI records applied migrations; `supabase db push` creates it as the login it runs as. */
const MIGRATION_HISTORY = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);
`;

export type AppliedMigration = { version: string; name: string };

/** The migration files in order: `<version>_<name>.sql`, as the Supabase CLI names them. */
export function listMigrations(dir = MIGRATIONS_DIR): (AppliedMigration & { file: string })[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version = '', name = ''] = file.match(/^(\d+)_(.+)\.sql$/) ?? [];
      return { version, name, file: path.join(dir, file) };
    });
}

/**
 * Applies every migration not yet recorded, in order, each in its own transaction together with its record,
 * so a failing file leaves nothing half-applied and is retried on the next start. Returns what it applied.
 * The job queue's own schema (graphile-worker's installer) comes first, as in production: the migrations'
 * triggers queue jobs, and refuse to be created without it.
 */
export async function applyMigrations(
  superuserUrl: string,
  dir = MIGRATIONS_DIR,
  options: { installQueue?: boolean } = {},
): Promise<AppliedMigration[]> {
  if (options.installQueue ?? true) await installJobQueue(superuserUrl);
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query(SUPABASE_BASELINE);
  } finally {
    await client.end();
  }
  return applyMigrationFiles(superuserUrl, dir);
}

/**
 * What `supabase db push` does with the files: as the login of `connectionString`, records the history table if
 * missing, then applies each file not yet recorded in its own transaction with its record.
 */
export async function applyMigrationFiles(connectionString: string, dir = MIGRATIONS_DIR): Promise<AppliedMigration[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(MIGRATION_HISTORY);
    const { rows } = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const done = new Set(rows.map((row) => row.version));
    const applied: AppliedMigration[] = [];
    for (const migration of listMigrations(dir)) {
      if (done.has(migration.version)) continue;
      const sql = fs.readFileSync(migration.file, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push({ version: migration.version, name: migration.name });
    }
    return applied;
  } finally {
    await client.end();
  }
}
