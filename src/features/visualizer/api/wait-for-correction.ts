import { useQuery, type Query } from '@tanstack/react-query';
import { getVisualizerRequest, type VisualizerRequest } from './get-visualizer-request';

/**
 * A correction renders in a few seconds: the row is read at once and then every 2 s. Two minutes covers a
 * queue that is busy; the processor's own deadline marks a correction that takes longer as failed.
 */
export const CORRECTION_POLL_MS = 2000;
export const MAX_CORRECTION_POLLS = 60;

type PollData = { row: VisualizerRequest; attempt: number };

export type CorrectionWait =
  | { phase: 'idle' }
  | { phase: 'rendering' }
  | { phase: 'rendered'; row: VisualizerRequest }
  | { phase: 'failed' }
  | { phase: 'lost' };

const isRendered = (row: VisualizerRequest, renderNumber: number) => row.render_number >= renderNumber;

/**
 * Follows the visitor's row until render `renderNumber` is stored (the row's images are then the corrected
 * ones), the correction failed (the previous images stay), or the reads run out or fail ('lost': the page
 * offers to check again, which is `refetch` with a fresh budget of reads).
 */
export function useCorrectionRender(requestId: string, renderNumber: number | null, round = 0): CorrectionWait {
  const query = useQuery({
    queryKey: ['visualizer-correction', requestId, renderNumber, round] as const,
    enabled: renderNumber !== null,
    queryFn: async ({ client, queryKey }): Promise<PollData> => {
      const previous = client.getQueryData<PollData>(queryKey);
      return { row: await getVisualizerRequest(requestId), attempt: (previous?.attempt ?? 0) + 1 };
    },
    refetchInterval: (query: Query<PollData, Error, PollData, readonly unknown[]>) => {
      const { status, data } = query.state;
      if (status === 'error' || !data || renderNumber === null) return false;
      if (isRendered(data.row, renderNumber) || data.row.correction_state === 'failed') return false;
      return data.attempt >= MAX_CORRECTION_POLLS ? false : CORRECTION_POLL_MS;
    },
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (renderNumber === null) return { phase: 'idle' };
  if (query.isError) return { phase: 'lost' };
  const data = query.data;
  if (!data) return { phase: 'rendering' };
  if (isRendered(data.row, renderNumber)) return { phase: 'rendered', row: data.row };
  if (data.row.correction_state === 'failed') return { phase: 'failed' };
  if (data.attempt >= MAX_CORRECTION_POLLS) return { phase: 'lost' };
  return { phase: 'rendering' };
}
