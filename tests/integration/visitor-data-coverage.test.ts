import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { UPLOADS_BUCKET, VISUALIZER_BUCKET } from '../../contracts/visualizer-webhook';
import { VISITOR_BUCKETS } from '../../visitor-data/visitor-files';
import { EXPORTED_TABLES } from '../../visitor-data/export-visitor';
import { sql, stack } from './stack-clients';

/**
 * Every table and column the migrations make, in every schema of ours, with how visitor data in it is removed and
 * copied (issue 36). A new table or column fails this test until someone reviews it and says here how
 * `npm run data:forget` and the retention job (visitor-data/) cover it and how `npm run data:export` includes it,
 * or why it holds nothing of a visitor.
 */
const FORGET_ROWS = 'data:forget deletes the visitor’s rows (mailbox match); retention after leadRowMonths unless staff set customer_since';
/** data:export copies these tables' matching rows whole (every column, to_jsonb), into data.json under the table's name. */
/** Nothing of a visitor in it, so nothing to copy. */
const NOTHING_OF_A_VISITOR = 'nothing of a visitor to copy';
const WHOLE_ROWS = 'data:export: whole rows (every column) in data.json';
type Review = { coverage: string; columns: string[] } & ({ export: typeof WHOLE_ROWS } | { notExported: string });
const REVIEWED: Record<string, Review> = {
  'public.contacts': {
    coverage: FORGET_ROWS,
    export: WHOLE_ROWS,
    columns: ['id', 'created_at', 'name', 'email', 'phone', 'message', 'phone_consent_version', 'phone_consent_at', 'customer_since'],
  },
  'public.leads': { coverage: FORGET_ROWS, export: WHOLE_ROWS, columns: ['id', 'created_at', 'email', 'lead_source', 'guide_sent', 'customer_since'] },
  'public.realtors': {
    coverage: FORGET_ROWS,
    export: WHOLE_ROWS,
    columns: ['id', 'created_at', 'name', 'email', 'phone', 'brokerage', 'instagram', 'phone_consent_version', 'phone_consent_at', 'customer_since'],
  },
  'public.investors': {
    coverage: FORGET_ROWS,
    export: WHOLE_ROWS,
    columns: ['id', 'created_at', 'name', 'email', 'phone', 'company', 'investment_focus', 'phone_consent_version', 'phone_consent_at', 'marketing_texts_consent', 'customer_since'],
  },
  'public.floor_visualizer_requests': {
    coverage: `${FORGET_ROWS} and the request's files; retention clears the image URLs and files after visualizerImagesDays`,
    export: WHOLE_ROWS,
    columns: [
      'id', 'created_at', 'updated_at', 'customer_name', 'email', 'status', 'original_image_url', 'processed_image_url', 'failure_reason',
      'style_image_urls', 'render_number', 'correction_token_sha256', 'corrections_used', 'correction_state', 'correction_requested_at',
      'floor_mask_url', 'floor_share', 'rug_choice', 'rug_share', 'rug_choices_used', 'images_deleted_at', 'image_renditions',
      'customer_since', 'styles_coming', 'styles_not_made', 'wood_style', 'wood_settled_at', 'wood_picks_used', 'failure_kind',
    ],
  },
  'back_office.outbound_emails': {
    coverage:
      'data:forget deletes e-mails to or about the visitor; retention clears recipient after emailRecipientDays (sent or stuck) and deletes the row with its lead; address_refused_at holds back e-mails to that address only while recipient is kept',
    export: WHOLE_ROWS,
    columns: ['id', 'created_at', 'kind', 'source_table', 'source_id', 'recipient', 'status', 'status_reason', 'attempts', 'last_attempt_at', 'sent_at', 'recipient_removed_at', 'address_refused_at'],
  },
  'back_office.visualizer_webhook_refusals': {
    coverage: 'data:forget deletes the visitor’s request ids; retention after throttleAddressDays',
    export: WHOLE_ROWS,
    columns: ['request_id', 'window_start', 'refusals'],
  },
  'private.insert_throttle_hits': {
    coverage: 'retention after throttleAddressDays (client addresses)',
    notExported: 'not linked to an e-mail address (counts per internet address); the export’s README says so',
    columns: ['client_address', 'window_start', 'hits'],
  },
  'back_office.deployment_check_rows': {
    coverage: 'no visitor data: the ids of the deployment check’s own marked rows, removed by the check or its sweep (decision 023)',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['row_id', 'source_table', 'planted_at'],
  },
  'back_office.deployment_check_unsubscribe_links': {
    coverage:
      'no visitor data: the unsubscribe headers and e-mail the worker made for the check’s own fixed test address, the business’s STAFF_INBOX and MAIL_FROM, whether its SMTP login works, and its SMTP host, login (yes or no) and TLS (never a password); one row, removed with the check’s rows (decision 023)',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['singleton', 'list_unsubscribe', 'list_unsubscribe_post', 'message_html', 'staff_inbox', 'made_at', 'mail_from', 'smtp_checked', 'smtp_error', 'smtp_host', 'smtp_login', 'smtp_tls'],
  },
  'back_office.email_unsubscribes': {
    coverage: 'kept on purpose: a digest of the mailbox, never the address; it stops the next marketing e-mail (decision 024)',
    export: WHOLE_ROWS,
    columns: ['mailbox_digest', 'unsubscribed_at'],
  },
  'back_office.data_removals': {
    coverage: 'no visitor data: kinds and counts only',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['id', 'removed_at', 'cause', 'removed'],
  },
  'back_office.phone_consent_texts': {
    coverage: 'no visitor data of its own: the consent wording (data:export copies the versions the visitor’s rows name)',
    export: WHOLE_ROWS,
    columns: ['version', 'calls_and_texts', 'marketing_texts', 'added_at'],
  },
  'back_office.unsubscribe_signing_key': {
    coverage: 'no visitor data: a key',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['singleton', 'signing_key'],
  },
  'back_office.visitor_email_limits': {
    coverage: 'no visitor data: settings',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['singleton', 'max_per_address_per_day', 'max_per_kind_per_address_per_day', 'time_zone'],
  },
  'back_office.worker_heartbeats': {
    coverage: 'no visitor data: services, and digests of their settings (no values, no passwords)',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['worker_pool_id', 'service', 'started_at', 'last_seen_at', 'settings'],
  },
  'private.insert_throttle_settings': {
    coverage: 'no visitor data: settings',
    notExported: NOTHING_OF_A_VISITOR,
    columns: ['singleton', 'max_writes', 'window_seconds', 'client_address_header', 'max_body_bytes'],
  },
};

