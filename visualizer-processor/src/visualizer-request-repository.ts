/**
 * Access to `public.floor_visualizer_requests`. The processor only reads a row, claims it, and finishes it;
 * keeping that behind this interface lets the processor tests run on the in-memory version while the
 * PostgREST one is tested against the real stack.
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
  /** pending → processing, atomically; null when the row is not (or no longer) pending. */
  claimPending(id: string): Promise<VisualizerRequestRow | null>;
  markCompleted(id: string, urls: { originalImageUrl: string; processedImageUrl: string }): Promise<void>;
  /** Marks a pending or processing row failed; a finished row is left alone. */
  markFailed(id: string, reason: string): Promise<void>;
}

/** The column's CHECK allows 500 characters. */
export const MAX_FAILURE_REASON_LENGTH = 500;

export function shortenFailureReason(reason: string): string {
  const oneLine = reason.replace(/\s+/g, ' ').trim() || 'Processing failed.';
  return oneLine.length <= MAX_FAILURE_REASON_LENGTH ? oneLine : `${oneLine.slice(0, MAX_FAILURE_REASON_LENGTH - 1)}…`;
}

export function createInMemoryVisualizerRequestRepository(
  initialRows: VisualizerRequestRow[] = [],
): VisualizerRequestRepository & { rows: Map<string, VisualizerRequestRow> } {
  const rows = new Map(initialRows.map((row) => [row.id, { ...row }]));
  return {
    rows,
    async find(id) {
      const row = rows.get(id);
      return row ? { ...row } : null;
    },
    async claimPending(id) {
      const row = rows.get(id);
      if (!row || row.status !== 'pending') return null;
      row.status = 'processing';
      return { ...row };
    },
    async markCompleted(id, urls) {
      const row = rows.get(id);
      if (!row) return;
      row.status = 'completed';
      row.original_image_url = urls.originalImageUrl;
      row.processed_image_url = urls.processedImageUrl;
      row.failure_reason = null;
    },
    async markFailed(id, reason) {
      const row = rows.get(id);
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      row.status = 'failed';
      row.failure_reason = shortenFailureReason(reason);
    },
  };
}
