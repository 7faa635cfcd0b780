import type pg from 'pg';
import { RENDER_FLOOR_TASK } from '../../job-queue/task-identifiers.ts';
import { RENDER_MAX_ATTEMPTS } from './render-job.ts';
import { shortenFailureReason, type VisualizerRequestRepository, type VisualizerRequestRow } from './visualizer-request-repository.ts';

const COLUMNS = 'id, customer_name, email, status, original_image_url, processed_image_url, failure_reason';

/**
 * The repository in SQL, over the processor's database connection (the job queue lives in the same
 * database, which is what lets "the row is processing" and "its render is queued" be one transaction).
 * Every change is conditional, so the status only moves forward.
 */
export function createSqlVisualizerRequestRepository(db: pg.Pool): VisualizerRequestRepository {
  return {
    async find(id) {
      const { rows } = await db.query<VisualizerRequestRow>(`select ${COLUMNS} from public.floor_visualizer_requests where id = $1`, [id]);
      return rows[0] ?? null;
    },
    async startRender(id, job) {
      const client = await db.connect();
      try {
        await client.query('begin');
        const claimed = await client.query(
          `update public.floor_visualizer_requests set status = 'processing', failure_reason = null
           where id = $1 and status = 'pending'`,
          [id],
        );
        if (claimed.rowCount !== 1) {
          await client.query('rollback');
          return false;
        }
        await client.query(
          `select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => 'render:' || $4::text)`,
          [RENDER_FLOOR_TASK, JSON.stringify(job), RENDER_MAX_ATTEMPTS, id],
        );
        await client.query('commit');
        return true;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async markCompleted(id, urls) {
      const { rowCount } = await db.query(
        `update public.floor_visualizer_requests
         set status = 'completed', original_image_url = $2, processed_image_url = $3, failure_reason = null
         where id = $1 and status = 'processing'`,
        [id, urls.originalImageUrl, urls.processedImageUrl],
      );
      return rowCount === 1;
    },
    async markFailed(id, reason) {
      await db.query(
        `update public.floor_visualizer_requests set status = 'failed', failure_reason = $2
         where id = $1 and status in ('pending', 'processing')`,
        [id, shortenFailureReason(reason)],
      );
    },
    async recordRefusal(id) {
      const { rows } = await db.query<{ refusals: number }>('select back_office.count_visualizer_webhook_refusal($1) as refusals', [id]);
      return rows[0]?.refusals ?? 0;
    },
    async refusalsThisHour(id) {
      const { rows } = await db.query<{ refusals: number }>('select back_office.visualizer_webhook_refusals_this_hour($1) as refusals', [id]);
      return rows[0]?.refusals ?? 0;
    },
  };
}
