import type pg from 'pg';
import { dataRetention, orphanFilesGraceDays, type DataRetention } from '../src/config/data-retention.ts';
import { describeError } from '../job-queue/redact.ts';
import type { VisitorFiles } from './visitor-files.ts';

/** When the retention job runs: every hour at minute 17 (graphile-worker's crontab, UTC). */
export const ENFORCE_RETENTION_SCHEDULE = '17 * * * *';

/** Rows handled per batch: each batch is its own short transaction, so a backlog never holds locks for long. */
export const RETENTION_BATCH_SIZE = 100;

export type RetentionRemovals = {
  visualizer_requests_images_deleted: number;
  image_files_deleted: number;
  abandoned_uploads_deleted: number;
  orphan_request_files_deleted: number;
  email_addresses_removed: number;
  throttle_counts_deleted: number;
  webhook_refusal_counts_deleted: number;
  lead_rows_deleted: number;
};

export interface EnforceRetentionDependencies {
  db: pg.Pool;
  files: VisitorFiles;
  retention?: DataRetention;
  batchSize?: number;
  log?: (line: string) => void;
}

const daysInterval = (days: number) => `${days} days`;

/**
 * The `enforce_retention` job: deletes what the retention settings (src/config/data-retention.ts, the ones the
 * privacy page states) say is due, and records what it removed in back_office.data_removals.
 * - visualizer requests older than `visualizerImagesDays`: every file in both buckets, then the row forgets its
 *   URLs and says when (images_deleted_at). Files go first, so a failure leaves the row to the next run.
 * - uploads older than `abandonedUploadDays` (a render that never finished left its photo, GPS and all);
 * - request folders (either bucket) with no row, or whose row says its images were deleted, once their newest file
 *   is `orphanFilesGraceDays` old: nothing else would ever delete them;
 * - the address of e-mails finished longer than `emailRecipientDays` ago (the row stays);
 * - the throttle's per-address counts and the processor's refused calls per request id older than
 *   `throttleAddressDays` (both only count within their hour).
 * - form rows older than `leadRowMonths` that staff did not mark as a customer's (customer_since), with the records
 *   of the e-mails about them; their files, long deleted, would go with the orphan sweep.
 * Running it twice removes nothing the second time; a run cut short is finished by the next.
 */
export function createEnforceRetentionTask(deps: EnforceRetentionDependencies) {
  const retention = deps.retention ?? dataRetention;
  const batchSize = deps.batchSize ?? RETENTION_BATCH_SIZE;
  const log = deps.log ?? ((line: string) => console.log(line));

  const markOne = (ids: string[]) =>
    deps.db
      .query<{ count: number }>('select back_office.mark_visualizer_images_deleted($1::uuid[]) as count', [ids])
      .then(({ rows }) => rows[0]?.count ?? 0);

  /**
   * Marks a batch at once; if that fails (a row the CHECKs of a later migration no longer accept cannot be
   * updated), row by row, so one such row does not hold back the others. Its files are gone either way.
   */
  async function markImagesDeleted(ids: string[]): Promise<number> {
    try {
      return await markOne(ids);
    } catch {
      let marked = 0;
      for (const id of ids) {
        marked += await markOne([id]).catch((error: unknown) => {
          log(`retention: request=${id} images deleted, row not marked: ${describeError(error)}`);
          return 0;
        });
      }
      return marked;
    }
  }

  /** Deletes the files of request folders with no row (or none with images) whose newest file is past the grace period. */
  async function sweepOrphanFolders(): Promise<number> {
    const withFiles = await deps.files.requestIdsWithFiles();
    if (withFiles.length === 0) return 0;
    const { rows } = await deps.db.query<{ id: string }>('select back_office.request_folders_to_sweep($1::uuid[]) as id', [withFiles]);
    const cutoff = Date.now() - orphanFilesGraceDays * 86_400_000;
    let deleted = 0;
    for (const { id } of rows) {
      const files = await deps.files.listRequestFiles(id);
      // A file with no known time counts as stored now: kept until it has one past the grace period.
      const newest = Math.max(...files.map((file) => file.storedAt?.getTime() ?? Date.now()));
      if (files.length > 0 && newest < cutoff) deleted += await deps.files.deleteRequestFiles(id);
    }
    return deleted;
  }

  return async (): Promise<RetentionRemovals> => {
    const removed: RetentionRemovals = {
      visualizer_requests_images_deleted: 0,
      image_files_deleted: 0,
      abandoned_uploads_deleted: 0,
      orphan_request_files_deleted: 0,
      email_addresses_removed: 0,
      throttle_counts_deleted: 0,
      webhook_refusal_counts_deleted: 0,
      lead_rows_deleted: 0,
    };
    try {
      for (;;) {
        const { rows } = await deps.db.query<{ id: string }>(
          'select back_office.visualizer_requests_with_images_due($1::interval, $2) as id',
          [daysInterval(retention.visualizerImagesDays), batchSize],
        );
        if (rows.length === 0) break;
        for (const { id } of rows) removed.image_files_deleted += await deps.files.deleteRequestFiles(id);
        const marked = await markImagesDeleted(rows.map((row) => row.id));
        removed.visualizer_requests_images_deleted += marked;
        // A batch none of whose rows could be marked would come back first every time: leave it to the log.
        if (rows.length < batchSize || marked === 0) break;
      }

      const uploadCutoff = new Date(Date.now() - retention.abandonedUploadDays * 86_400_000);
      for (const upload of await deps.files.uploadsStoredBefore(uploadCutoff)) {
        await deps.files.deleteUpload(upload);
        removed.abandoned_uploads_deleted += 1;
      }

      for (;;) {
        const { rows } = await deps.db.query<{ count: number }>('select back_office.remove_expired_lead_rows($1::interval, $2) as count', [
          `${retention.leadRowMonths} months`,
          batchSize,
        ]);
        const count = rows[0]?.count ?? 0;
        removed.lead_rows_deleted += count;
        if (count < batchSize) break;
      }

      removed.orphan_request_files_deleted = await sweepOrphanFolders();

      for (;;) {
        const { rows } = await deps.db.query<{ count: number }>(
          'select back_office.remove_expired_email_recipients($1::interval, $2) as count',
          [daysInterval(retention.emailRecipientDays), batchSize],
        );
        const count = rows[0]?.count ?? 0;
        removed.email_addresses_removed += count;
        if (count < batchSize) break;
      }

      const { rows: throttle } = await deps.db.query<{ count: number }>(
        'select back_office.remove_expired_throttle_counts($1::interval) as count',
        [daysInterval(retention.throttleAddressDays)],
      );
      removed.throttle_counts_deleted = throttle[0]?.count ?? 0;
      const { rows: refusals } = await deps.db.query<{ count: number }>(
        'select back_office.remove_expired_webhook_refusals($1::interval) as count',
        [daysInterval(retention.throttleAddressDays)],
      );
      removed.webhook_refusal_counts_deleted = refusals[0]?.count ?? 0;
    } finally {
      // What was removed before a failure is recorded too: it is gone either way.
      if (Object.values(removed).some((count) => count > 0)) {
        await deps.db
          .query(`insert into back_office.data_removals (cause, removed) values ('retention', $1)`, [removed])
          .catch((error: unknown) => log(`retention: recording the removals failed: ${describeError(error)}`));
      }
      log(`retention: ${Object.entries(removed).map(([what, count]) => `${what}=${count}`).join(' ')}`);
    }
    return removed;
  };
}
