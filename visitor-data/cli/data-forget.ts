/**
 * `npm run data:forget -- <email> [--dry-run]`: deletes one visitor's data on their request (the privacy page,
 * "Your rights, and how to use them"). Staff run it with the services' settings (staff-settings.ts).
 * Exit codes: 0 removed (or, with --dry-run, found), 2 no or a malformed address (or an unknown option),
 * 3 no data for that address, 1 anything else (nothing was removed).
 */
import pg from 'pg';
import { describeError } from '../../job-queue/redact.ts';
import { deletionStepsByHand } from '../../src/config/privacy-requests.ts';
import { forgetVisitor, NotAnEmailAddress, totalRemoved, type ForgetReport } from '../forget-visitor.ts';
import { EXIT, oneAddress, plural, reachHint, staffSettings, type StaffSettings } from './staff-settings.ts';

const USAGE = 'Usage: npm run data:forget -- <email address> [--dry-run]';

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
  const given = oneAddress(args, ['--dry-run'], USAGE, 'Nothing was removed.');
  if ('error' in given) {
    console.error(given.error);
    return EXIT.badInput;
  }
  const { address } = given;
  const dryRun = given.options.includes('--dry-run');

  let settings: StaffSettings;
  try {
    settings = await staffSettings(env);
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
    return EXIT.done;
  } catch (error) {
    if (error instanceof NotAnEmailAddress) {
      console.error(`${error.message} Nothing was removed.\n${USAGE}`);
      return EXIT.badInput;
    }
    console.error(
      `Could not remove the data: ${describeError(error)}.${reachHint(env)} No row was removed (some stored files may be gone already); run it again once that is fixed.`,
    );
    return EXIT.failed;
  } finally {
    await db.end();
  }
}

process.exitCode = await main(process.argv.slice(2));