/**
 * Every Storage bucket, with what it holds. A bucket holding visitors' files must be in VISITOR_BUCKETS, which
 * data:forget, data:export, the retention job and its orphan sweep all walk (in request folders, `<requestId>/…`).
 */
const REVIEWED_BUCKETS: Record<string, { visitorFiles: boolean; coverage: string }> = {
  [VISUALIZER_BUCKET]: {
    visitorFiles: true,
    coverage: 'the photo as shown, renders, floor and room maps: forget, export, retention after visualizerImagesDays, orphan sweep',
  },
  [UPLOADS_BUCKET]: {
    visitorFiles: true,
    coverage: 'the photo as sent: deleted after its render, retention after abandonedUploadDays, forget, export, orphan sweep',
  },
};

describe('every place that can hold a visitor’s data is reviewed', () => {
  it('each table and column of public, back_office and private is in the reviewed list, and nothing listed is gone', async () => {
    const rows = await sql<{ table_name: string; column_name: string }>(
      `select c.table_schema || '.' || c.table_name as table_name, c.column_name
       from information_schema.columns as c
       join information_schema.tables as t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where t.table_type = 'BASE TABLE'
         and c.table_schema not in ('pg_catalog', 'information_schema', 'graphile_worker', 'supabase_migrations')
       order by c.table_schema, c.table_name, c.ordinal_position`,
    );
    const found: Record<string, string[]> = {};
    for (const row of rows) (found[row.table_name] ??= []).push(row.column_name);
    const reviewed = Object.fromEntries(Object.entries(REVIEWED).map(([table, { columns }]) => [table, columns]));
    expect(found).toEqual(reviewed);
  });

  it('data:export copies every table reviewed as copied, and no other (its rows whole: every column above)', () => {
    const copied = Object.entries(REVIEWED).filter(([, review]) => 'export' in review).map(([table]) => table);
    expect(Object.keys(EXPORTED_TABLES).sort()).toEqual(copied.sort());
    // Each table that holds a visitor's rows (data:forget or retention reaches it) is copied, or says why not.
    for (const [table, review] of Object.entries(REVIEWED)) {
      if (!review.coverage.startsWith('no visitor data')) expect('export' in review || review.notExported !== NOTHING_OF_A_VISITOR, table).toBe(true);
    }
  });

  it('each bucket Storage has is reviewed: the visitor buckets are the ones forget, export and retention reach', async () => {
    // Storage's API lists every bucket to the secret key, as a hosted project does (GET /storage/v1/bucket).
    const response = await fetch(`${stack.url}/storage/v1/bucket`, {
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    const buckets = ((await response.json()) as { id: string }[]).map((bucket) => bucket.id).sort();
    expect(buckets).toEqual(Object.keys(REVIEWED_BUCKETS).sort());
    const visitorBuckets = Object.entries(REVIEWED_BUCKETS).filter(([, review]) => review.visitorFiles).map(([bucket]) => bucket);
    expect([...VISITOR_BUCKETS].sort()).toEqual(visitorBuckets.sort());

    // On disk, the local stand-in holds only those buckets' folders, and its record of each object.
    const folders = (await readdir(stack.storageDir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.every((folder) => buckets.includes(folder) || folder === '.object-metadata'), `folders: ${folders.join(', ')}`).toBe(true);
  });
});
