import v8 from 'node:v8';

import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS } from '../../contracts/wood-styles.ts';
import type {
  DecodedPhoto,
  FindFloorOptions,
  FloorEngine,
  FloorMask,
  VisualizeOptions,
} from './floor-engine.ts';
import { analysePhotoAhead } from './rendering/analysis-image.ts';
import { prepareWoodStyles, warmUpRenderer, type PreparedStyles } from './rendering/render-wood-styles.ts';
import { findFloorWithSegmenter } from './segmentation/find-floor-with-segmenter.ts';
import { warmUpSegmenter, whenNetworkBusy } from './segmentation/scene-segmenter.ts';

/** The two halves of the offline engine; tests and experiments can swap either. */
export interface OfflineEngineParts {
  findFloor(photo: DecodedPhoto, options: FindFloorOptions): Promise<FloorMask>;
  /** What the styles of one photo's floor share, worked out once; then each style's picture from it. */
  prepareStyles(photo: DecodedPhoto, floor: FloorMask): Promise<PreparedStyles>;
}

const defaultParts: OfflineEngineParts = {
  findFloor: (photo, options) => findFloorWithSegmenter(photo, options),
  prepareStyles: prepareWoodStyles,
};

/**
 * A loop V8 decides to make fast while it runs (on-stack replacement) is compiled on the spot, not on a
 * background thread. The steps and the renderer are mostly loops that each run once per photo: compiled in the
 * background, such a loop went on in slow code until its fast code arrived, and on two cores those compiles took
 * their CPU from the network's threads and this one. In fresh processes on the 12 MP bench photo this cut V8's
 * background CPU from about 0.9 s to 0.35 s and the whole run's by about 0.45 s, while this thread's own rose
 * some 0.07 s (decision 028, session 8). A setting of the whole process (V8 gives no other), read each time a
 * loop is compiled, so setting it before the first photo is enough; it changes when code is made fast, never
 * what it computes.
 */
const COMPILE_HOT_LOOPS_IN_PLACE = '--no-concurrent-osr';

/**
 * The default engine: offline, CPU only, everything it needs ships in the repository. The floor is found
 * once per photo and every style is rendered from it. Creating it starts loading the segmentation network.
 */
export function createOfflineFloorEngine(parts: OfflineEngineParts = defaultParts): FloorEngine {
  v8.setFlagsFromString(COMPILE_HOT_LOOPS_IN_PLACE);
  // The network loads in the background while the caller decodes its photo; a failure to load is reported
  // by the first findFloor, which tries again.
  let photoArrived = false;
  const ownNetwork = parts.findFloor === defaultParts.findFloor;
  const ownRenderer = parts.prepareStyles === defaultParts.prepareStyles;
  if (ownNetwork) {
    // The default style's boards follow the network's warm-up, and like it only while no photo is waiting:
    // a photo that came meanwhile has them made while its own runs occupy the network's threads (below).
    warmUpSegmenter()
      .then(() => {
        if (!photoArrived && ownRenderer) warmUpRenderer([DEFAULT_WOOD_STYLE]);
      })
      .catch(() => {});
  }
  /**
   * The floor, and meanwhile (the network runs on its own threads) what the renderer needs of the photo alone:
   * its small copy for the analysis (sharp, off this thread) and the default style's boards, if not made yet.
   * A floor found for its own sake (the floor-mask command) wastes the small copy: a few milliseconds.
   */
  const findFloor = (photo: DecodedPhoto, options: FindFloorOptions) => {
    photoArrived = true;
    if (ownNetwork && ownRenderer) {
      void whenNetworkBusy().then(() => {
        void analysePhotoAhead(photo);
        warmUpRenderer([DEFAULT_WOOD_STYLE]);
      });
    }
    return parts.findFloor(photo, options);
  };
  return {
    name: 'offline',
    offersRugChoice: true,
    findFloor: (photo, options = {}) => findFloor(photo, options),
    async visualize(photo, options: VisualizeOptions = {}) {
      photoArrived = true;
      const floor = options.floor ?? (await findFloor(photo, options));
      const seed = options.seed ?? 1;
      const prepared = await parts.prepareStyles(photo, floor);
      const renders = await prepared.render(options.styles ?? WOOD_STYLE_IDS, seed);
      return { ...floor, renders, renderMoreStyles: (styles) => prepared.render(styles, seed) };
    },
  };
}
