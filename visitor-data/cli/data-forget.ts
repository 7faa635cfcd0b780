/**
 * `npm run data:forget -- <email> [--dry-run]`: deletes one visitor's data on their request (the privacy page,
 * "A copy, a correction, or deletion"). Staff run it with the services' settings:
 * - hosted: DATABASE_URL (the session pooler string the services use), VISUALIZER_STORAGE=supabase,
 *   SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY;
 * - locally, with nothing set: the `npm start` stack (its database, and Storage's API on its gateway).
 * Exit codes: 0 removed (or, with --dry-run, found), 2 no or a malformed address (or an unknown option),
 * 3 no data for that address, 1 anything else (nothing was removed).
 */
import pg from 'pg';
import { describeError } from '../../job-queue/redact.ts';
import { deletionStepsByHand } from '../../src/config/privacy-requests.ts';
import { forgetVisitor, NotAnEmailAddress, totalRemoved, type ForgetReport } from '../forget-visitor.ts';
import { createSupabaseVisitorFiles, visitorFilesFromEnv, type VisitorFiles } from '../visitor-files.ts';

const USAGE = 'Usage: npm run data:forget -- <email address> [--dry-run]';

export const EXIT = { removed: 0, failed: 1, badInput: 2, nothingFound: 3 } as const;

type Settings = { databaseUrl: string; files: VisitorFiles; where: string };

async function localStackSettings(): Promise<Settings> {
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

function settingsFromEnv(env: NodeJS.ProcessEnv): Settings {
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

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * What this command cannot reach, for staff to do by hand: the steps the privacy page promises
 * (src/config/privacy-requests.ts), printed after every run, the dry run included, so the person answering the
 * request sees the whole job at once.
 */
export function staffChecklist(mailbox: string): string[] {
  return [
    `Still to do by hand (this command cannot reach them), for ${mailbox}:`,
    ...deletionStepsByHand.map((step) => `  [ ] ${step}`),
    '  Their unsubscribe from marketing e-mail, if any, is kept (a digest, never the address): it is what stops the next one.',
  ];
}

export function describeReport(report: ForgetReport): string {
  const lines = [
    `${report.dryRun ? 'Would remove' : 'Removed'} the data of ${report.mailbox} (any capitalisation, any +tag):`,
    `  contacts (estimate requests):        ${plural(report.rows.contacts, 'row')}`,
    `  leads (free-guide sign-ups):         ${plural(report.rows.leads, 'row')}`,
    `  realtors (applications):             ${plural(report.rows.realtors, 'row')}`,
    `  investors (applications):            ${plural(report.rows.investors, 'row')}`,
    `  floor_visualizer_requests:           ${plural(report.rows.floor_visualizer_requests, 'row')}, ${plural(report.files, 'stored file')}`,
    `  back_office.outbound_emails:         ${plural(report.rows.outbound_emails, 'row')} (queued and sent e-mails to or about them; ${plural(report.queuedJobs, 'job')} still queued)`,
    `  back_office.visualizer_webhook_refusals: ${plural(report.rows.visualizer_webhook_refusals, 'row')}`,
  ];
  lines.push(
    ...(report.dryRun ? ['Dry run: nothing was removed. Run it again without --dry-run to remove it.'] : []),
    ...staffChecklist(report.mailbox),
  );
  return lines.join('\n');
}

export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--dry-run');
  const addresses = args.filter((arg) => !arg.startsWith('-'));
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(' ')}.\n${USAGE}`);
    return EXIT.badInput;
  }
  if (addresses.length !== 1 || !addresses[0]!.trim()) {
    console.error(`${addresses.length > 1 ? 'One e-mail address at a time.' : 'No e-mail address given.'}\n${USAGE}`);
    return EXIT.badInput;
  }
  const address = addresses[0]!.trim();
  if (!address.includes('@')) {
    console.error(`"${address}" is not an e-mail address. Nothing was removed.\n${USAGE}`);
    return EXIT.badInput;
  }

  let settings: Settings;
  try {
    settings = env.DATABASE_URL ? settingsFromEnv(env) : await localStackSettings();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)} Nothing was removed.`);
    return EXIT.badInput;
  }
  const db = new pg.Pool({ connectionString: settings.databaseUrl, max: 1 });
  try {
    const report = await forgetVisitor(db, settings.files, address, { dryRun });
    if (totalRemoved(report) === 0) {
      console.error(`No data found for ${report.mailbox} (any capitalisation, any +tag) in ${settings.where}. Nothing was removed.`);
      return EXIT.nothingFound;
    }
    console.log(describeReport(report));
    return EXIT.removed;
  } catch (error) {
    if (error instanceof NotAnEmailAddress) {
      console.error(`${error.message} Nothing was removed.\n${USAGE}`);
      return EXIT.badInput;
    }
    const hint = env.DATABASE_URL ? '' : ' Is the local stack running (`npm start`)? Hosted: set DATABASE_URL and the storage settings.';
    console.error(
      `Could not remove the data: ${describeError(error)}.${hint} No row was removed (some stored files may be gone already); run it again once that is fixed.`,
    );
    return EXIT.failed;
  } finally {
    await db.end();
  }
}

process.exitCode = await main(process.argv.slice(2));
