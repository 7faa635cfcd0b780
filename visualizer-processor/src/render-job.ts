import { z } from 'zod';
import { RUG_CHOICES } from '../../contracts/visualizer-webhook.ts';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS, type WoodStyleId } from '../../contracts/wood-styles.ts';

/**
 * The `render_floor` job's payload. The webhook queues the first render of a request; a later correction
 * ("Fix the floor") queues the next `renderNumber` with the visitor's taps. Each render's images get their
 * own folder, so a URL never changes content under a cache: `<id>/render-<n>/<style>.jpg`, the default
 * style's being the request's `processed_image_url`.
 */
export const renderJobSchema = z.object({
  requestId: z.uuid(),
  /** The photo as uploaded, in private storage; absent for a re-render, which starts from the stored original. */
  uploadPath: z.string().min(1).optional(),
  renderNumber: z.number().int().min(1),
  styles: z.array(z.enum(WOOD_STYLE_IDS as [WoodStyleId, ...WoodStyleId[]])).min(1),
  taps: z
    .array(z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), floor: z.boolean() }))
    .max(40)
    .default([]),
  /** Rugs and carpet kept or replaced; absent on a first render, which picks the photo's default. */
  rugs: z.enum(RUG_CHOICES).optional(),
  /**
   * The visitor's other rug choice: lay the styles on the floors the previous render stored (both choices and
   * the network's scene), without finding the floor again.
   */
  reuseFloor: z.boolean().default(false),
});

export type RenderJob = z.input<typeof renderJobSchema>;

/** Tries of one render (the first and two retries, a few seconds apart) before the request is failed. */
export const RENDER_MAX_ATTEMPTS = 3;

export const originalImagePath = (requestId: string) => `${requestId}/original.jpg`;

export const renderedImagePath = (requestId: string, renderNumber: number, style: WoodStyleId) =>
  `${requestId}/render-${renderNumber}/${style}.jpg`;

/** The floor that render `renderNumber` was laid on, beside its images (the page outlines it for corrections). */
export const floorMaskPath = (requestId: string, renderNumber: number) => `${requestId}/render-${renderNumber}/floor-mask.png`;

/**
 * Beside each render's images, the floors of both rug choices at the working size (255 = floor) and the
 * network's classes over the photo (one byte a cell): what the next render needs to show the other choice.
 */
export const rugChoiceFloorPath = (requestId: string, renderNumber: number, rugs: 'keep' | 'replace') =>
  `${requestId}/render-${renderNumber}/floor-${rugs}-rugs.png`;
export const sceneClassesPath = (requestId: string, renderNumber: number) => `${requestId}/render-${renderNumber}/scene-classes.png`;

export function firstRenderJob(requestId: string, uploadPath: string, styles: readonly WoodStyleId[] = [DEFAULT_WOOD_STYLE]): RenderJob {
  return { requestId, uploadPath, renderNumber: 1, styles: [...styles], taps: [] };
}
