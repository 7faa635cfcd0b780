/**
 * What the staff commands (`data:forget`, `data:export`) connect to, from the services' settings:
 * - hosted: DATABASE_URL (the session pooler string the services use), VISUALIZER_STORAGE=supabase,
 *   SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY;
 * - locally, with nothing set: the `npm start` stack (its database, and Storage's API on its gateway).
 */
import { createSupabaseVisitorFiles, visitorFilesFromEnv, type VisitorFiles } from '../visitor-files.ts';

export type StaffSettings = { databaseUrl: string; files: VisitorFiles; where: string };

/** Exit codes both commands use. */
export const EXIT = { done: 0, failed: 1, badInput: 2, nothingFound: 3 } as const;

async function localStackSettings(): Promise<StaffSettings> {
  const { defaultPorts, localStateDir } = await import('../../local-stack/local-settings.ts');
  const { SUPERUSER, SUPERUSER_PASSWORD } = await import('../../local-stack/postgres.ts');
  const { LOCAL_SERVICE_ROLE_KEY } = await import('../../local-stack/keys.ts');
  const ports = defaultPorts();
  return {
    databaseUrl: `postgres://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${ports.postgres}/postgres`,
    files: createSupabaseVisitorFiles({ supabaseUrl: `http://127.0.0.1:${ports.gateway}`, serviceRoleKey: LOCAL_SERVICE_ROLE_KEY }),
    where: `the local stack (${localStateDir()})`,
  };
}

function settingsFromEnv(env: NodeJS.ProcessEnv): StaffSettings {
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) throw new Error('DATABASE_URL must be a postgres:// connection string.');
  if (env.VISUALIZER_STORAGE !== 'supabase' && env.VISUALIZER_STORAGE !== 'local') {
    throw new Error(
      'With DATABASE_URL, say where the visualizer files are: VISUALIZER_STORAGE=supabase (with SUPABASE_URL and ' +
        'SUPABASE_SERVICE_ROLE_KEY), or VISUALIZER_STORAGE=local (with VISUALIZER_STORAGE_DIR and VISUALIZER_UPLOAD_DIR).',
    );
  }
  if (env.VISUALIZER_STORAGE === 'local' && (!env.VISUALIZER_STORAGE_DIR || !env.VISUALIZER_UPLOAD_DIR)) {
    throw new Error('VISUALIZER_STORAGE=local needs VISUALIZER_STORAGE_DIR and VISUALIZER_UPLOAD_DIR.');
  }
  const files = visitorFilesFromEnv(env, { storageDir: env.VISUALIZER_STORAGE_DIR ?? '', uploadDir: env.VISUALIZER_UPLOAD_DIR ?? '' });
  return { databaseUrl: env.DATABASE_URL!, files, where: new URL(env.DATABASE_URL!).host };
}

export const staffSettings = (env: NodeJS.ProcessEnv): Promise<StaffSettings> | StaffSettings =>
  env.DATABASE_URL ? settingsFromEnv(env) : localStackSettings();

/** The hint after a failure to reach the data. */
export const reachHint = (env: NodeJS.ProcessEnv) =>
  env.DATABASE_URL ? '' : ' Is the local stack running (`npm start`)? Hosted: set DATABASE_URL and the storage settings.';

/**
 * The one address a command was given, or why not: exactly one argument not starting with '-', with an @ in it,
 * and no option but `known`.
 */
export function oneAddress(args: string[], known: string[], usage: string, nothingDone: string): { address: string; options: string[] } | { error: string } {
  const options = args.filter((arg) => arg.startsWith('-'));
  const unknown = options.filter((arg) => !known.includes(arg));
  const addresses = args.filter((arg) => !arg.startsWith('-'));
  if (unknown.length > 0) return { error: `Unknown option ${unknown.join(' ')}.\n${usage}` };
  if (addresses.length !== 1 || !addresses[0]!.trim()) {
    return { error: `${addresses.length > 1 ? 'One e-mail address at a time.' : 'No e-mail address given.'}\n${usage}` };
  }
  const address = addresses[0]!.trim();
  if (!address.includes('@')) return { error: `"${address}" is not an e-mail address. ${nothingDone}\n${usage}` };
  return { address, options };
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
