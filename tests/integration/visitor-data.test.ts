import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataRetention, orphanFilesGraceDays } from '../../src/config/data-retention';
import { deletionStepsByHand } from '../../src/config/privacy-requests';
import { anonFetch, sql, stack } from './stack-clients';
import { filesUnder, insertAsVisitor, renderedRequest, requestFolder, staffCommand, unique, until, uploadsDir } from './visitor-data-fixtures';

/**
 * Visitors' data on the real stack (issue 26): the retention job, as the processor runs it from the queue, deletes
 * what the retention settings say is due and nothing else; `npm run data:forget` removes one visitor's rows and
 * files from every table and no one else's.
 */
/** Every signed link of a request's web-sized copies (issue 35): the row's `image_renditions`. */
async function copyLinks(id: string): Promise<string[]> {
  const [row] = await sql<{ image_renditions: Record<string, { webp: { url: string }[]; jpeg: { url: string } }> }>(
    'select image_renditions from public.floor_visualizer_requests where id = $1',
    [id],
  );
  return Object.values(row!.image_renditions).flatMap(({ webp, jpeg }) => [...webp, jpeg].map((copy) => copy.url));
}

/** Storage's answers to each link: 200 while the file is there, 400 with statusCode 404 once it is gone. */
async function answers(links: string[]): Promise<string[]> {
  return Promise.all(
    links.map(async (link) => {
      const response = await fetch(link);
      return response.ok ? String(response.status) : `${response.status} ${((await response.json()) as { statusCode: string }).statusCode}`;
    }),
  );
}

/** A contact request whose e-mails (confirmation and staff copy) went out, the visitor's `days` ago. */
async function contactWithEmailsSentDaysAgo(email: string, days: number): Promise<string> {
  const id = await insertAsVisitor('contacts', { name: 'Mail Visitor', email, phone: '856-555-0100', message: 'Oak, please.' });
  await until('the contact e-mails to be sent', async () => {
    const rows = await sql<{ status: string }>('select status from back_office.outbound_emails where source_id = $1', [id]);
    return rows.length === 2 && rows.every((row) => row.status === 'sent');
  });
  await sql(
    'update back_office.outbound_emails set sent_at = now() - make_interval(days => $2) where source_id = $1 and recipient is not null',
    [id, days],
  );
  return id;
}

/** Queues the retention job as the cron does and waits until the queue has run it. */
async function runRetentionJob(): Promise<void> {
  await sql(`select graphile_worker.add_job('enforce_retention', '{}'::json, queue_name => 'retention', job_key => 'enforce_retention')`);
  await until('the retention job to finish', async () => {
    const [job] = await sql<{ attempts: number; last_error: string | null }>(
      "select attempts, last_error from graphile_worker.jobs where task_identifier = 'enforce_retention'",
    );
    if (job?.last_error) throw new Error(`The retention job failed: ${job.last_error}`);
    return !job;
  });
}

