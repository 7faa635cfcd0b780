import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS } from '../../contracts/wood-styles.ts';
import type {
  DecodedPhoto,
  FindFloorOptions,
  FloorEngine,
  FloorMask,
  StyleRender,
  VisualizeOptions,
  WoodStyleId,
} from './floor-engine.ts';
import { renderWoodStyles, warmUpRenderer } from './rendering/render-wood-styles.ts';
import { findFloorWithSegmenter } from './segmentation/find-floor-with-segmenter.ts';
import { warmUpSegmenter } from './segmentation/scene-segmenter.ts';

/** The two halves of the offline engine; tests and experiments can swap either. */
export interface OfflineEngineParts {
  findFloor(photo: DecodedPhoto, options: FindFloorOptions): Promise<FloorMask>;
  renderStyles(photo: DecodedPhoto, floor: FloorMask, styles: readonly WoodStyleId[], seed: number): Promise<StyleRender[]>;
}

const defaultParts: OfflineEngineParts = {
  findFloor: (photo, options) => findFloorWithSegmenter(photo, options),
  renderStyles: renderWoodStyles,
};

/**
 * The default engine: offline, CPU only, everything it needs ships in the repository. The floor is found
 * once per photo and every style is rendered from it. Creating it starts loading the segmentation network.
 */
export function createOfflineFloorEngine(parts: OfflineEngineParts = defaultParts): FloorEngine {
  // The network loads in the background while the caller decodes its photo; a failure to load is reported
  // by the first findFloor, which tries again.
  let photoArrived = false;
  if (parts.findFloor === defaultParts.findFloor) {
    // The default style's boards follow the network's warm-up, and like it only while no photo is waiting:
    // a photo that came meanwhile makes them itself, no later than it would have waited for them.
    warmUpSegmenter()
      .then(() => {
        if (!photoArrived && parts.renderStyles === defaultParts.renderStyles) warmUpRenderer([DEFAULT_WOOD_STYLE]);
      })
      .catch(() => {});
  }
  return {
    name: 'offline',
    offersRugChoice: true,
    findFloor: (photo, options = {}) => {
      photoArrived = true;
      return parts.findFloor(photo, options);
    },
    async visualize(photo, options: VisualizeOptions = {}) {
      photoArrived = true;
      const floor = options.floor ?? (await parts.findFloor(photo, options));
      const renders = await parts.renderStyles(photo, floor, options.styles ?? WOOD_STYLE_IDS, options.seed ?? 1);
      return { ...floor, renders };
    },
  };
}
