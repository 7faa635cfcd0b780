import { describeError } from '../../job-queue/redact.ts';
import { DEFAULT_WOOD_STYLE } from '../../contracts/wood-styles.ts';
import type { FloorEngine } from '../engine/floor-engine.ts';
import { MAX_WORKING_SIDE, PhotoRejectedError, decodePhoto, encodeJpeg } from './decode-photo.ts';
import { encodeFloorMask, floorShare } from './encode-floor-mask.ts';
import type { ImageStorage } from './image-storage.ts';
import { floorMaskPath, originalImagePath, renderJobSchema, renderedImagePath } from './render-job.ts';
import type { UploadStore } from './upload-store.ts';
import { FAILURE_REASONS } from './visitor-failure-reasons.ts';
import type { VisualizerRequestRepository } from './visualizer-request-repository.ts';

export interface RenderFloorDependencies {
  repository: VisualizerRequestRepository;
  uploads: UploadStore;
  storage: ImageStorage;
  engine: FloorEngine;
  maxInputPixels?: number;
  log?: (line: string) => void;
}

/** What the queue tells a job about itself (graphile-worker's `helpers.job`). */
export interface RenderAttempt {
  attempts: number;
  max_attempts: number;
}

/**
 * The `render_floor` job: the visitor's photo from private storage → decoded upright, metadata dropped →
 * the original, each requested style and the floor mask stored publicly → the row completed. A photo the processor refuses
 * (not an image, damaged, too many pixels) fails the row at once with its own message; any other error is
 * retried by the queue, and the last attempt fails the row with a human reason while the technical detail
 * goes to the log (never the visitor's name or address).
 */
export function createRenderFloorTask(deps: RenderFloorDependencies) {
  const log = deps.log ?? ((line: string) => console.log(line));

  return async (payload: unknown, helpers: { job: RenderAttempt }): Promise<void> => {
    const job = renderJobSchema.parse(payload);
    const { requestId } = job;
    const correction = job.renderNumber > 1;
    const row = await deps.repository.find(requestId);
    // Failed by the deadline, or already done by an earlier attempt that lost its acknowledgement.
    if (!row) return;
    if (correction ? row.correction_state !== 'rendering' || row.render_number >= job.renderNumber : row.status !== 'processing') return;

    const dropUpload = async () => {
      if (job.uploadPath) {
        await deps.uploads.delete(job.uploadPath).catch((error: unknown) => log(`request=${requestId} upload not deleted: ${describeError(error)}`));
      }
    };
    const fail = async (reason: string) => {
      if (correction) await deps.repository.markCorrectionFailed(requestId);
      else await deps.repository.markFailed(requestId, reason);
    };

    const startedAt = performance.now();
    try {
      // A first render starts from the upload; a correction from the stored (already upright, clean) original.
      const source = job.uploadPath ? await deps.uploads.get(job.uploadPath) : await deps.storage.read(originalImagePath(requestId));
      const photo = await decodePhoto(source, { maxInputPixels: deps.maxInputPixels, maxSide: MAX_WORKING_SIDE });
      const originalImageUrl = correction
        ? row.original_image_url!
        : await deps.storage.save(originalImagePath(requestId), await encodeJpeg(photo), 'image/jpeg');
      const result = await deps.engine.visualize(photo, { styles: job.styles, taps: job.taps });
      const styleImageUrls: Record<string, string> = {};
      for (const render of result.renders) {
        styleImageUrls[render.style] = await deps.storage.save(
          renderedImagePath(requestId, job.renderNumber, render.style),
          render.image,
          'image/jpeg',
        );
      }
      const processedImageUrl = styleImageUrls[DEFAULT_WOOD_STYLE] ?? Object.values(styleImageUrls)[0];
      if (!processedImageUrl) throw new Error('The engine returned no image');
      const floorMaskUrl = await deps.storage.save(floorMaskPath(requestId, job.renderNumber), await encodeFloorMask(result), 'image/png');
      const images = { originalImageUrl, processedImageUrl, styleImageUrls, renderNumber: job.renderNumber, floorMaskUrl, floorShare: floorShare(result) };
      if (correction) await deps.repository.markCorrectionRendered(requestId, images);
      else await deps.repository.markCompleted(requestId, images);
      await dropUpload();
      log(`request=${requestId} render ${job.renderNumber} done in ${Math.round(performance.now() - startedAt)}ms`);
    } catch (error) {
      if (error instanceof PhotoRejectedError) {
        await fail(error.message);
        log(`request=${requestId} photo refused: ${error.message}`);
        await dropUpload();
        return;
      }
      const attempt = `attempt ${helpers.job.attempts} of ${helpers.job.max_attempts}`;
      log(`request=${requestId} render ${job.renderNumber} ${attempt} failed: ${describeError(error)}`);
      if (helpers.job.attempts < helpers.job.max_attempts) throw error;
      await fail(FAILURE_REASONS.renderFailed);
      await dropUpload();
    }
  };
}
