import type { ImageRenditions } from '@contracts/image-renditions';
import type { RugChoice } from '@contracts/visualizer-webhook';
import { DEFAULT_WOOD_STYLE, isWoodStyleId, type WoodStyleId } from '@contracts/wood-styles';
import type { VisualizerRequest } from '../api/get-visualizer-request';

/** What the result step shows: the photo, each wood style rendered of it, and the floor that render found. */
export type VisualizerResult = {
  id: string;
  originalImageUrl: string;
  processedImageUrl: string;
  styleImageUrls: Partial<Record<WoodStyleId, string>>;
  /** Web-sized copies of the photo (`original`) and each style: what the page shows; the full pictures are downloads. */
  renditions: ImageRenditions;
  renderNumber: number;
  floorMaskUrl: string | null;
  /** How much of the photo that render laid wood on (0..1); null for rows rendered before it was kept. */
  floorShare: number | null;
  /** Rugs and carpet kept or replaced in that render; null when the processor offered no choice. */
  rugChoice: RugChoice | null;
  /** The share of the photo that is rug or carpet (what "Replace carpet and rugs too" changes). */
  rugShare: number | null;
  /** Wood styles of this render still being laid after the default one (the page follows the row for them). */
  stylesComing: WoodStyleId[];
  /** Wood styles of this render that could not be made. */
  stylesNotMade: WoodStyleId[];
};

/**
 * The result of a completed row. `processed_image_url` (spec call 9) is the default style's image whatever
 * `style_image_urls` holds, so a row from a processor that renders one style still shows one.
 */
export function resultFromRow(
  row: VisualizerRequest & { original_image_url: string; processed_image_url: string },
): VisualizerResult {
  const styleImageUrls: Partial<Record<WoodStyleId, string>> = {};
  for (const [style, url] of Object.entries(row.style_image_urls)) {
    if (isWoodStyleId(style)) styleImageUrls[style] = url;
  }
  styleImageUrls[DEFAULT_WOOD_STYLE] = row.processed_image_url;
  return {
    id: row.id,
    originalImageUrl: row.original_image_url,
    processedImageUrl: row.processed_image_url,
    styleImageUrls,
    renditions: row.image_renditions,
    renderNumber: row.render_number,
    floorMaskUrl: row.floor_mask_url,
    floorShare: row.floor_share,
    rugChoice: row.rug_choice,
    rugShare: row.rug_share,
    stylesComing: row.styles_coming.filter(isWoodStyleId).filter((style) => !styleImageUrls[style]),
    stylesNotMade: row.styles_not_made.filter(isWoodStyleId).filter((style) => !styleImageUrls[style]),
  };
}

/**
 * Whether two results of the same render offer the same woods, and say the same of those missing (still coming, not
 * made): the page follows the row while the later woods join it one by one (decision 049), and a read that changes
 * none of this changes nothing on screen.
 */
export function sameWoods(a: VisualizerResult, b: VisualizerResult): boolean {
  const listed = (styles: readonly string[]) => [...styles].sort().join(' ');
  return (
    a.renderNumber === b.renderNumber &&
    listed(Object.keys(a.styleImageUrls)) === listed(Object.keys(b.styleImageUrls)) &&
    listed(a.stylesComing) === listed(b.stylesComing) &&
    listed(a.stylesNotMade) === listed(b.stylesNotMade)
  );
}
