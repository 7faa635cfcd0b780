import { Logger, runMigrations } from 'graphile-worker';

/**
 * Installs (or upgrades) graphile-worker's own schema, `graphile_worker`, with the library's installer: what
 * `npx graphile-worker --schema-only` does. The project's migrations need it (their triggers queue jobs), so
 * the local stack runs this before applying them; in production it is the first deploy step (README).
 */
export async function installJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: new Logger(() => () => {}) });
}
