import type { SegmenterTuning } from '../engine/segmentation/find-floor-with-segmenter.ts';
import { ZOOMED_WALL_LIMITS } from '../engine/segmentation/zoomed-walls.ts';
import { PHOTO_COLOUR_LIMITS } from '../engine/segmentation/photo-colours.ts';
import { OBJECT_BASE_LIMITS } from '../engine/segmentation/object-bases.ts';
import { TAP_LIMITS } from '../engine/segmentation/apply-floor-taps.ts';

const bases = (limits: Partial<typeof OBJECT_BASE_LIMITS>) => ({ objectBases: { ...OBJECT_BASE_LIMITS, ...limits } });
const taps = (limits: Partial<typeof TAP_LIMITS>) => ({ taps: { ...TAP_LIMITS, ...limits } });
const colours = (limits: Partial<typeof PHOTO_COLOUR_LIMITS>) => ({ photoColours: { ...PHOTO_COLOUR_LIMITS, ...limits } });

/** The engine before issue 23's steps; the single steps below are measured from it. */
const BEFORE: Partial<SegmenterTuning> = { threshold: 0.5, objectMargin: null, objectZoom: false, rugOutlines: null, wallBelow: null, zoomedWalls: null };
const margin = (side: number, down: number, up: number) => ({ objectMargin: { side, down, up } });

