import type { RenderJob } from './render-job.ts';

/**
 * Access to `public.floor_visualizer_requests` and its render jobs. The processor reads a row, starts its
 * render (the row turns `processing` and the job is queued in one transaction), and finishes it; keeping that
 * behind this interface lets the processor tests run on the in-memory version while the SQL one is tested
 * against the real stack.
 */
export type VisualizerRequestStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface VisualizerRequestRow {
  id: string;
  customer_name: string;
  email: string;
  status: VisualizerRequestStatus;
  original_image_url: string | null;
  processed_image_url: string | null;
  failure_reason: string | null;
}

export interface VisualizerRequestRepository {
  find(id: string): Promise<VisualizerRequestRow | null>;
  /** pending → processing with the render job queued, atomically; false when the row is not (or no longer) pending. */
  startRender(id: string, job: RenderJob): Promise<boolean>;
  /** processing → completed; false when the row was no longer processing (failed by the deadline, say). */
  markCompleted(id: string, urls: { originalImageUrl: string; processedImageUrl: string }): Promise<boolean>;
  /** Marks a pending or processing row failed with a reason the visitor may read; a finished row is left alone. */
  markFailed(id: string, reason: string): Promise<void>;
  /** Counts one refused webhook call for this id and returns the count for the current hour. */
  recordRefusal(id: string): Promise<number>;
  refusalsThisHour(id: string): Promise<number>;
}

/** The column's CHECK allows 500 characters. */
export const MAX_FAILURE_REASON_LENGTH = 500;

export function shortenFailureReason(reason: string): string {
  const oneLine = reason.replace(/\s+/g, ' ').trim() || 'Processing failed.';
  return oneLine.length <= MAX_FAILURE_REASON_LENGTH ? oneLine : `${oneLine.slice(0, MAX_FAILURE_REASON_LENGTH - 1)}…`;
}

/** For tests: rows in a map; a started render is handed to `onRenderQueued` (the tests' stand-in for the queue). */
export function createInMemoryVisualizerRequestRepository(
  initialRows: VisualizerRequestRow[] = [],
  options: { onRenderQueued?: (job: RenderJob) => void } = {},
): VisualizerRequestRepository & { rows: Map<string, VisualizerRequestRow>; queuedJobs: RenderJob[] } {
  const rows = new Map(initialRows.map((row) => [row.id, { ...row }]));
  const refusals = new Map<string, number>();
  const queuedJobs: RenderJob[] = [];
  return {
    rows,
    queuedJobs,
    async find(id) {
      const row = rows.get(id);
      return row ? { ...row } : null;
    },
    async startRender(id, job) {
      const row = rows.get(id);
      if (!row || row.status !== 'pending') return false;
      row.status = 'processing';
      queuedJobs.push(job);
      options.onRenderQueued?.(job);
      return true;
    },
    async markCompleted(id, urls) {
      const row = rows.get(id);
      if (!row || row.status !== 'processing') return false;
      row.status = 'completed';
      row.original_image_url = urls.originalImageUrl;
      row.processed_image_url = urls.processedImageUrl;
      row.failure_reason = null;
      return true;
    },
    async markFailed(id, reason) {
      const row = rows.get(id);
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      row.status = 'failed';
      row.failure_reason = shortenFailureReason(reason);
    },
    async recordRefusal(id) {
      const count = (refusals.get(id) ?? 0) + 1;
      refusals.set(id, count);
      return count;
    },
    async refusalsThisHour(id) {
      return refusals.get(id) ?? 0;
    },
  };
}
