import { createHash, randomBytes } from 'node:crypto';
import { UPLOADS_BUCKET } from '../../contracts/visualizer-webhook.ts';
import type { WoodStyleId } from '../../contracts/wood-styles.ts';
import { describeError } from '../../job-queue/redact.ts';
import { firstRenderJob } from './render-job.ts';
import type { VisualizerRequestRepository } from './visualizer-request-repository.ts';

/**
 * How long a photo stored for a row still `pending` waits before the processor queues its render itself. The webhook
 * stores the photo and queues the render one statement apart (milliseconds), so a photo left this long was stored by
 * a call that died between the two: its processor killed (SIGKILL, out of memory, the host restarting it). Longer than
 * any stall of that call the webhook itself outlives: it deletes its photo on a lost race only within this time.
 */
export const STORED_PHOTO_ORPHANED_AFTER_MS = 60_000;

export interface StoredPhotoTakeoverDependencies {
  repository: Pick<VisualizerRequestRepository, 'startRender'>;
  /** Rows still `pending` that were made before `createdBefore` (a photo is stored only once its row is there). */
  pendingRequestIds(createdBefore: Date): Promise<string[]>;
  /** The request's stored files, as visitor-files.ts lists them (only the uploads bucket's are read here). */
  listRequestFiles(requestId: string): Promise<{ bucket: string; path: string; storedAt: Date | null }[]>;
  /** The styles its first render makes, as the webhook would have asked. */
  styles: readonly WoodStyleId[];
  orphanedAfterMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * Queues the render of every pending row whose photo was stored and left (decision 016, item 21): the photo can still
 * be rendered, so it is, and the page that followed the row after its webhook call broke shows the result. The row
 * keeps the SHA-256 of a token nobody holds, since the only reply that could have carried one was never sent: the
 * result shows without "Fix the floor", as a result opened from its link does. A row without a stored photo is left to
 * the sweeps that fail it (no photo arrived, or it was never whole). Returns the requests it queued.
 */
export function createStoredPhotoTakeover(deps: StoredPhotoTakeoverDependencies): () => Promise<string[]> {
  const orphanedAfterMs = deps.orphanedAfterMs ?? STORED_PHOTO_ORPHANED_AFTER_MS;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((line: string) => console.log(line));
  return async () => {
    const cutoff = now() - orphanedAfterMs;
    const queued: string[] = [];
    for (const requestId of await deps.pendingRequestIds(new Date(cutoff))) {
      try {
        const uploads = (await deps.listRequestFiles(requestId)).filter((file) => file.bucket === UPLOADS_BUCKET);
        // The newest photo of the request: a second call's, if two stored one (the one a live call would have queued).
        const newest = uploads.sort((a, b) => (b.storedAt?.getTime() ?? 0) - (a.storedAt?.getTime() ?? 0))[0];
        if (!newest?.storedAt || newest.storedAt.getTime() > cutoff) continue;
        const unheldToken = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
        if (await deps.repository.startRender(requestId, firstRenderJob(requestId, newest.path, deps.styles), unheldToken)) {
          queued.push(requestId);
          log(`request=${requestId} render queued for its photo stored at ${newest.storedAt.toISOString()}: the call that stored it ended before queuing it`);
        }
      } catch (error) {
        log(`request=${requestId} could not queue the render of its stored photo: ${describeError(error)}`);
      }
    }
    return queued;
  };
}
