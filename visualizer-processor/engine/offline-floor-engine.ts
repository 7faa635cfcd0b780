import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import sharp from 'sharp';

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
import { findFloorWithSegmenter, floorsFromSegmentation, segmentForFloor } from './segmentation/find-floor-with-segmenter.ts';
import { inBackground, photoLinesOnNetworkThread, warmUpSegmenter, whenNetworkBusy } from './segmentation/scene-segmenter.ts';

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

export interface OfflineEngineOptions {
  /**
   * Once the network has warmed up and no photo has come for `REHEARSAL_DELAY_MS`, find the floor of a made-up room and
   * lay the default wood on it (`rehearseEngine`), so the first photo's steps run on code V8 has already made fast. For
   * a process that waits for photos (the processor); a command given its photo at once never rehearses.
   */
  rehearse?: boolean;
}

/** The offline engine, and whether its rehearsal went through (false: skipped or stopped for a photo; absent: not asked). */
export type OfflineFloorEngine = FloorEngine & { rehearsed?: Promise<boolean> };

/** The made-up room the engine rehearses on: the committed fixture its tests find the floor of (1280 × 800). */
export const REHEARSAL_PHOTO = fileURLToPath(new URL('../fixtures/images/room-carpet.jpg', import.meta.url));

/**
 * How many times the engine rehearses: a started processor's first photo (the page's 1600 px photo) came 0.15 s
 * sooner after one rehearsal, no sooner after two, and 0.4 s sooner after three (V8 makes the steps' functions fast
 * from about their third call, decision 028, session 20); a fourth gave nothing more (session 21).
 */
const REHEARSALS = 3;

/**
 * How long the engine waits, warmed up and with no photo, before it rehearses. A process started for the photo it was
 * sent (a platform that starts it on demand) has that photo within a few seconds and does not rehearse; a photo that
 * came while the rehearsal ran took 0.13 s longer (the part under way, 6 pairs at load 28-31; session 21). A processor
 * that waits for photos rehearses long before its first.
 */
const REHEARSAL_DELAY_MS = 5_000;

/**
 * The engine's whole work on a photo, as the processor's first render asks for it (both rug choices' floors, then the
 * default wood), on a made-up room, `REHEARSALS` times. The floor steps and the renderer are loops that run once per
 * photo and that V8 makes fast while they run, and from about their third call: in a fresh process most of their
 * first photo's time is V8's (decision 028). A processor started before its first photo does that here instead, while
 * it waits. Its network runs are in the background (a photo's own go first), and it stops before each part (the
 * network pass, the floors, the renderer's preparation, the wood) once `photoCame()` says a photo has come, so such a
 * photo waits for at most the part under way (the floor steps, some 0.3-0.4 s of this thread). Nothing is kept: later
 * photos get the same floors and pictures (decision 028, session 21). Resolves to whether it went through; a failure
 * (no model, the fixture missing from a build) is the first photo's to meet.
 */
export async function rehearseEngine(photoCame: () => boolean): Promise<boolean> {
  const { data, info } = await sharp(REHEARSAL_PHOTO).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const photo = { pixels: data, width: info.width, height: info.height };
  for (let round = 0; round < REHEARSALS; round++) {
    if (photoCame()) return false;
    const pass = await inBackground(() => segmentForFloor(photo));
    if (photoCame()) return false;
    const floor = await floorsFromSegmentation(photo, pass, { withRugsReplaced: true });
    if (photoCame()) return false;
    const prepared = await prepareWoodStyles(photo, floor);
    if (photoCame()) return false;
    await prepared.render([DEFAULT_WOOD_STYLE], 1);
  }
  return true;
}

/**
 * The default engine: offline, CPU only, everything it needs ships in the repository. The floor is found
 * once per photo and every style is rendered from it. Creating it starts loading the segmentation network.
 */
export function createOfflineFloorEngine(parts: OfflineEngineParts = defaultParts, options: OfflineEngineOptions = {}): OfflineFloorEngine {
  v8.setFlagsFromString(COMPILE_HOT_LOOPS_IN_PLACE);
  // The network loads in the background while the caller decodes its photo; a failure to load is reported
  // by the first findFloor, which tries again.
  let photoArrived = false;
  // Told by the processor when an upload call comes (photoComing): a phone's photo takes seconds to arrive, and the
  // rehearsal's CPU meanwhile would be the photo's wait (decision 028, session 21, words' review).
  let photoOnItsWay = false;
  const ownNetwork = parts.findFloor === defaultParts.findFloor;
  const ownRenderer = parts.prepareStyles === defaultParts.prepareStyles;
  let rehearsed: Promise<boolean> | undefined;
  if (ownNetwork) {
    // The default style's boards follow the network's warm-up, and like it only while no photo is waiting:
    // a photo that came meanwhile has them made while its own runs occupy the network's threads (below).
    const warmedUp = warmUpSegmenter().then(() => {
      if (!photoArrived && ownRenderer) warmUpRenderer([DEFAULT_WOOD_STYLE]);
    });
    warmedUp.catch(() => {});
    if (options.rehearse && ownRenderer) {
      rehearsed = warmedUp
        // Unreferenced: the wait keeps no process alive.
        .then(() => new Promise((resolve) => setTimeout(resolve, REHEARSAL_DELAY_MS).unref()))
        .then(() => !photoArrived && !photoOnItsWay && rehearseEngine(() => photoArrived || photoOnItsWay))
        .catch(() => false);
    }
  }
  /**
   * The floor, and meanwhile (the network runs on its own threads) what the renderer needs of the photo alone:
   * its small copy for the analysis (sharp, off this thread), its line segments (on a network thread once the
   * photo's runs are done: this thread has the floor's steps then) and the default style's boards, if not made yet.
   * A floor found for its own sake (the floor-mask command) wastes the small copy: a few milliseconds.
   */
  const findFloor = (photo: DecodedPhoto, options: FindFloorOptions) => {
    photoArrived = true;
    if (ownNetwork && ownRenderer) {
      void whenNetworkBusy().then(() => {
        void analysePhotoAhead(photo, photoLinesOnNetworkThread);
        warmUpRenderer([DEFAULT_WOOD_STYLE]);
      });
    }
    return parts.findFloor(photo, options);
  };
  return {
    ...(rehearsed ? { rehearsed } : {}),
    name: 'offline',
    offersRugChoice: true,
    photoComing: () => {
      photoOnItsWay = true;
    },
    findFloor: (photo, options = {}) => findFloor(photo, options),
    async visualize(photo, options: VisualizeOptions = {}) {
      photoArrived = true;
      const floor = options.floor ?? (await findFloor(photo, options));
      const seed = options.seed ?? 1;
      const prepared = await parts.prepareStyles(photo, floor);
      const renders = await prepared.render(options.styles ?? WOOD_STYLE_IDS, seed);
      return { ...floor, renders, renderMoreStyles: (styles, onRender) => prepared.render(styles, seed, onRender) };
    },
  };
}
