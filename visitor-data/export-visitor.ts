import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { UPLOADS_BUCKET, VISUALIZER_BUCKET } from '../contracts/visualizer-webhook.ts';
import { dataRetention } from '../src/config/data-retention.ts';
import { BUSINESS_NAME_MARK } from '../src/content/phone-consent.ts';
import { LEAD_TABLES, mailboxOf, NotAnEmailAddress, OF_MAILBOX } from './find-visitor.ts';
import type { StoredFile, VisitorFiles } from './visitor-files.ts';

type Row = Record<string, unknown>;

/**
 * Every table a copy on request reads, and which of its rows are the visitor's. Each row goes whole
 * (`to_jsonb(row)`: a column added later is in the copy without anyone remembering it); the schema-walk test
 * (tests/integration/visitor-data-coverage.test.ts) holds this list to every table that holds visitor data.
 * Parameters: $1 the mailbox, $2 the ids of the visitor's lead rows, $3 their visualizer request ids.
 */
export const EXPORTED_TABLES = {
  'public.contacts': { what: 'your free-estimate requests', matched: 'e-mail address' },
  'public.leads': { what: 'your free-guide sign-ups', matched: 'e-mail address' },
  'public.realtors': { what: 'your realtor program applications', matched: 'e-mail address' },
  'public.investors': { what: 'your investor program applications', matched: 'e-mail address' },
  'public.floor_visualizer_requests': { what: 'your Snap & See Wood requests (the links in them end with the pictures)', matched: 'e-mail address' },
  'back_office.outbound_emails': {
    what: 'a record of each e-mail we sent you or our office about you: its kind, when, and whether it arrived (not its text: we never store that)',
    matched: 'recipient address, or the request it is about',
  },
  'back_office.visualizer_webhook_refusals': { what: 'how many times a photo sent for one of your requests was turned away, per hour', matched: 'your visualizer requests' },
  // From version 2026-12-01 the deal-alert box's words are kept with a mark where the page put the business's name
  // (a deployment setting the export does not read): the visitor is told what the mark stood for.
  'back_office.phone_consent_texts': {
    what: `the exact words about calls and texts you saw beside the phone field and, on the investor form, beside the box for deal-alert texts (where they say ${BUSINESS_NAME_MARK}, the page showed our name)`,
    matched: 'the version your forms recorded',
  },
  'back_office.email_unsubscribes': {
    what: 'when you unsubscribed from our marketing e-mails; we keep a scrambled code made from your address, shown here, never the address',
    matched: 'the code of your address',
  },
} as const;
export type ExportedTable = keyof typeof EXPORTED_TABLES;

type Found = { mailbox: string; leadIds: string[]; requestIds: string[] };
type ExportQuery = { text: string; values: (found: Found) => unknown[] };

/** The rows of `from` matching `where` (its parameters from `values`), each whole as JSON. */
const rowsOf = (from: string, where: string, values: ExportQuery['values'], order = 'created_at'): ExportQuery => ({
  text: `select to_jsonb(row) as row from ${from} as row where ${where} order by row.${order}`,
  values,
});
const byMailbox = (found: Found) => [found.mailbox];

const EXPORT_QUERIES: Record<ExportedTable, ExportQuery> = {
  ...(Object.fromEntries(LEAD_TABLES.map((table) => [`public.${table}`, rowsOf(`public.${table}`, OF_MAILBOX, byMailbox)])) as Record<
    `public.${(typeof LEAD_TABLES)[number]}`,
    ExportQuery
  >),
  'back_office.outbound_emails': rowsOf(
    'back_office.outbound_emails',
    'private.mailbox_key(recipient) = $1 or source_id = any($2::uuid[])',
    (found) => [found.mailbox, found.leadIds],
  ),
  'back_office.visualizer_webhook_refusals': rowsOf(
    'back_office.visualizer_webhook_refusals',
    'request_id = any($1::uuid[])',
    (found) => [found.requestIds],
    'window_start',
  ),
  'back_office.phone_consent_texts': rowsOf(
    'back_office.phone_consent_texts',
    `version in (select phone_consent_version from public.contacts where ${OF_MAILBOX}
                 union select phone_consent_version from public.realtors where ${OF_MAILBOX}
                 union select phone_consent_version from public.investors where ${OF_MAILBOX})`,
    byMailbox,
    'version',
  ),
  'back_office.email_unsubscribes': rowsOf(
    'back_office.email_unsubscribes',
    'mailbox_digest = back_office.mailbox_digest($1)',
    byMailbox,
    'unsubscribed_at',
  ),
};

