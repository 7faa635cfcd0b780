import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { getVisualizerRequest, type VisualizerRequest } from './get-visualizer-request';

/**
 * The other wood styles follow the default one by 1.5-7 s (decision 025, sessions 16 and 20): the row is read every
 * half second while any is still coming (a small read; at 1 s a phone on slow 4G saw them 0.3-1.05 s after their row
 * write, at 2 s a second later still). Every half second from each read's start, not half a second after its answer:
 * a read takes about a quarter of a second on slow 4G, so the reads came every 0.75 s and a wood waited for the
 * page about 0.12 s longer on average (decision 049, session 32). Two minutes covers a busy processor, which says they
 * were not made after 90 s of its own (LATER_STYLES_TIMEOUT_MS in the processor's render-floor-task.ts); after that
 * the page says they are taking longer, stops reading, and offers to read again (decision 025, session 18).
 */
export const LATER_STYLES_POLL_MS = 500;
export const MAX_LATER_STYLES_POLLS = 120_000 / LATER_STYLES_POLL_MS;
/** The least time between one read's answer and the next read, when a read took longer than the half second. */
const MIN_GAP_BETWEEN_READS_MS = 20;
/** A failed read is tried again a second after (one lost read is not news, and a struggling server is not hurried). */
const FAILED_READ_RETRY_MS = 1000;
/**
 * A read that fails is tried again twice, a poll apart, before the page says the woods are late: one lost read is not
 * news for the visitor. (supabase-js itself tries a GET again only after a network error, a 503 or a 520; a gateway's
 * 502 or 504, or a read past its answer deadline, came straight here.)
 */
const FAILED_READ_RETRIES = 2;

/** `startedAt`: when the read that gave `row` was asked (Date.now()), from which the next one is timed. */
type PollData = { row: VisualizerRequest; attempt: number; startedAt: number };

export type LaterStylesWait =
  | { phase: 'idle' }
  /**
   * Some still coming. `row`: the last read, once there is one: the processor adds each wood to the row as it is laid
   * (decision 049), so the woods already there can be shown while the others come.
   */
  | { phase: 'coming'; row?: VisualizerRequest }
  /** The row says none is coming any more for this render (laid, not made, or another render replaced it). */
  | { phase: 'arrived'; row: VisualizerRequest }
  /**
   * The reads ran out (`late`: the woods are taking longer than usual), or three in a row failed (`unreachable`: the
   * page could not ask, and the woods may well be there). `checkAgain` starts a fresh set of reads.
   */
  | { phase: 'lost'; reason: 'late' | 'unreachable'; checkAgain: () => void };

const settled = (row: VisualizerRequest, renderNumber: number) =>
  row.render_number !== renderNumber || row.styles_coming.length === 0;

/**
 * Follows the visitor's row while render `renderNumber` still has styles coming (`waiting`), until it has none:
 * then the row is the result with every style there is.
 */
export function useLaterStyles(requestId: string | null, renderNumber: number, waiting: boolean): LaterStylesWait {
  const enabled = waiting && requestId !== null;
  const client = useQueryClient();
  const queryKey = ['visualizer-later-styles', requestId, renderNumber] as const;
  // Forgets the reads so far (their count and any error) and reads again at once, every second, as at the start.
  const checkAgain = () => void client.resetQueries({ queryKey, exact: true });
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async ({ client, queryKey }): Promise<PollData> => {
      const previous = client.getQueryData<PollData>(queryKey);
      const startedAt = Date.now();
      return { row: await getVisualizerRequest(requestId as string), attempt: (previous?.attempt ?? 0) + 1, startedAt };
    },
    refetchInterval: (query: Query<PollData, Error, PollData, readonly unknown[]>) => {
      const { status, data, fetchStatus } = query.state;
      if (status === 'error' || !data || settled(data.row, renderNumber)) return false;
      if (data.attempt >= MAX_LATER_STYLES_POLLS) return false;
      // The query's timer starts anew with each answer (and is asked again at the next read's start, then the time
      // left does not matter: a read under way is not asked twice). What is left of the half second since the last
      // read was asked; a read slower than that is followed at once, by at least a frame's gap.
      if (fetchStatus === 'fetching') return LATER_STYLES_POLL_MS;
      return Math.max(MIN_GAP_BETWEEN_READS_MS, LATER_STYLES_POLL_MS - (Date.now() - data.startedAt));
    },
    refetchIntervalInBackground: true,
    retry: FAILED_READ_RETRIES,
    retryDelay: FAILED_READ_RETRY_MS,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (!enabled) return { phase: 'idle' };
  if (query.isError) return { phase: 'lost', reason: 'unreachable', checkAgain };
  const data = query.data;
  if (!data) return { phase: 'coming' };
  if (settled(data.row, renderNumber)) return { phase: 'arrived', row: data.row };
  if (data.attempt >= MAX_LATER_STYLES_POLLS) return { phase: 'lost', reason: 'late', checkAgain };
  return { phase: 'coming', row: data.row };
}

/**
 * After the row says the other woods were not made (the processor's 90 s bound), their work may still finish: it
 * cannot be stopped mid-way, and if it ends it adds them to the row after all (render-floor-task.ts). The page then
 * reads the row quietly, every 15 s for 10 minutes (past the HTTP engine's 2 minute call bound and a slow upload), and
 * shows them if they come (session 21): "not made in time" stayed on screen while the woods sat in the row, and only
 * a reload showed them. Slower than while they are coming: most never come (a failure is marked not made too).
 */
export const LATE_STYLES_POLL_MS = 15_000;
export const MAX_LATE_STYLES_POLLS = 40;

const madeLate = (row: VisualizerRequest, renderNumber: number) =>
  row.render_number !== renderNumber || (row.styles_not_made.length === 0 && row.styles_coming.length === 0);

/**
 * Follows request `requestId`'s row while its render `renderNumber` says the other woods were not made (`listening`),
 * the first read a poll after the one that said so. Gives each row read (the woods join it one by one, decision 049:
 * those added after all can be shown while the others are still out), and stops once none is missing any more (or
 * another render replaced it). A failed read, or the last, ends it without a word: the page already says they were not
 * made in time.
 */
export function useStylesMadeLate(
  requestId: string | null,
  renderNumber: number,
  listening: boolean,
): VisualizerRequest | null {
  const [found, setFound] = useState<{ requestId: string; renderNumber: number; row: VisualizerRequest } | null>(null);
  useEffect(() => {
    if (!listening || requestId === null) return;
    let stopped = false;
    let reads = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      reads += 1;
      let row: VisualizerRequest;
      try {
        row = await getVisualizerRequest(requestId);
      } catch {
        return;
      }
      if (stopped) return;
      setFound({ requestId, renderNumber, row });
      if (!madeLate(row, renderNumber) && reads < MAX_LATE_STYLES_POLLS)
        timer = setTimeout(() => void read(), LATE_STYLES_POLL_MS);
    };
    timer = setTimeout(() => void read(), LATE_STYLES_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [requestId, renderNumber, listening]);
  // Only what was found for the render listened to now (not a row found for an earlier one).
  return found !== null && found.requestId === requestId && found.renderNumber === renderNumber ? found.row : null;
}
