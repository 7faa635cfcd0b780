/**
 * `npm run data:export -- <email> [--dry-run] [--out <folder>]`: a copy of one visitor's data on their request (the
 * privacy page, "for a copy of it, in files you can keep or give to another business"): one folder staff send them,
 * with data.json (every row of theirs, whole), their pictures and photos from storage, and README.txt saying what
 * is in it. Staff run it with the services' settings (staff-settings.ts). The folder is written into `--out`
 * (default: the folder the command was run from).
 * Exit codes: 0 written (or, with --dry-run, found), 2 no or a malformed address, an unknown option or a folder that
 * is there already, 3 no data for that address, 1 anything else (nothing was written).
 */
import path from 'node:path';
import pg from 'pg';
import { describeError } from '../../job-queue/redact.ts';
import {
  EXPORTED_TABLES,
  ExportFolderExists,
  exportedFilePath,
  exportFolderName,
  findVisitorData,
  rowCount,
  writeVisitorExport,
  type ExportedTable,
  type VisitorExport,
} from '../export-visitor.ts';
import { NotAnEmailAddress } from '../find-visitor.ts';
import { EXIT, oneAddress, plural, reachHint, staffSettings, type StaffSettings } from './staff-settings.ts';

const USAGE = 'Usage: npm run data:export -- <email address> [--dry-run] [--out <folder>]';

/** What the folder holds (or, on a dry run, would hold): each table's rows and each file, by its path in the folder. */
export function describeExport(data: VisitorExport, options: { dryRun: boolean; folder: string }): string {
  const tables = Object.keys(EXPORTED_TABLES) as ExportedTable[];
  const width = Math.max(...tables.map((table) => table.length)) + 2;
  return [
    `${options.dryRun ? 'Would write' : 'Wrote'} the data of ${data.mailbox} (any capitalisation, any +tag) to ${options.folder}:`,
    `  data.json:`,
    ...tables.map((table) => `    ${`${table}:`.padEnd(width)}${plural(data.tables[table].length, 'row')}`),
    `  ${plural(data.files.length, 'stored file')}:`,
    ...data.files.map((file) => `    ${exportedFilePath(file)}`),
    '  README.txt (what is in the folder, for the visitor)',
    ...(options.dryRun
      ? ['Dry run: nothing was written. Run it again without --dry-run to write the folder.']
      : ['Send the folder to the visitor at the address they asked from (zip it first; it holds photos of their home).']),
  ].join('\n');
}

export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const outAt = args.indexOf('--out');
  const outDir = outAt >= 0 ? args[outAt + 1] : undefined;
  if (outAt >= 0 && (!outDir || outDir.startsWith('-'))) {
    console.error(`--out needs a folder.\n${USAGE}`);
    return EXIT.badInput;
  }
  const rest = outAt >= 0 ? args.filter((_, index) => index !== outAt && index !== outAt + 1) : args;
  const given = oneAddress(rest, ['--dry-run'], USAGE, 'Nothing was written.');
  if ('error' in given) {
    console.error(given.error);
    return EXIT.badInput;
  }
  const dryRun = given.options.includes('--dry-run');
  // npm runs scripts from the repository's root; INIT_CWD is where staff typed the command.
  const parentDir = path.resolve(env.INIT_CWD ?? process.cwd(), outDir ?? '.');

  let settings: StaffSettings;
  try {
    settings = await staffSettings(env);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)} Nothing was written.`);
    return EXIT.badInput;
  }
  const db = new pg.Pool({ connectionString: settings.databaseUrl, max: 1 });
  try {
    const data = await findVisitorData(db, settings.files, given.address);
    if (rowCount(data) === 0 && data.files.length === 0) {
      console.error(`Nothing found for ${data.mailbox} (any capitalisation, any +tag) in ${settings.where}. Nothing was written.`);
      return EXIT.nothingFound;
    }
    const folder = dryRun ? path.join(parentDir, exportFolderName(data)) : await writeVisitorExport(data, settings.files, parentDir);
    console.log(describeExport(data, { dryRun, folder }));
    return EXIT.done;
  } catch (error) {
    if (error instanceof NotAnEmailAddress) {
      console.error(`${error.message} Nothing was written.\n${USAGE}`);
      return EXIT.badInput;
    }
    if (error instanceof ExportFolderExists) {
      console.error(`${error.message} Nothing was written.`);
      return EXIT.badInput;
    }
    console.error(`Could not export the data: ${describeError(error)}.${reachHint(env)} Nothing was written; run it again once that is fixed.`);
    return EXIT.failed;
  } finally {
    await db.end();
  }
}

process.exitCode = await main(process.argv.slice(2));