describe('the retention job', () => {
  it('is on the queue’s cron', async () => {
    const crontabs = await sql<{ identifier: string }>('select identifier from graphile_worker._private_known_crontabs');
    expect(crontabs.map((row) => row.identifier)).toContain('enforce_retention');
  });

  it('deletes the photos, renders and floor outlines that are due, clears old e-mail addresses and stale uploads, and records it', async () => {
    const tag = unique();
    const dueId = await renderedRequest('Old Visitor', `old.visitor.${tag}@example.com`);
    const keptId = await renderedRequest('Recent Visitor', `recent.visitor.${tag}@example.com`);

    // What the processor stored carries nothing of the photo's EXIF: no GPS, no camera, no other metadata.
    const stored = await filesUnder(requestFolder(dueId));
    expect(stored.map((file) => path.relative(requestFolder(dueId), file)).sort()).toEqual(
      expect.arrayContaining(['original.jpg', path.join('render-1', 'floor-mask.png'), path.join('render-1', 'natural-white-oak.jpg')]),
    );
    for (const file of stored) {
      const bytes = await readFile(file);
      const metadata = await sharp(bytes).metadata();
      expect([metadata.exif, metadata.xmp, metadata.iptc], file).toEqual([undefined, undefined, undefined]);
      expect(bytes.includes('FixturePhone'), file).toBe(false);
    }

    // The first request is older than the setting; the second a day younger than it.
    await sql(`update public.floor_visualizer_requests set created_at = now() - make_interval(days => $2) where id = $1`, [
      dueId,
      dataRetention.visualizerImagesDays + 1,
    ]);
    await sql(`update public.floor_visualizer_requests set created_at = now() - make_interval(days => $2) where id = $1`, [
      keptId,
      dataRetention.visualizerImagesDays - 1,
    ]);

    // An upload left behind by a render that never finished, older than the setting, and one in progress.
    const staleUpload = path.join(uploadsDir, randomUUID(), 'stale-upload');
    const freshUpload = path.join(uploadsDir, randomUUID(), 'fresh-upload');
    for (const file of [staleUpload, freshUpload]) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'photo bytes with GPS');
    }
    const staleTime = new Date(Date.now() - (dataRetention.abandonedUploadDays * 86_400_000 + 3_600_000));
    await utimes(staleUpload, staleTime, staleTime);

    // The e-mails of two contact requests: one sent longer ago than the setting, one just inside it.
    const contactId = await contactWithEmailsSentDaysAgo(`mail.visitor.${tag}@example.com`, dataRetention.emailRecipientDays + 1);
    const recentContactId = await contactWithEmailsSentDaysAgo(`mail.visitor2.${tag}@example.com`, dataRetention.emailRecipientDays - 1);

    // A throttle count per client address from before the setting.
    await sql(`insert into private.insert_throttle_hits (client_address, window_start, hits) values ($1, now() - make_interval(days => $2), 1)`, [
      `203.0.113.${Math.floor(Math.random() * 250)}-${tag}`,
      dataRetention.throttleAddressDays + 1,
    ]);

    // A refused webhook call counted for a request id, and one counted this hour (still in use).
    const probedId = randomUUID();
    await sql(`insert into back_office.visualizer_webhook_refusals (request_id, window_start, refusals) values ($1, now() - make_interval(days => $2), 3)`, [
      probedId,
      dataRetention.throttleAddressDays + 1,
    ]);
    await sql('select back_office.count_visualizer_webhook_refusal($1)', [probedId]);

    const [{ link }] = (await sql<{ link: string }>('select original_image_url as link from public.floor_visualizer_requests where id = $1', [dueId])) as [{ link: string }];
    expect((await fetch(link)).status).toBe(200);
    // The photo's and every style's web-sized copies (three each) open by their links until the job runs.
    const dueCopies = await copyLinks(dueId);
    expect(dueCopies.length).toBeGreaterThanOrEqual(6);
    expect(new Set(await answers(dueCopies))).toEqual(new Set(['200']));

    const [{ before }] = (await sql<{ before: string }>('select coalesce(max(id), 0)::text as before from back_office.data_removals')) as [{ before: string }];
    await runRetentionJob();

    // The due request: its files are gone, its row forgets the URLs and says when, the lead (name, e-mail) stays.
    expect(await filesUnder(requestFolder(dueId))).toEqual([]);
    const [due] = await sql('select * from public.floor_visualizer_requests where id = $1', [dueId]);
    expect(due).toMatchObject({
      customer_name: 'Old Visitor',
      email: `old.visitor.${tag}@example.com`,
      status: 'completed',
      original_image_url: null,
      processed_image_url: null,
      floor_mask_url: null,
      style_image_urls: {},
      image_renditions: {},
    });
    expect(due!.images_deleted_at).toBeInstanceOf(Date);
    // The link the row had opens nothing now (Storage answers a missing object with 400, statusCode 404).
    const gone = await fetch(link);
    expect([gone.status, ((await gone.json()) as { statusCode: string }).statusCode]).toEqual([400, '404']);
    expect(new Set(await answers(dueCopies))).toEqual(new Set(['400 404']));
    // The visitor's page reads, by the request's id, that the result has expired.
    const visitorView = await anonFetch(`floor_visualizer_requests?id=eq.${dueId}&select=status,processed_image_url,images_deleted_at`, {
      headers: { 'x-submission-id': dueId },
    });
    expect(await visitorView.json()).toEqual([{ status: 'completed', processed_image_url: null, images_deleted_at: expect.any(String) }]);

    // The request inside the period keeps everything.
    expect((await filesUnder(requestFolder(keptId))).length).toBe(stored.length);
    const [kept] = await sql<{ images_deleted_at: Date | null; processed_image_url: string | null }>(
      'select images_deleted_at, processed_image_url from public.floor_visualizer_requests where id = $1',
      [keptId],
    );
    expect(kept).toMatchObject({ images_deleted_at: null, processed_image_url: expect.stringContaining(keptId) });

    expect(existsSync(staleUpload)).toBe(false);
    expect(existsSync(freshUpload)).toBe(true);

    const emails = await sql<{ source_id: string; kind: string; status: string; recipient: string | null; recipient_removed_at: Date | null }>(
      `select source_id, kind, status, recipient, recipient_removed_at from back_office.outbound_emails
       where source_id = any($1::uuid[]) and kind = 'estimate_confirmation'`,
      [[contactId, recentContactId]],
    );
    const old = emails.find((email) => email.source_id === contactId)!;
    const recent = emails.find((email) => email.source_id === recentContactId)!;
    expect(old).toMatchObject({ status: 'sent', recipient: null, recipient_removed_at: expect.any(Date) });
    expect(recent).toMatchObject({ status: 'sent', recipient: `mail.visitor2.${tag}@example.com`, recipient_removed_at: null });

    expect(
      await sql('select 1 from private.insert_throttle_hits where window_start < now() - make_interval(days => $1)', [dataRetention.throttleAddressDays]),
    ).toEqual([]);

    expect(await sql('select refusals from back_office.visualizer_webhook_refusals where request_id = $1', [probedId])).toEqual([{ refusals: 1 }]);

    const removals = await sql<{ cause: string; removed: Record<string, number> }>(
      'select cause, removed from back_office.data_removals where id > $1',
      [before],
    );
    expect(removals).toHaveLength(1);
    expect(removals[0]!.cause).toBe('retention');
    expect(removals[0]!.removed).toMatchObject({
      visualizer_requests_images_deleted: 1,
      image_files_deleted: stored.length,
      abandoned_uploads_deleted: 1,
      email_addresses_removed: 1,
      throttle_counts_deleted: 1,
      webhook_refusal_counts_deleted: 1,
    });
    expect(JSON.stringify(removals[0])).not.toContain('@');

    // A second run finds nothing more to do, and records nothing.
    await runRetentionJob();
    expect(await sql('select 1 from back_office.data_removals where id > $1', [before])).toHaveLength(1);
  });
  it('sweeps request folders with no row, or whose row says its images are gone, once their newest file is past the grace period', async () => {
    const day = 86_400_000;
    const old = new Date(Date.now() - (orphanFilesGraceDays * day + 3_600_000));
    /** Stores a file through Storage's API, then dates it as stored at `when` (Storage's own record of it). */
    async function storeAt(objectPath: string, when: Date): Promise<void> {
      const response = await fetch(`${stack.url}/storage/v1/object/floor-visualizer/${objectPath}`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'image/jpeg' },
        body: 'jpeg bytes',
      });
      expect(response.status, objectPath).toBe(200);
      const metadataFile = path.join(stack.storageDir, '.object-metadata', 'floor-visualizer', `${objectPath}.json`);
      const metadata = JSON.parse(await readFile(metadataFile, 'utf8')) as Record<string, string>;
      await writeFile(metadataFile, JSON.stringify({ ...metadata, createdAt: when.toISOString(), updatedAt: when.toISOString() }));
    }
    // No row, all files old: swept. No row, one file fresh (a render writing now): kept.
    const orphan = randomUUID();
    await storeAt(`${orphan}/original.jpg`, old);
    await storeAt(`${orphan}/render-1/walnut.jpg`, old);
    const fresh = randomUUID();
    await storeAt(`${fresh}/original.jpg`, old);
    await storeAt(`${fresh}/render-1/walnut.jpg`, new Date());
    // A row with its images, old files: kept (the visualizerImagesDays rule decides). A row whose images were deleted: swept.
    const withRow = await insertAsVisitor('floor_visualizer_requests', { customer_name: 'Row Kept', email: `row.kept.${unique()}@example.com` });
    await storeAt(`${withRow}/original.jpg`, old);
    const imagesGone = await insertAsVisitor('floor_visualizer_requests', { customer_name: 'Images Gone', email: `images.gone.${unique()}@example.com` });
    await sql('select back_office.mark_visualizer_images_deleted($1::uuid[])', [[imagesGone]]);
    await storeAt(`${imagesGone}/render-1/walnut.jpg`, old);

    const [{ before }] = (await sql<{ before: string }>('select coalesce(max(id), 0)::text as before from back_office.data_removals')) as [{ before: string }];
    await runRetentionJob();

    expect(await filesUnder(requestFolder(orphan))).toEqual([]);
    expect(await filesUnder(requestFolder(imagesGone))).toEqual([]);
    expect((await filesUnder(requestFolder(fresh))).length).toBe(2);
    expect((await filesUnder(requestFolder(withRow))).length).toBe(1);
    const [record] = await sql<{ removed: Record<string, number> }>('select removed from back_office.data_removals where id > $1', [before]);
    expect(record!.removed.orphan_request_files_deleted).toBe(3);
  });

  it('deletes form rows older than the lead period with their e-mail records, except those staff marked as a customer’s', async () => {
    const tag = unique();
    const monthsAgo = (months: number) => `${months} months`;
    const contact = (name: string) =>
      insertAsVisitor('contacts', { name, email: `${name.toLowerCase()}.${tag}@example.com`, phone: '856-555-0105', message: 'Oak.' });
    const due = await contact('Due');
    const customer = await contact('Customer');
    const recent = await contact('Recent');
    const dueGuide = await insertAsVisitor('leads', { email: `guide.${tag}@example.com` });
    const dueRequest = await insertAsVisitor('floor_visualizer_requests', { customer_name: 'Due Request', email: `request.${tag}@example.com` });
    const all = [due, customer, recent, dueGuide, dueRequest];
    await until('their e-mails to be queued', async () => (await sql('select 1 from back_office.outbound_emails where source_id = any($1::uuid[])', [[due, customer]])).length >= 4);
    for (const [table, id, age] of [
      ['contacts', due, dataRetention.leadRowMonths + 1],
      ['contacts', customer, dataRetention.leadRowMonths + 1],
      ['contacts', recent, dataRetention.leadRowMonths - 1],
      ['leads', dueGuide, dataRetention.leadRowMonths + 1],
      ['floor_visualizer_requests', dueRequest, dataRetention.leadRowMonths + 1],
    ] as const) {
      await sql(`update public.${table} set created_at = now() - $2::interval where id = $1`, [id, monthsAgo(age)]);
    }
    // Staff mark the customer in the dashboard (the database owner's role; the public key cannot: below).
    await sql("update public.contacts set customer_since = '2026-01-15' where id = $1", [customer]);

    const [{ before }] = (await sql<{ before: string }>('select coalesce(max(id), 0)::text as before from back_office.data_removals')) as [{ before: string }];
    await runRetentionJob();

    const left = async (table: string) => (await sql<{ id: string }>(`select id from public.${table} where id = any($1::uuid[])`, [all])).map((row) => row.id);
    expect((await left('contacts')).sort()).toEqual([customer, recent].sort());
    expect(await left('leads')).toEqual([]);
    expect(await left('floor_visualizer_requests')).toEqual([]);
    const emailsLeft = await sql<{ source_id: string }>('select distinct source_id from back_office.outbound_emails where source_id = any($1::uuid[])', [all]);
    expect(emailsLeft.map((row) => row.source_id).sort()).toEqual([customer, recent].sort());
    const [record] = await sql<{ removed: Record<string, number> }>('select removed from back_office.data_removals where id > $1', [before]);
    expect(record!.removed.lead_rows_deleted).toBe(3);
  });
});

