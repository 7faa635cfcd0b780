import type pg from 'pg';
import { RENDER_FLOOR_TASK } from '../../job-queue/task-identifiers.ts';
import { MAX_CORRECTIONS_PER_REQUEST, MAX_RUG_CHOICES_PER_REQUEST, MAX_WOOD_PICKS_PER_REQUEST } from '../../contracts/visualizer-webhook.ts';
import { DEFAULT_WOOD_STYLE, type WoodStyleId } from '../../contracts/wood-styles.ts';
import { RENDER_MAX_ATTEMPTS, type RenderJob } from './render-job.ts';
import {
  rowShowsWood,
  rugChoiceJob,
  shortenFailureReason,
  stylesOfTheRequest,
  type CorrectionStart,
  type RenderedImages,
  type VisualizerRequestRepository,
  type VisualizerRequestRow,
  type WoodChoiceRecord,
} from './visualizer-request-repository.ts';

async function inTransaction<T>(db: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function queueRender(client: pg.PoolClient, job: RenderJob): Promise<unknown> {
  return client.query(`select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => 'render:' || $4::text)`, [
    RENDER_FLOOR_TASK,
    JSON.stringify(job),
    RENDER_MAX_ATTEMPTS,
    job.requestId,
  ]);
}

/** Thrown inside a transaction to roll it back and answer `refused`. */
class NotStarted extends Error {}

const COLUMNS =
  'id, created_at, customer_name, email, status, original_image_url, processed_image_url, failure_reason, failure_kind, style_image_urls, image_renditions, render_number, correction_state, floor_mask_url, floor_share, rug_choice, rug_share, images_deleted_at, styles_coming, styles_not_made';

/** What every finished render writes to its row: `$1` is the id, `$2`..`$10` the render's (`renderValues`). */
const RENDER_COLUMNS = `processed_image_url = $2, style_image_urls = $3, render_number = $4, floor_mask_url = $5, floor_share = $6,
             rug_choice = $7, rug_share = $8, image_renditions = $9, styles_coming = $10, styles_not_made = '{}'`;

function renderValues(id: string, images: RenderedImages): unknown[] {
  return [
    id,
    images.processedImageUrl,
    JSON.stringify(images.styleImageUrls),
    images.renderNumber,
    images.floorMaskUrl,
    images.floorShare,
    images.rugChoice,
    images.rugShare,
    JSON.stringify(images.imageRenditions),
    images.stylesComing ?? [],
  ];
}

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
    async startRender(id, job, correctionTokenSha256) {
      try {
        return await inTransaction(db, async (client) => {
          const claimed = await client.query(
            `update public.floor_visualizer_requests set status = 'processing', failure_reason = null, correction_token_sha256 = $2
             where id = $1 and status = 'pending'`,
            [id, correctionTokenSha256],
          );
          if (claimed.rowCount !== 1) throw new NotStarted();
          await queueRender(client, job);
          return true;
        });
      } catch (error) {
        if (error instanceof NotStarted) return false;
        throw error;
      }
    },
    async markCompleted(id, images) {
      const { rowCount } = await db.query(
        `update public.floor_visualizer_requests
         set ${RENDER_COLUMNS}, status = 'completed', original_image_url = $11, failure_reason = null
         where id = $1 and status = 'processing'`,
        [...renderValues(id, images), images.originalImageUrl],
      );
      return rowCount === 1;
    },
    async addLaterStyles(id, { renderNumber, styleImageUrls, imageRenditions }) {
      const { rowCount } = await db.query(
        `update public.floor_visualizer_requests
         set style_image_urls = style_image_urls || $3::jsonb, image_renditions = image_renditions || $4::jsonb,
             styles_coming = array(select style from unnest(styles_coming) with ordinality as s (style, n) where style <> all ($5::text[]) order by n),
             styles_not_made = array(select style from unnest(styles_not_made) with ordinality as s (style, n) where style <> all ($5::text[]) order by n)
         where id = $1 and status = 'completed' and render_number = $2 and images_deleted_at is null`,
        // Each wood joins on its own as it is laid (decision 049): only these leave the lists. One statement, so two
        // woods' writes in a row each see the other's (the row's lock orders them; \`||\` adds to what is there).
        [id, renderNumber, JSON.stringify(styleImageUrls), JSON.stringify(imageRenditions), Object.keys(styleImageUrls)],
      );
      return rowCount === 1;
    },
    async markStylesNotMade(id, renderNumber) {
      await db.query(
        `update public.floor_visualizer_requests set styles_not_made = styles_coming, styles_coming = '{}'
         where id = $1 and render_number = $2 and cardinality(styles_coming) > 0`,
        [id, renderNumber],
      );
    },
    async startCorrection(id, correctionTokenSha256, taps) {
      return inTransaction(db, async (client): Promise<CorrectionStart> => {
        const { rows } = await client.query<VisualizerRequestRow & { correction_token_sha256: string | null; corrections_used: number }>(
          `select ${COLUMNS}, correction_token_sha256, corrections_used from public.floor_visualizer_requests where id = $1 for update`,
          [id],
        );
        const row = rows[0];
        if (!row || row.correction_token_sha256 !== correctionTokenSha256 || row.status !== 'completed') return { kind: 'refused' };
        if (row.images_deleted_at !== null) return { kind: 'expired' };
        if (row.correction_state === 'rendering') return { kind: 'busy' };
        if (row.corrections_used >= MAX_CORRECTIONS_PER_REQUEST) return { kind: 'used-up' };
        const job: RenderJob = {
          requestId: id,
          renderNumber: row.render_number + 1,
          styles: stylesOfTheRequest(row),
          taps,
          // A fix keeps the rug choice the visitor sees.
          ...(row.rug_choice ? { rugs: row.rug_choice } : {}),
        };
        await client.query(
          `update public.floor_visualizer_requests
           set corrections_used = corrections_used + 1, correction_state = 'rendering', correction_requested_at = now()
           where id = $1`,
          [id],
        );
        await queueRender(client, job);
        return { kind: 'started', renderNumber: job.renderNumber };
      });
    },
    async startRugChoice(id, correctionTokenSha256, rugs) {
      return inTransaction(db, async (client): Promise<CorrectionStart> => {
        const { rows } = await client.query<VisualizerRequestRow & { correction_token_sha256: string | null; rug_choices_used: number }>(
          `select ${COLUMNS}, correction_token_sha256, rug_choices_used from public.floor_visualizer_requests where id = $1 for update`,
          [id],
        );
        const row = rows[0];
        if (!row || row.correction_token_sha256 !== correctionTokenSha256 || row.status !== 'completed' || row.rug_choice === null) {
          return { kind: 'refused' };
        }
        if (row.images_deleted_at !== null) return { kind: 'expired' };
        if (row.correction_state === 'rendering') return { kind: 'busy' };
        if (row.rug_choice === rugs) return { kind: 'started', renderNumber: row.render_number };
        if (row.rug_choices_used >= MAX_RUG_CHOICES_PER_REQUEST) return { kind: 'used-up' };
        await client.query(
          `update public.floor_visualizer_requests
           set rug_choices_used = rug_choices_used + 1, correction_state = 'rendering', correction_requested_at = now()
           where id = $1`,
          [id],
        );
        const job = rugChoiceJob(row, rugs);
        await queueRender(client, job);
        return { kind: 'started', renderNumber: job.renderNumber };
      });
    },
    async recordWoodChoice(id, correctionTokenSha256, wood, left) {
      // The token first, without a lock: a wrong one (or an unknown id) answers at once and holds up nobody's own
      // pick or render. The token's hash is written once, as the render starts, so it cannot change in between.
      const { rows: holders } = await db.query(
        'select 1 from public.floor_visualizer_requests where id = $1 and correction_token_sha256 = $2',
        [id, correctionTokenSha256],
      );
      if (holders.length === 0) return 'refused';
      return inTransaction(db, async (client): Promise<WoodChoiceRecord> => {
        const { rows } = await client.query<
          VisualizerRequestRow & { correction_token_sha256: string | null; wood_style: WoodStyleId | null; wood_picks_used: number }
        >(
          `select ${COLUMNS}, correction_token_sha256, wood_style, wood_picks_used from public.floor_visualizer_requests where id = $1 for update`,
          [id],
        );
        const row = rows[0];
        if (!row || row.correction_token_sha256 !== correctionTokenSha256 || row.status !== 'completed') return 'refused';
        if (row.images_deleted_at !== null) return 'expired';
        if (!rowShowsWood(row, wood)) return 'not-shown';
        // Bounded as the rug choice is (migration 20261205001000): past it nothing is written, and the e-mails keep
        // the wood recorded last (their timer, 15 minutes at most, still sends them).
        if (row.wood_picks_used >= MAX_WOOD_PICKS_PER_REQUEST) return { usedUp: true, keeps: row.wood_style ?? DEFAULT_WOOD_STYLE };
        // The e-mails' timing follows from these two columns (the trigger of migration 20261203000130).
        // Leaving says which wood was on screen, not that one was picked: a visitor who never picked leaves on the
        // default, and recording it made the e-mails say "the one you chose" and staff "chosen by the visitor"
        // (session 29). So a leaving on the default keeps `wood_style` null when nothing was picked before.
        await client.query(
          `update public.floor_visualizer_requests
           set wood_picks_used = wood_picks_used + 1,
               wood_style = case when $3::boolean and wood_style is null and $2::text = $4::text then null else $2 end,
               wood_settled_at = case when $3 then coalesce(wood_settled_at, now()) else wood_settled_at end
           where id = $1`,
          [id, wood, left, DEFAULT_WOOD_STYLE],
        );
        return 'recorded';
      });
    },
    async markCorrectionRendered(id, images) {
      const { rowCount } = await db.query(
        `update public.floor_visualizer_requests
         set ${RENDER_COLUMNS}, correction_state = null
         where id = $1 and correction_state = 'rendering' and render_number < $4`,
        renderValues(id, images),
      );
      return rowCount === 1;
    },
    async markCorrectionFailed(id) {
      await db.query(
        `update public.floor_visualizer_requests set correction_state = 'failed' where id = $1 and correction_state = 'rendering'`,
        [id],
      );
    },
    async markFailed(id, reason, kind) {
      await db.query(
        `update public.floor_visualizer_requests set status = 'failed', failure_reason = $2, failure_kind = $3
         where id = $1 and status in ('pending', 'processing')`,
        [id, shortenFailureReason(reason), kind],
      );
    },
    async markPendingFailed(id, reason, kind) {
      await db.query(
        `update public.floor_visualizer_requests set status = 'failed', failure_reason = $2, failure_kind = $3 where id = $1 and status = 'pending'`,
        [id, shortenFailureReason(reason), kind],
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
    async recordRowlessCall(clientAddress) {
      await db.query('select private.count_rowless_webhook_call($1)', [clientAddress]);
    },
    async isBeyondAllowance(clientAddress) {
      const { rows } = await db.query<{ beyond: boolean }>('select private.beyond_write_allowance($1) as beyond', [clientAddress]);
      return rows[0]?.beyond ?? false;
    },
  };
}