export type VisitorExport = {
  /** The mailbox matched: lower case, without a +tag, Gmail without dots (private.mailbox_key). */
  mailbox: string;
  exportedAt: Date;
  tables: Record<ExportedTable, Row[]>;
  /** The stored files of the visitor's visualizer requests, in both buckets. */
  files: StoredFile[];
};

export const rowCount = (data: VisitorExport) => Object.values(data.tables).reduce((sum, rows) => sum + rows.length, 0);

/** Where a stored file goes in the folder: the pictures as shown and drawn, and the photos exactly as they arrived. */
export function exportedFilePath(file: Pick<StoredFile, 'bucket' | 'path'>): string {
  const folder = file.bucket === VISUALIZER_BUCKET ? 'pictures' : file.bucket === UPLOADS_BUCKET ? 'photos-as-sent' : `other-files/${file.bucket}`;
  return `${folder}/${file.path}`;
}

/**
 * Finds every row of one visitor (the way data:forget does: their mailbox, any case, any +tag), in one read-only
 * snapshot, and lists their requests' stored files. Reads only.
 */
export async function findVisitorData(db: pg.Pool, files: VisitorFiles, address: string): Promise<VisitorExport> {
  const client = await db.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { mailbox, valid } = await mailboxOf(client, address);
    const leadIds: string[] = [];
    const requestIds: string[] = [];
    for (const table of LEAD_TABLES) {
      const { rows } = await client.query<{ id: string }>(`select id from public.${table} where ${OF_MAILBOX}`, [mailbox]);
      leadIds.push(...rows.map((row) => row.id));
      if (table === 'floor_visualizer_requests') requestIds.push(...rows.map((row) => row.id));
    }
    const tables = {} as Record<ExportedTable, Row[]>;
    for (const [table, query] of Object.entries(EXPORT_QUERIES) as [ExportedTable, ExportQuery][]) {
      const { rows } = await client.query<{ row: Row }>(query.text, query.values({ mailbox, leadIds, requestIds }));
      tables[table] = rows.map((row) => row.row);
    }
    await client.query('commit');
    const data: VisitorExport = { mailbox, exportedAt: new Date(), tables, files: [] };
    for (const id of requestIds) data.files.push(...(await files.listRequestFiles(id)));
    // An unsubscribe alone (a digest) is not data found for an address that was never one the site would store.
    if (rowCount(data) === 0 && !valid) throw new NotAnEmailAddress(`"${address}" is not an e-mail address the site would have stored.`);
    return data;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const date = (value: Date) => value.toISOString().slice(0, 10);
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The folder's name: the mailbox (in characters any file system takes) and the day. */
export function exportFolderName(data: Pick<VisitorExport, 'mailbox' | 'exportedAt'>): string {
  return `data-export-${data.mailbox.replace(/[^a-z0-9.@_-]/gi, '_')}-${date(data.exportedAt)}`;
}

/** README.txt: what is in the folder, in words the visitor reads. */
export function exportReadme(data: VisitorExport): string {
  const tableLines = (Object.keys(EXPORTED_TABLES) as ExportedTable[]).map(
    (table) => `  "${table}": ${EXPORTED_TABLES[table].what} (${data.tables[table].length} ${data.tables[table].length === 1 ? 'record' : 'records'})`,
  );
  const pictureFiles = data.files.filter((file) => file.bucket === VISUALIZER_BUCKET);
  const pictures = pictureFiles.length;
  const sent = data.files.length - pictures;
  // Said from the files themselves: a map of the room (render-N/scene-classes.png) is made only by the processor's
  // own engine; with an outside service drawing the floors (VISUALIZER_ENGINE=http) the one map is the floor's, which
  // our software works out from the picture, and the floors are that company's drawing, not ours (decision 040,
  // session 20, said so on the privacy page; this README still said "each floor we drew ... maps of the floor and room").
  const roomMaps = pictureFiles.some((file) => /\/scene-classes\.png$/.test(file.path));
  return [
    `Your data, as of ${data.exportedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    '',
    `This folder holds everything our website's systems keep that is linked to the e-mail address ${data.mailbox}`,
    '(written in any capitals, and with any "+tag" before the @).',
    '',
    'data.json: every record, exactly as stored, grouped by where it is kept:',
    ...tableLines,
    '',
    `pictures/: ${pictures} ${pictures === 1 ? 'file' : 'files'}: your room photo as we show it, each new floor drawn on it, and`,
    `  ${roomMaps ? 'the maps of the floor and room' : 'the map of the floor'} our software made. One folder per request, named by the request's "id" in data.json.`,
    `  We delete them ${days(dataRetention.visualizerImagesDays)} after you sent the photo.`,
    `photos-as-sent/: ${sent} ${sent === 1 ? 'file' : 'files'}: a photo exactly as it arrived, kept only until its picture is made`,
    `  (${days(dataRetention.abandonedUploadDays)} at most if that fails).`,
    '',
    'Not in this folder:',
    '  - the text of our e-mails: we do not store it (each e-mail is written from your form when it is sent);',
    '  - the copies of our e-mails about you in our office inbox: ask us and we forward them;',
    '  - the counts of forms sent from each internet address, which are not linked to your e-mail address and are',
    `    deleted after ${days(dataRetention.throttleAddressDays)}, and our providers' own logs (see our privacy policy).`,
    '',
    'The dates in data.json are in UTC. Our privacy policy explains each kind of data and how long we keep it.',
    '',
  ].join('\n');
}

/**
 * Writes the folder: data.json, README.txt and every stored file, into a hidden folder next to it that is renamed
 * at the end, so a failure (a file that cannot be downloaded, a full disk) leaves no half-written copy. Refuses to
 * replace a folder already there. Returns the folder's path.
 */
export async function writeVisitorExport(data: VisitorExport, files: VisitorFiles, parentDir: string): Promise<string> {
  const target = path.join(parentDir, exportFolderName(data));
  if (await stat(target).then(() => true, () => false)) throw new ExportFolderExists(target);
  const partial = path.join(parentDir, `.${exportFolderName(data)}.partial-${randomUUID().slice(0, 8)}`);
  await mkdir(partial, { recursive: true });
  try {
    const json = { exported_at: data.exportedAt.toISOString(), mailbox: data.mailbox, tables: data.tables };
    await writeFile(path.join(partial, 'data.json'), `${JSON.stringify(json, null, 2)}\n`);
    await writeFile(path.join(partial, 'README.txt'), exportReadme(data));
    for (const file of data.files) {
      const destination = path.join(partial, ...exportedFilePath(file).split('/'));
      await mkdir(path.dirname(destination), { recursive: true });
      await writeFile(destination, await files.readStoredFile(file));
    }
    await rename(partial, target);
    return target;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The export's folder is there already (from an earlier run today): it is never replaced. */
export class ExportFolderExists extends Error {
  override name = 'ExportFolderExists';
  constructor(readonly folder: string) {
    super(`${folder} already exists; move it away (or send it) and run the export again.`);
  }
}
