import type pg from 'pg';
import { LEAD_TABLES, mailboxOf, NotAnEmailAddress, OF_MAILBOX, type LeadTable } from './find-visitor.ts';
import type { VisitorFiles } from './visitor-files.ts';

export { NotAnEmailAddress };

export type ForgetReport = {
  /** The mailbox matched: lower case, without a +tag (the database's private.mailbox_key). */
  mailbox: string;
  dryRun: boolean;
  rows: Record<LeadTable | 'outbound_emails' | 'visualizer_webhook_refusals', number>;
  /** Files of the visitor's visualizer requests (photos, renders, floor outlines, uploads). */
  files: number;
  /** Jobs still waiting in the queue for those rows (e-mails not sent yet, renders), removed with them. */
  queuedJobs: number;
};

export const totalRemoved = (report: ForgetReport) => Object.values(report.rows).reduce((sum, count) => sum + count, 0) + report.files;

/**
 * Deletion on request: every row of one visitor, matched the way the database tells mailboxes apart (case and a
 * "+tag" ignored, private.mailbox_key), from every table that holds one (the four lead tables, visualizer
 * requests with their stored files, the e-mails queued or sent to them or about them, webhook refusal counts), in
 * one transaction. The files go before the commit: if deleting them fails, nothing is deleted and the command can
 * simply be run again. `dryRun` finds and counts the same, and changes nothing. Records what kinds and how many
 * were removed in back_office.data_removals (never the address).
 */
export async function forgetVisitor(db: pg.Pool, files: VisitorFiles, address: string, options: { dryRun: boolean }): Promise<ForgetReport> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { mailbox, valid } = await mailboxOf(client, address);

    const ids: Record<string, string[]> = {};
    for (const table of LEAD_TABLES) {
      const { rows } = await client.query<{ id: string }>(
        `select id from public.${table} where ${OF_MAILBOX} for update`,
        [mailbox],
      );
      ids[table] = rows.map((row) => row.id);
    }
    const leadIds = Object.values(ids).flat();
    const requestIds = ids.floor_visualizer_requests!;
    // E-mails to the visitor and the staff notifications about their rows (those hold their details too).
    const { rows: emails } = await client.query<{ id: string }>(
      `select id from back_office.outbound_emails
       where private.mailbox_key(recipient) = $1 or source_id = any($2::uuid[]) for update`,
      [mailbox, leadIds],
    );
    const { rows: refusals } = await client.query<{ count: number }>(
      'select count(*)::integer as count from back_office.visualizer_webhook_refusals where request_id = any($1::uuid[])',
      [requestIds],
    );
    const jobKeys = [...emails.map((email) => `email:${email.id}`), ...requestIds.map((id) => `render:${id}`)];
    const { rows: jobs } = await client.query<{ count: number }>(
      'select count(*)::integer as count from graphile_worker.jobs where key = any($1::text[])',
      [jobKeys],
    );

    let fileCount = 0;
    for (const id of requestIds) fileCount += await files.countRequestFiles(id);
    const report: ForgetReport = {
      mailbox,
      dryRun: options.dryRun,
      rows: {
        contacts: ids.contacts!.length,
        leads: ids.leads!.length,
        realtors: ids.realtors!.length,
        investors: ids.investors!.length,
        floor_visualizer_requests: requestIds.length,
        outbound_emails: emails.length,
        visualizer_webhook_refusals: refusals[0]?.count ?? 0,
      },
      files: fileCount,
      queuedJobs: jobs[0]?.count ?? 0,
    };
    // Stored rows are matched even if today's rules would refuse their address (rules only tighten for new rows).
    if (totalRemoved(report) === 0 && !valid) {
      throw new NotAnEmailAddress(`"${address}" is not an e-mail address the site would have stored.`);
    }
    if (options.dryRun || totalRemoved(report) === 0) {
      await client.query('rollback');
      return report;
    }

    for (const key of jobKeys) await client.query('select graphile_worker.remove_job($1)', [key]);
    await client.query('delete from back_office.outbound_emails where id = any($1::uuid[])', [emails.map((email) => email.id)]);
    await client.query('delete from back_office.visualizer_webhook_refusals where request_id = any($1::uuid[])', [requestIds]);
    for (const table of LEAD_TABLES) await client.query(`delete from public.${table} where id = any($1::uuid[])`, [ids[table]]);
    let filesDeleted = 0;
    for (const id of requestIds) filesDeleted += await files.deleteRequestFiles(id);
    report.files = filesDeleted;
    await client.query(`insert into back_office.data_removals (cause, removed) values ('request', $1)`, [
      { ...report.rows, files: report.files, queued_jobs: report.queuedJobs },
    ]);
    await client.query('commit');
    return report;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