describe('the customer mark (customer_since)', () => {
  it('cannot be sent, changed or read with the public key', async () => {
    const sent = await anonFetch('contacts', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ id: randomUUID(), name: 'Mallory', email: `mallory.${unique()}@example.com`, phone: '856-555-0106', message: 'Keep me.', customer_since: '2020-01-01' }),
    });
    expect(sent.status).toBe(401);
    expect(await sent.text()).toContain('permission denied for table contacts');
    for (const table of ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests']) {
      const id = randomUUID();
      const changed = await anonFetch(`${table}?id=eq.${id}`, {
        method: 'PATCH',
        headers: { 'x-submission-id': id },
        body: JSON.stringify({ customer_since: '2020-01-01' }),
      });
      expect(changed.status, table).toBe(401);
      const read = await anonFetch(`${table}?select=customer_since&id=eq.${id}`, { headers: { 'x-submission-id': id } });
      expect(read.status, table).toBe(401);
    }
    // No column grant reaches it, and the owner's column grants do not either.
    const grants = await sql<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.column_privileges
       where column_name = 'customer_since' and grantee in ('anon', 'authenticated', 'PUBLIC')`,
    );
    expect(grants).toEqual([]);
  });
});

const dataForget = (args: string[], env: Record<string, string> = {}) => staffCommand('data:forget', args, env);

/** Every row of every table that holds a visitor's data, for the given lead ids and addresses. */
async function rowsOf(ids: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests']) {
    const [row] = await sql<{ count: number }>(`select count(*)::integer as count from public.${table} where id = any($1::uuid[])`, [ids]);
    counts[table] = row!.count;
  }
  const [emails] = await sql<{ count: number }>(
    'select count(*)::integer as count from back_office.outbound_emails where source_id = any($1::uuid[])',
    [ids],
  );
  counts.outbound_emails = emails!.count;
  return counts;
}

describe('npm run data:forget', () => {
  it('removes one visitor’s rows, e-mails and files from every table (any case, any +tag), and no one else’s; --dry-run only shows it', async () => {
    const tag = unique();
    const mailbox = `dana.forget.${tag}@example.com`;
    const visitorIds = [
      await insertAsVisitor('contacts', { name: 'Dana', email: mailbox, phone: '856-555-0101', message: 'Oak stairs.' }),
      await insertAsVisitor('leads', { email: `Dana.Forget.${tag}+guide@Example.com` }),
      await insertAsVisitor('realtors', { name: 'Dana', email: `DANA.FORGET.${tag}@EXAMPLE.COM`, phone: '856-555-0101', brokerage: 'Shore Homes' }),
      await insertAsVisitor('investors', { name: 'Dana', email: `dana.forget.${tag}+flips@example.com`, phone: '856-555-0101', company: 'DF LLC' }),
    ];
    const visualizerId = await renderedRequest('Dana', `dana.forget.${tag}+viz@example.com`);
    visitorIds.push(visualizerId);
    // Someone else, with an address that only looks alike.
    const otherIds = [
      await insertAsVisitor('contacts', { name: 'Dan', email: `dana.forget.${tag}x@example.com`, phone: '856-555-0102', message: 'Tile.' }),
      await insertAsVisitor('leads', { email: `other.${tag}@example.com` }),
    ];
    const otherVisualizerId = await renderedRequest('Dan', `dan.${tag}@example.com`);
    otherIds.push(otherVisualizerId);
    await until('the visitor’s e-mails to be queued and sent', async () => {
      const rows = await sql<{ status: string }>('select status from back_office.outbound_emails where source_id = any($1::uuid[])', [visitorIds]);
      return rows.length >= 9 && rows.every((row) => row.status !== 'queued' && row.status !== 'sending');
    });
    const before = await rowsOf(visitorIds);
    const othersBefore = await rowsOf(otherIds);
    const visitorFiles = (await filesUnder(requestFolder(visualizerId))).length;
    const [{ link }] = (await sql<{ link: string }>('select processed_image_url as link from public.floor_visualizer_requests where id = $1', [visualizerId])) as [{ link: string }];
    const visitorCopies = await copyLinks(visualizerId);
    expect(visitorCopies.length).toBeGreaterThanOrEqual(6);
    expect(visitorFiles).toBeGreaterThan(2);

    const dryRun = await dataForget([`  Dana.Forget.${tag}@Example.com `, '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain(`Would remove the data of ${mailbox}`);
    expect(dryRun.stdout).toMatch(/contacts \(estimate requests\): +1 row\n/);
    expect(dryRun.stdout).toMatch(/leads \(free-guide sign-ups\): +1 row\n/);
    expect(dryRun.stdout).toMatch(new RegExp(`floor_visualizer_requests: +1 row, ${visitorFiles} stored files`));
    expect(dryRun.stdout).toMatch(new RegExp(`outbound_emails: +${before.outbound_emails} rows`));
    expect(dryRun.stdout).toContain('Dry run: nothing was removed.');
    expect(await rowsOf(visitorIds)).toEqual(before);
    expect((await filesUnder(requestFolder(visualizerId))).length).toBe(visitorFiles);

    const forget = await dataForget([`dana.forget.${tag}+anything@EXAMPLE.com`]);
    expect(forget.stderr).toBe('');
    expect(forget.code).toBe(0);
    // The staff checklist of what the command cannot reach, with the mailbox to search for.
    expect(forget.stdout).toContain(`Still to do by hand (this command cannot reach them), for ${mailbox}:`);
    for (const step of deletionStepsByHand) expect(forget.stdout).toContain(`  [ ] ${step}`);
    expect(forget.stdout.replace('Would remove', 'Removed').split('\n').slice(0, 8)).toEqual(
      dryRun.stdout.replace('Would remove', 'Removed').split('\n').slice(0, 8),
    );
    expect(await rowsOf(visitorIds)).toEqual({
      contacts: 0, leads: 0, realtors: 0, investors: 0, floor_visualizer_requests: 0, outbound_emails: 0,
    });
    expect(
      await sql(`select 1 from back_office.outbound_emails where private.mailbox_key(recipient) = $1`, [mailbox]),
    ).toEqual([]);
    expect(await filesUnder(requestFolder(visualizerId))).toEqual([]);
    const gone = await fetch(link);
    expect([gone.status, ((await gone.json()) as { statusCode: string }).statusCode]).toEqual([400, '404']);
    expect(new Set(await answers(visitorCopies))).toEqual(new Set(['400 404']));

    // No one else's data was touched.
    expect(await rowsOf(otherIds)).toEqual(othersBefore);
    expect((await filesUnder(requestFolder(otherVisualizerId))).length).toBeGreaterThan(2);

    // The removal is recorded by kind and count, never by whose it was.
    const [record] = await sql<{ removed: Record<string, number> }>(
      "select removed from back_office.data_removals where cause = 'request' order by id desc limit 1",
    );
    expect(record!.removed).toMatchObject({ contacts: 1, leads: 1, realtors: 1, investors: 1, floor_visualizer_requests: 1, files: visitorFiles });
    expect(JSON.stringify(record)).not.toContain(tag);

    // Again: nothing left.
    const again = await dataForget([mailbox]);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain(`No data found for ${mailbox}`);
    expect(again.stderr).toContain('Nothing was removed.');
  });

  it('says what is wrong with no address, a malformed one, or an unknown option, and removes nothing', async () => {
    const none = await dataForget([]);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain('No e-mail address given.');
    expect(none.stderr).toContain('Usage: npm run data:forget -- <email address> [--dry-run]');

    const noAt = await dataForget(['not-an-address']);
    expect(noAt.code).toBe(2);
    expect(noAt.stderr).toContain('"not-an-address" is not an e-mail address. Nothing was removed.');

    // Shaped like an address, but not one the database would ever have stored (it names more than one mailbox).
    const twoMailboxes = await dataForget(['a1<victim@example.org>']);
    expect(twoMailboxes.code).toBe(2);
    expect(twoMailboxes.stderr).toContain('is not an e-mail address the site would have stored. Nothing was removed.');

    const unknownOption = await dataForget(['someone@example.com', '--force']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain('Unknown option --force.');

    const noStorage = await dataForget(['someone@example.com'], { VISUALIZER_STORAGE: '' });
    expect(noStorage.code).toBe(2);
    expect(noStorage.stderr).toContain('say where the visualizer files are');
  });
});