/** Changes of the engine's tuning, by name, for `npm run eval:steps` and `npm run eval:visitor` (decision 012). */
export const ENGINE_VARIANTS: Record<string, Partial<SegmenterTuning>> = {
  engine: {},
  'engine before issue 23': BEFORE,
  'before, no rug step': { ...BEFORE, takeOutRugs: false },
  'before, not grounded': { ...BEFORE, grounded: false },
  'before, not unanimous': { ...BEFORE, unanimous: false },
  'before, threshold 0.6': { ...BEFORE, threshold: 0.6 },
  'before, threshold 0.7': { ...BEFORE, threshold: 0.7 },
  'before, objects +1 all round': { ...BEFORE, ...margin(1, 1, 1) },
  'before, objects +2 all round': { ...BEFORE, ...margin(2, 2, 2) },
  'before, objects +4 all round': { ...BEFORE, ...margin(4, 4, 4) },
  'before, objects +2 side +6 down': { ...BEFORE, ...margin(2, 6, 0) },
  'before, objects +3 side +10 down': { ...BEFORE, ...margin(3, 10, 1) },
  'objects +1, threshold 0.6': { ...margin(1, 1, 1), threshold: 0.6, objectZoom: false },
  'objects +2, threshold 0.6': { ...margin(2, 2, 2), threshold: 0.6, objectZoom: false },
  'objects +2, threshold 0.7': { ...margin(2, 2, 2), threshold: 0.7, objectZoom: false },
  'objects +3, threshold 0.6': { ...margin(3, 3, 3), threshold: 0.6, objectZoom: false },
  'objects +1 side +3 down, threshold 0.6': { ...margin(1, 3, 1), threshold: 0.6, objectZoom: false },
  'zoomed objects, objects +2, threshold 0.6': { ...margin(2, 2, 2) },
  'engine, no rug step': { takeOutRugs: false },
  'engine, no rug outlines': { rugOutlines: null },
  'engine, no floor above walls': { wallBelow: null },
  'engine, floor above 5 cells of wall': { wallBelow: 5 },
  'engine, floor above 10 cells of wall': { wallBelow: 10 },
  'engine, no zoomed walls': { zoomedWalls: null },
  'engine, zoomed walls without guards': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, opening: 0, viewEdge: 2, likeFloor: 0, sameHue: 0, maxShare: 1 } },
  'engine, zoomed walls, no opening': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, opening: 0 } },
  'engine, zoomed walls, no view-edge guard': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, viewEdge: 2 } },
  'engine, zoomed walls, no like-floor guard': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, likeFloor: 0, sameHue: 0 } },
  'engine, zoomed walls, colour guard only': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, sameHue: 0 } },
  'engine, zoomed walls, hue guard only': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, likeFloor: 0 } },
  'engine, zoomed walls, no most-of-the-floor guard': { zoomedWalls: { ...ZOOMED_WALL_LIMITS, maxShare: 1 } },
  'engine, no photo colours': { photoColours: null },
  'engine, photo colours towards walls too': colours({ objectsOnly: false }),
  'engine, photo colours, ratio 2': colours({ ratio: 2 }),
  'engine, photo colours, ratio 2, distance 8': colours({ ratio: 2, minFloorDistance: 8 }),
  'engine, photo colours, distance 12': colours({ minFloorDistance: 12 }),
  'engine, photo colours, no hue guard': colours({ sameHue: 0 }),
  'engine, photo colours, any floor size': colours({ minDeep: 0 }),
  'engine, photo colours, rank 0.08': colours({ floorRank: 0.08 }),
  'engine, photo colours, lightness weight 1': colours({ lightnessWeight: 1 }),
  'engine, photo colours, the object it touches, ratio 2': colours({ sameObject: true, ratio: 2 }),
  'engine, photo colours, the object or wall it touches, ratio 2': colours({ sameObject: true, ratio: 2, objectsOnly: false }),
  'engine, no object bases': { objectBases: null },
  'engine, no object margin': { objectMargin: null },
  'engine, not grounded': { grounded: false },
  'engine, not unanimous': { unanimous: false },
  'engine, threshold 0.5': { threshold: 0.5 },
  'engine, no zoomed runs': { objectZoom: false },
  'engine, taps without the other side': taps({ otherSide: 0 }),
  'engine, taps, other side 2': taps({ otherSide: 2 }),
  'engine, taps, other side 0.5': taps({ otherSide: 0.5 }),
  'engine, taps, tapped reach 0.05': taps({ tappedReach: 0.05 }),
  'engine, taps, other side 4': taps({ otherSide: 4 }),
  'engine, taps, other side 4, reach 0.015': taps({ otherSide: 4, tappedReach: 0.015 }),
  'engine, taps, other side 8, reach 0.015': taps({ otherSide: 8, tappedReach: 0.015 }),
  'engine, taps, tapped reach 0.015': taps({ tappedReach: 0.015 }),
  'engine, taps without the strong edge': taps({ strongEdge: 0 }),
  'engine, taps, strong edge 16': taps({ strongEdge: 16 }),
  'engine, taps, climb 0.05': taps({ climb: 0.05 }),
  'engine, taps, under a thing reaching as far as the floor': taps({ underThingReach: Infinity }),
  'engine, taps, under a thing reaching 0.03': taps({ underThingReach: 0.03 }),
  'engine, taps, floor taps held to the drift in shade': taps({ shadeHue: 0 }),
  'engine, taps, shade hue 0.15': taps({ shadeHue: 0.15 }),
  'engine, taps without the cut': taps({ cutSmooth: 0 }),
  'engine, taps, cut smoothness 50': taps({ cutSmooth: 50 }),
  'engine, taps, cut bias 1': taps({ cutBias: 1 }),
  'engine, taps, cut bias 2': taps({ cutBias: 2 }),
  'engine, taps, cut reach 0.1, smoothness 50': taps({ cutReach: 0.1, cutSmooth: 50 }),
  'engine, object bases, any row length': bases({ maxRun: Infinity }),
  'engine, object bases, rows up to 10': bases({ maxRun: 10 }),
  'engine, object bases, rows up to 28': bases({ maxRun: 28 }),
  'engine, object bases, distance 30': bases({ minDistance: 30 }),
  'engine, object bases, distance 25, any row length': bases({ minDistance: 25, maxRun: Infinity }),
  'engine, object bases, model a quarter of the guide': bases({ scale: 4 }),
  'engine, object bases, one pass of the model': bases({ passes: 1 }),
};

