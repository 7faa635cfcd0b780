import { useQuery, type Query } from '@tanstack/react-query';
import { z } from 'zod';
import { imageRenditionsSchema } from '@contracts/image-renditions';
import { RUG_CHOICES, VISUALIZER_FAILURE_KINDS, type VisualizerFailureKind } from '@contracts/visualizer-webhook';
import { visualizerImagesExpireAt } from '@/config/data-retention';
import { answerDeadline } from '@/lib/answer-deadline';
import { SUBMISSION_ID_HEADER } from '@/lib/insert-with-fallback';
import { getSupabaseClient } from '@/lib/supabase-client';

/** Spec section 4: read immediately, then every 10 seconds, at most 30 attempts. */
export const POLL_INTERVAL_MS = 10_000;
export const MAX_POLL_ATTEMPTS = 30;

/**
 * Only the columns a visitor may read of their own request (never the name, e-mail or correction token): the
 * spec's fields, then issue 8's every wood style, which render they are, how a correction went, and the floor
 * that render was laid on and how much of the photo it is; issue 23's rug choice that render shows and how much
 * of the photo is rug or carpet; issue 35's web-sized copies of the pictures; whether the images are gone (issue
 * 26), and when the request was made (its images' signed links end a retention period later: decision 022); the wood
 * styles still coming after the default one, or that could not be made (decision 025, session 16).
 */
const VISITOR_COLUMNS =
  'id,created_at,status,original_image_url,processed_image_url,failure_reason,failure_kind,style_image_urls,image_renditions,render_number,correction_state,floor_mask_url,floor_share,rug_choice,rug_share,images_deleted_at,styles_coming,styles_not_made';

export const visualizerRequestSchema = z.object({
  id: z.string(),
  created_at: z.string().nullable().default(null),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  original_image_url: z.string().nullable(),
  processed_image_url: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** What the visitor can do about the failure: the failure screen's buttons (contracts: VISUALIZER_FAILURE_KINDS). */
  failure_kind: z.enum(VISUALIZER_FAILURE_KINDS).nullable().default(null),
  style_image_urls: z.record(z.string(), z.string()),
  image_renditions: imageRenditionsSchema.default({}),
  render_number: z.number().int(),
  correction_state: z.enum(['rendering', 'failed']).nullable(),
  floor_mask_url: z.string().nullable(),
  floor_share: z.number().min(0).max(1).nullable(),
  rug_choice: z.enum(RUG_CHOICES).nullable(),
  rug_share: z.number().min(0).max(1).nullable(),
  /** Set once the retention job deleted the images (src/config/data-retention.ts): the result has expired. */
  images_deleted_at: z.string().nullable().default(null),
  /** Wood styles of this render still being laid after the default one, which the row already shows. */
  styles_coming: z.array(z.string()).default([]),
  /** Wood styles of this render that could not be made; the default picture stays. */
  styles_not_made: z.array(z.string()).default([]),
});

export type VisualizerRequest = z.infer<typeof visualizerRequestSchema>;

/**
 * The result's pictures are gone, or about to be: the retention job deleted them, or their signed links have ended
 * (they end when the images are due for deletion, up to an hour before the job's run deletes them).
 */
export function resultHasExpired(
  row: Pick<VisualizerRequest, 'created_at' | 'images_deleted_at'>,
  now = Date.now(),
): boolean {
  if (row.images_deleted_at) return true;
  return row.created_at !== null && now >= visualizerImagesExpireAt(row.created_at).getTime();
}

/**
 * The server answered that no request has this id (PostgREST's PGRST116: `.single()` found no row). Any other
 * failure of a read (offline, the API down or failing) says nothing about whether the request exists.
 */
export class VisualizerRequestNotFound extends Error {
  override name = 'VisualizerRequestNotFound';
}

/** Spec call 9: read the visitor's own request row by its id (sent in the header the row policy checks). */
export async function getVisualizerRequest(id: string): Promise<VisualizerRequest> {
  // A read the server takes and never answers is a read error (spec: the poll then times out), not a spinner for ever.
  const deadline = answerDeadline();
  let answer;
  try {
    answer = await (
      await getSupabaseClient()
    )
      .from('floor_visualizer_requests')
      .select(VISITOR_COLUMNS)
      .eq('id', id)
      .setHeader(SUBMISSION_ID_HEADER, id)
      .abortSignal(deadline.signal)
      .single();
  } finally {
    deadline.clear();
  }
  const { data, error } = answer;
  if (error?.code === 'PGRST116') throw new VisualizerRequestNotFound(error.message);
  if (error) throw new Error(error.message || 'Failed to read the visualizer request');
  return visualizerRequestSchema.parse(data);
}

type PollData = { row: VisualizerRequest; attempt: number };

export type PollState =
  | { phase: 'idle' }
  | { phase: 'polling'; attempt: number; status?: VisualizerRequest['status'] }
  | { phase: 'completed'; row: VisualizerRequest & { processed_image_url: string } }
  | { phase: 'failed'; reason: string | null; kind: VisualizerFailureKind | null }
  /** The reads ran out, or one failed (`readFailed`: the page could not ask, so how the render goes is not known). */
  | { phase: 'timeout'; attempt: number; readFailed?: boolean };

function isFinished(row: VisualizerRequest): boolean {
  return (row.status === 'completed' && Boolean(row.processed_image_url)) || row.status === 'failed';
}

function nextPoll(query: Query<PollData, Error, PollData, readonly unknown[]>): number | false {
  const { status, data } = query.state;
  if (status === 'error' || !data) return false;
  if (isFinished(data.row) || data.attempt >= MAX_POLL_ATTEMPTS) return false;
  return POLL_INTERVAL_MS;
}

/**
 * Follows a request until it is completed (with a processed image), failed, or out of attempts. `round`
 * starts a fresh budget of attempts for the same request (the visitor's "check again").
 */
export function useVisualizerRequestPolling(requestId: string | null, round = 0): PollState {
  const query = useQuery({
    queryKey: ['visualizer-request', requestId, round] as const,
    enabled: requestId !== null,
    queryFn: async ({ client, queryKey }): Promise<PollData> => {
      const previous = client.getQueryData<PollData>(queryKey);
      const row = await getVisualizerRequest(requestId as string);
      return { row, attempt: (previous?.attempt ?? 0) + 1 };
    },
    refetchInterval: nextPoll,
    // Processing takes a while; a visitor who switches tabs should come back to a result, not a paused poll.
    refetchIntervalInBackground: true,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (requestId === null) return { phase: 'idle' };
  const attempt = query.data?.attempt ?? 0;
  if (query.isError) return { phase: 'timeout', attempt, readFailed: true };
  const row = query.data?.row;
  if (row?.status === 'completed' && row.processed_image_url) {
    return { phase: 'completed', row: { ...row, processed_image_url: row.processed_image_url } };
  }
  if (row?.status === 'failed') return { phase: 'failed', reason: row.failure_reason, kind: row.failure_kind };
  if (attempt >= MAX_POLL_ATTEMPTS) return { phase: 'timeout', attempt };
  return { phase: 'polling', attempt, status: row?.status };
}
