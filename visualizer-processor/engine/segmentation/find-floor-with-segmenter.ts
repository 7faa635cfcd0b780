import sharp from 'sharp';
import type { DecodedPhoto, FindFloorOptions, FloorMask } from '../floor-engine.ts';
import { OBJECT_CLASSES, ZOOMED_PATCH_LIMITS, cellsAroundObjects, zoomedThingsThatCount, type ObjectMargin, type ZoomedPatchLimits } from './clear-around-objects.ts';
import { cellsAboveWalls } from './floor-above-walls.ts';
import { ZOOMED_WALL_LIMITS, floorZoomedRunsCallWall, type ZoomedViewEdges, type ZoomedWallLimits } from './zoomed-walls.ts';
import { STANDS_ON_THE_FLOOR, groundSceneFloor } from './ground-scene-floor.ts';
import { applyCoefficients, guideMeans, guidedCoefficients, resizeBilinear, type GrayImage, type GuideMeans, type GuidedCoefficients } from './guided-upsample.ts';
import { TAP_LIMITS, applyFloorTaps, type TapLimits } from './apply-floor-taps.ts';
import { SCENE_CLASS, floorClassIds } from './scene-classes.ts';
import { RUG_OUTLINE_LIMITS, floorInsideRugs, type RugOutlineLimits } from './rug-outlines.ts';
import { RUG_LIMITS, runsDisputeARug, takeOutRugs } from './take-out-rugs.ts';
import { ROUGH_RUG_LIMITS, grainOnGrid, roughRugOverFloor, roughnessOnGrid, type RoughRugLimits } from './rough-rugs.ts';
import { PHOTO_COLOUR_LIMITS, floorOfOtherColours, photoRegions, type PhotoColourLimits, type PhotoRegions } from './photo-colours.ts';
import { OBJECT_BASE_LIMITS, objectBasesOverFloor, type ObjectBaseLimits } from './object-bases.ts';
import { UNLIKE_PIECE_LIMITS, piecesUnlikeTheFloor, type UnlikePieceLimits } from './unlike-floor-pieces.ts';
import { ROUGH_THING_LIMITS, roughThingsOnFloor, type RoughThingLimits } from './rough-floor-things.ts';
import { closedOutlinesOnFloor, type ClosedOutlineLimits } from './closed-outlines.ts';
import { ROUGH_CLOSED_LIMITS, roughClosedThingsOnFloor, type RoughClosedLimits } from './rough-closed-things.ts';
import { columnsStandingInFloor, type StandingColumnLimits } from './standing-columns.ts';
import { DOOR_FRAME_LIMITS, floorThroughFrames, type DoorFrameLimits } from './door-frames.ts';
import { thingRimsOnFloor, type ThingRimLimits } from './thing-rims.ts';
import { frontFacesOnFloor, zoomedOtherThanFloor, type FrontFaceLimits } from './front-faces.ts';
import { edgeByLocalColours, type EdgeColourLimits } from './edge-colours.ts';
import { RUG_ISLAND_LIMITS, floorIslandsInRugs, type RugIslandLimits } from './rug-islands.ts';
import { RUG_RIM_LIMITS, rugRimOnFloor, type RugRimLimits } from './rug-rim.ts';
import { RUG_EDGE_LIMITS, rugEdgeBand, type RugEdgeLimits } from './rug-edge.ts';
import { ZOOMED_MARGIN_REGROWTH_LIMITS, zoomedMarginRegrowth, type ZoomedMarginInputs, type ZoomedMarginRegrowthLimits } from './zoomed-margin-regrowth.ts';
import { splitVoteRegrowth, type SplitVoteLimits } from './split-vote-regrowth.ts';
import { WHOLE_RUG_LIMITS, restOfPaintedRugs, type WholeRugLimits } from './whole-rugs.ts';
import { floorToEdges, type FloorToEdgeLimits } from './floor-to-edges.ts';
import { dilate, erode } from '../procedural/binary-morphology.ts';
import { SEGMENTER_SIZE, announcePhoto, classifyPixels, whenNetworkBusy } from './scene-segmenter.ts';
import { sceneGridSize, segmentPhoto, type FitMode, type SegmentedPhoto } from './segment-photo.ts';

/** The knobs measured by the segmentation bench; the defaults are what measured best (decision 004). */
export interface SegmenterTuning {
  fit: FitMode;
  mirrored: boolean;
  /** Longest side of the copy the network's input and the edge refinement are made from. */
  guideSide: number;
  /** Guided filter window radius, in pixels of the guide copy; 0 = no refinement (blocky network mask). */
  radius: number;
  /** Brightness variance (0..1 scale) below which a window only smooths. */
  epsilon: number;
  grounded: boolean;
  /**
   * Whether floor the object margin took still joins the pieces it parted for grounding (session 20, engine): floor
   * seen between a table's legs or behind a chair, cut off from the rest only by the margin, is the room's floor.
   */
  groundedThroughMargin: boolean;
  /**
   * Floor only where every run saw floor. Most of the network's errors on real photos are things taken for
   * floor (a patio through a door, a counter top), and a mirrored run rarely makes the same mistake.
   */
  unanimous: boolean;
  /** Filtered floor belief from which a pixel is floor. */
  threshold: number;
  /** A rug the runs disagree over, grown out of the floor (take-out-rugs.ts); only while rugs are kept in front. */
  takeOutRugs: boolean;
  /**
   * Not floor: cells with at least this many cells of wall (every run) below them in their column
   * (floor-above-walls.ts); null = not.
   */
  wallBelow: number | null;
  /** The floor inside the convex outline of a rug a run saw is rug too (rug-outlines.ts); only while rugs are kept. null = not. */
  rugOutlines: RugOutlineLimits | null;
  /** The rug a run saw, grown over the floor through cells as rough as it (rough-rugs.ts); only while rugs are kept. null = not. */
  roughRugs: RoughRugLimits | null;
  /** The floor gives way around anything a run saw standing on it (clear-around-objects.ts); null = not. */
  objectMargin: ObjectMargin | null;
  /**
   * Two more runs, on the bottom half's two quadrants at twice the scale, for objects only (with objectMargin):
   * a stool's base or a bucket is twice as many cells there. Their floor is not used.
   */
  objectZoom: boolean;
  /**
   * With objectZoom: of what only the zoomed runs saw standing on the floor where every whole-photo run saw floor,
   * broad patches of the floor's hue stay floor (zoomedThingsThatCount, clear-around-objects.ts); null = all of it
   * gives way.
   */
  zoomedBroadPatches: ZoomedPatchLimits | null;
  /**
   * With objectZoom and objectMargin: where only the zoomed runs' things (and their margin) took floor every
   * whole-photo run saw, the floor grows back from sure floor through cells of its hue (zoomed-margin-regrowth.ts);
   * null = not.
   */
  zoomedMarginRegrowth: ZoomedMarginRegrowthLimits | null;
  /**
   * With unanimous: where some run saw floor and the steps left none (the runs split; with `intoMargin`, the object
   * margin too), the floor grows back from sure floor through cells of its hue and light, never above walls, into
   * the zoomed runs' wall, near glass or a rug (split-vote-regrowth.ts); null = not.
   */
  splitVoteRegrowth: SplitVoteLimits | null;
  /**
   * Not floor: what the zoomed runs (objectZoom) call wall, within these limits (zoomed-walls.ts); null = not.
   */
  zoomedWalls: ZoomedWallLimits | null;
  /**
   * Not floor: floor whose colour is far from the deep floor's and near that of an object the runs saw beside it,
   * grown in from that object over superpixels of the photo (photo-colours.ts); null = not.
   */
  photoColours: PhotoColourLimits | null;
  /**
   * Not floor: thin parts of the guide copy far in colour from the floor around them, grown back over the floor
   * from its edge (legs, casters, feet; object-bases.ts); null = not.
   */
  objectBases: ObjectBaseLimits | null;
  /**
   * Not floor: broad pieces of the refined floor parted from it by a sharp outline, unlike the floor on every side
   * and of a colour found nowhere else on it (a cage's black base on pale tile, a trolley's black caster on vinyl;
   * unlike-floor-pieces.ts); only while rugs are kept (such a piece may be a rug). null = not.
   */
  unlikePieces: UnlikePieceLimits | null;
  /**
   * Not floor: broad pieces of the refined floor many times rougher than the floor's median, a thing's detail on a
   * smooth floor (a chair's star base, a caster; rough-floor-things.ts); only while rugs are kept (a rug is rough
   * too). null = not.
   */
  roughThings: RoughThingLimits | null;
  /**
   * Not floor: compact patches of the refined floor closed all round by a sharp outline with the floor's plain body on
   * every side, whatever their colour (a squat pan, a dish, a keyboard of the floor's tone; closed-outlines.ts); only
   * while rugs are kept (a rug is one too). null = not.
   */
  closedOutlines: ClosedOutlineLimits | null;
  /**
   * Not floor: compact patches of the refined floor a few times rougher than its median, closed in by it on most of
   * their outline (a keyboard or a device on a carpet of its tone; rough-closed-things.ts); only while rugs are kept
   * (a rug is one too). null = not.
   */
  roughClosedThings: RoughClosedLimits | null;
  /**
   * Not floor: between two straight upright edges of opposite step standing side by side inside the refined floor and
   * running up to where it ends, a column of the floor's own colour (a toilet's pedestal, a door frame's foot;
   * standing-columns.ts). null = not.
   */
  standingColumns: StandingColumnLimits | null;
  /**
   * Not floor: a band lying level at the floor's top border down to one long straight step with the floor going on
   * below it, and no step like it further down (a plinth, a kick plate, a counter's front seen from in front;
   * front-faces.ts). null = not.
   */
  frontFaces: FrontFaceLimits | null;
  /** Floor seen through a framed opening, a glass door's panel (`door-frames.ts`). */
  doorFrames: DoorFrameLimits | null;
  /**
   * Not floor: the refined floor within a band of what a run saw as a thing, nearer the thing's colour beside it than
   * the floor's beyond the band, unless it is the floor's own shade (thing-rims.ts). null = not.
   */
  thingRims: ThingRimLimits | null;
  /**
   * The full-size pixels within a guide pixel or two of the floor's edge given to the side whose local colour they
   * are clearly nearer (edge-colours.ts), after the taps. null = not.
   */
  edgeColours: EdgeColourLimits | null;
  /**
   * Not floor: a piece of the floor cells, not their largest and not reaching the frame, with a known rug (seen by a
   * run, or taken out by the rug steps) round more than this share of its outline (the shade ring round a pouf, a
   * bench's legs on a rug; rug-islands.ts); only while rugs are kept. null = not.
   */
  rugIslands: RugIslandLimits | null;
  /**
   * Not floor: the kept floor's cells near a rug the rug steps took out, nearer its colour than the floor's, about
   * as rough as it and with no grain (the rim the steps stopped short of; rug-rim.ts); only while rugs are kept.
   * null = not.
   */
  rugRim: RugRimLimits | null;
  /**
   * Not floor: the band between a kept rug's found far boundary and its straight edge line in the photo, a few cells
   * past it (rug-edge.ts); only while rugs are kept and the rug rim runs. null = not.
   */
  rugEdge: RugEdgeLimits | null;
  /**
   * With rugs replaced: the rest of a rug the replaced floor paints in part, grown from it through the rug's own hue
   * and shade over what the floor steps left (the shade under a table, pile the zoomed runs call wall; whole-rugs.ts);
   * the rug it grows from is the one the kept floor knew. null = not.
   */
  wholeRugs: WholeRugLimits | null;
  /**
   * With objectMargin: the floor every run saw that only the margin or the filter's threshold left out, shared at the
   * guide's size between the refined floor and the not-floor round it by geodesic distance on the guide's colours
   * (floor-to-edges.ts): the floor comes back up to a thing's own edge. null = not.
   */
  floorToEdges: FloorToEdgeLimits | null;
  /** How far a visitor's tap reaches (apply-floor-taps.ts). */
  taps: TapLimits;
  /**
   * Evaluation only (evaluation/cli/step-trace.ts: which step takes the floor the network saw), absent in the
   * engine: called after each step with the floor belief on the scene grid, then with the refined floor at the
   * guide's size before and after each step that pins it. The values are the steps' own: copy what you keep.
   */
  trace?: StepTrace;
}

/** See SegmenterTuning.trace. */
export type StepTrace = (step: string, at: 'grid' | 'guide', values: Float32Array | Uint8Array) => void;

export const DEFAULT_TUNING: SegmenterTuning = {
  fit: 'stretch',
  mirrored: true,
  guideSide: 768,
  radius: 5,
  epsilon: 0.002,
  grounded: true,
  groundedThroughMargin: false,
  // 0.6, not the filter's middle: where the edge is unsure, the photo stays as it was (decision 012).
  threshold: 0.6,
  unanimous: true,
  takeOutRugs: true,
  // Measured on the real set (decision 012, 2026-11-25 session 2).
  rugOutlines: RUG_OUTLINE_LIMITS,
  // Measured on the tuning photos (decision 012, issue 34 session 8).
  roughRugs: ROUGH_RUG_LIMITS,
  wallBelow: 15,
  objectMargin: { side: 1, down: 1, up: 1 },
  objectZoom: true,
  // Measured on the tuning photos (decision 012, issue 34 sessions 4 and 6).
  zoomedBroadPatches: ZOOMED_PATCH_LIMITS,
  // Measured on the tuning photos (decision 012, issue 34 sessions 18 and 19): off in session 18, when on the
  // held-back part it grew onto the edges of rugs no run saw; on again with its rug guards (a rug a zoomed run saw,
  // 6 cells from any known rug, nothing rougher than 1.5 times the sure floor). The variant 'engine, without zoomed
  // margin regrowth' measures the engine without it.
  zoomedMarginRegrowth: ZOOMED_MARGIN_REGROWTH_LIMITS,
  // Off (decision 012, session 21): +0.002 IoU on the tuning photos' first renders, but precision down more than
  // 0.005 on 7 of them (a desk top the network calls floor -0.036). The variant 'engine, split-vote regrowth' measures it.
  splitVoteRegrowth: null,
  // Measured on the real set (decision 012, 2026-11-25 session 3).
  zoomedWalls: ZOOMED_WALL_LIMITS,
  // Measured on the real set (decision 012, 2026-11-25 session 4).
  photoColours: PHOTO_COLOUR_LIMITS,
  // Measured on the real set (decision 012, 2026-11-26 session 5).
  objectBases: OBJECT_BASE_LIMITS,
  // Measured on the tuning photos (decision 012, issue 34 session 11).
  unlikePieces: UNLIKE_PIECE_LIMITS,
  // Measured on the tuning photos (decision 012, issue 34 session 12).
  roughThings: ROUGH_THING_LIMITS,
  // Off: measured on the tuning photos (decision 012's log, session 21).
  closedOutlines: null,
  // Measured on the tuning photos (decision 012, session 23): on since the taps keep off its patches (a floor tap
  // beside a keyboard grew back over it, session 22). The variant 'engine, without rough closed things' measures it.
  roughClosedThings: ROUGH_CLOSED_LIMITS,
  // Off (decision 012, issue 34 session 14): it took one tuning photo's toilet pedestal and no held-back photo's
  // anything, but a hallway shot along crisp dark plank seams lost whole planks to it (a test holds that), and it cost
  // ~80 ms of the 12 MP budget. The variant 'engine, with standing columns' measures it.
  standingColumns: null,
  // Off (decision 012's log, session 29). The variant 'engine, with front faces' measures it.
  frontFaces: null,
  // On since session 32 (decision 012's log): with its strip guard it takes hall-airport's glass panel and no other
  // tuning or held-back photo's floor. The variant 'engine, without door frames' measures it.
  doorFrames: DOOR_FRAME_LIMITS,
  // Off (decision 012's log, session 35). The variants 'engine, with thing rims, ...' measure it.
  thingRims: null,
  // Off (decision 012's log, session 30). The variants 'engine, edge colours, ...' measure it.
  edgeColours: null,
  // Measured on the tuning photos (decision 012, sessions 16 and 17): on since the rug choice (decision 017) reads
  // where the floor meets the walls, not only the leftovers this step takes. The variant 'engine, without rug
  // islands' measures the engine without it.
  rugIslands: RUG_ISLAND_LIMITS,
  // Measured on the tuning photos (decision 012's log, session 27).
  rugRim: RUG_RIM_LIMITS,
  // Measured on the tuning photos (decision 012's log, session 34): bedroom-stools 0.525 -> 0.620 IoU at first
  // render, the jute 0.025 -> 0.033, no other photo moves. The variant 'engine, without rug edge line' is main before.
  // Session 35: its band walked cell by cell where the found boundary has a step of its own (`colourWalkOver`): the
  // shag 0.251 / 0.657 -> 0.250 / 0.734, no other photo moves; 'engine, rug edge without the colour walk' is before.
  rugEdge: RUG_EDGE_LIMITS,
  // Measured on the tuning photos with rugs replaced (decision 012, session 19).
  wholeRugs: WHOLE_RUG_LIMITS,
  // Off (decision 012's log, session 22): the best form measured (the things' cells within 8 pixels of the floor,
  // stopped at colour gradients of 0.06) gave the tuning photos' first renders +0.007 IoU for -0.006 precision, and
  // painted a pot of the floor's tone whose outline is soft. Session 24: the tightest form (seedDeep 6) lowers
  // held-back precision (0.9252 -> 0.9240), for ~230 ms at 12 MP; the tuning photo it lowered after 2 taps (a "not
  // floor" tap on a desk top taking less) was a knife edge of the tapped side's test that 9 far pixels tip (session 25).
  // The variants 'engine, floor to edges, ...' measure it.
  floorToEdges: null,
  taps: TAP_LIMITS,
};

function brightness(rgb: Buffer, width: number, height: number): GrayImage {
  const values = new Float32Array(width * height);
  for (let i = 0; i < values.length; i++) values[i] = (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!) / 255;
  return { width, height, values };
}

/** 1 where any run saw it (share > 0). A plain loop: Uint8Array.from with a mapping function is ten times slower. */
function seenByAnyRun(shares: Float32Array): Uint8Array {
  const seen = new Uint8Array(shares.length);
  for (let i = 0; i < shares.length; i++) seen[i] = shares[i]! > 0 ? 1 : 0;
  return seen;
}

/*
 * The steps' loops over every cell (or guide pixel), as small functions shared by the steps rather than written
 * out in floorFromSegmentation: V8 runs a loop at its full speed only once it has optimised it, and a loop written
 * out in a long async function is made fast afresh (or not at all) each time, while one of these, called by the
 * first step, is already fast for the next (decision 028).
 */

/** 1 where the floor belief is at least one half: the floor as the steps read it. */
function beliefFloor(soft: Float32Array): Uint8Array {
  const floor = new Uint8Array(soft.length);
  for (let i = 0; i < floor.length; i++) floor[i] = soft[i]! >= 0.5 ? 1 : 0;
  return floor;
}

/** No floor belief where `where` is set. */
function clearWhere(soft: Float32Array, where: Uint8Array): void {
  for (let i = 0; i < soft.length; i++) if (where[i]) soft[i] = 0;
}

/** No floor belief on the floor a step did not keep (`floor` set, `kept` not). */
function clearDropped(soft: Float32Array, floor: Uint8Array, kept: Uint8Array): void {
  for (let i = 0; i < soft.length; i++) if (floor[i] && !kept[i]) soft[i] = 0;
}

/** Floor belief only where every run saw floor (1), none elsewhere. */
function keepUnanimous(soft: Float32Array): void {
  for (let i = 0; i < soft.length; i++) soft[i] = soft[i]! === 1 ? 1 : 0;
}

/** 1 where every run saw floor (belief 1). */
function everyRunFloor(soft: Float32Array): Uint8Array {
  const floor = new Uint8Array(soft.length);
  for (let i = 0; i < floor.length; i++) floor[i] = soft[i]! === 1 ? 1 : 0;
  return floor;
}

/** Full floor belief where `where` is set. */
function setWhere(soft: Float32Array, where: Uint8Array): void {
  for (let i = 0; i < soft.length; i++) if (where[i]) soft[i] = 1;
}

/** Adds `more` into `into`, cell by cell. */
function addInto(into: Float32Array, more: Uint8Array): void {
  for (let i = 0; i < into.length; i++) into[i]! += more[i]!;
}

/** 1 where an object was seen, or (with `rugsToo`) a rug. */
function objectCells(objectSeen: Float32Array, rugVotes: Float32Array, rugsToo: boolean): Uint8Array {
  const objects = new Uint8Array(objectSeen.length);
  for (let i = 0; i < objects.length; i++) objects[i] = objectSeen[i]! > 0 || (rugsToo && rugVotes[i]! > 0) ? 1 : 0;
  return objects;
}

/** Marks in `into` the cells of `floor` that `kept` does not keep. */
function markDropped(into: Uint8Array, floor: Uint8Array, kept: Uint8Array): void {
  for (let i = 0; i < into.length; i++) if (floor[i] && !kept[i]) into[i] = 1;
}

/** Marks in `into` the cells set in `more`. */
function markWhere(into: Uint8Array, more: Uint8Array): void {
  for (let i = 0; i < into.length; i++) if (more[i]) into[i] = 1;
}

/** Whether some cell is set in both. */
function meet(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] === 1 && b[i] === 1) return true;
  return false;
}

/** 1 where the filtered floor belief (the coefficients applied to the guide's brightness) reaches `threshold`. */
function refinedFloor(coefficients: GuidedCoefficients, guide: GrayImage, threshold: number): Uint8Array {
  const { a, b } = coefficients;
  const brightness = guide.values;
  const floor = new Uint8Array(brightness.length);
  for (let i = 0; i < floor.length; i++) floor[i] = a[i]! * brightness[i]! + b[i]! >= threshold ? 1 : 0;
  return floor;
}

/** Where `where` is set, the coefficients become a constant, 1 where it holds `floorCode` and 0 elsewhere: the filter says exactly that there. */
function pinCoefficients(coefficients: GuidedCoefficients, where: Uint8Array, floorCode: number): void {
  const { a, b } = coefficients;
  for (let i = 0; i < where.length; i++) {
    const code = where[i]!;
    if (!code) continue;
    a[i] = 0;
    b[i] = code === floorCode ? 1 : 0;
  }
}

/**
 * The scene cells whose floor may come back (floorToEdges): the floor left before the filter, and what the margin
 * took from the runs' floor, but not within 2 cells of floor a later step took (a rug's edge, a wall's foot, a
 * seat of the thing's colour: that step's reason holds beside it too), nor where a zoomed run saw a thing
 * (`zoomedThings`, when given).
 */
function floorToEdgeCandidates(
  beforeMargin: Uint8Array,
  margin: Uint8Array,
  floor: Uint8Array,
  things: Uint8Array,
  width: number,
  height: number,
  marginOnly: boolean,
  interior: number,
  zoomedThings: Uint8Array | null,
): { cells: Uint8Array; thingCells: Uint8Array } {
  const takenLater = new Uint8Array(floor.length);
  for (let i = 0; i < floor.length; i++) takenLater[i] = beforeMargin[i] && !margin[i] && !floor[i] ? 1 : 0;
  const nearTaken = dilate(takenLater, width, height, 2);
  // A thing's inside (more than `interior` cells from its outline) never comes back: a pot of the floor's tone whose
  // outline is soft.
  if (interior > 0) markWhere(nearTaken, erode(things, width, height, interior));
  // Where a zoomed run (twice the scale) saw a thing, the thing is there at the finer scale too.
  if (zoomedThings) markWhere(nearTaken, zoomedThings);
  const cells = new Uint8Array(floor.length);
  const thingCells = new Uint8Array(floor.length);
  for (let i = 0; i < floor.length; i++) {
    cells[i] = (floor[i] && !marginOnly) || (beforeMargin[i] && margin[i] && !nearTaken[i]) ? 1 : 0;
    thingCells[i] = things[i] && !beforeMargin[i] && !nearTaken[i] ? 1 : 0;
  }
  return { cells, thingCells };
}

/** `cells` (on the scene grid) at the guide's size, left out where `except` is set. */
function onGuide(cells: Uint8Array, grid: { width: number; height: number }, guide: { width: number; height: number }, except: Uint8Array): Uint8Array {
  const out = new Uint8Array(guide.width * guide.height);
  const columns = new Int32Array(guide.width);
  for (let x = 0; x < guide.width; x++) columns[x] = Math.min(grid.width - 1, Math.floor((x * grid.width) / guide.width));
  for (let y = 0; y < guide.height; y++) {
    const row = Math.min(grid.height - 1, Math.floor((y * grid.height) / guide.height)) * grid.width;
    for (let x = 0; x < guide.width; x++) {
      const i = y * guide.width + x;
      out[i] = cells[row + columns[x]!] && !except[i] ? 1 : 0;
    }
  }
  return out;
}

/** A guide copy (raw RGB) and its size. */
interface Guide {
  pixels: Buffer;
  width: number;
  height: number;
}

/*
 * What the steps work out from the guide copy alone (no network): its brightness, the guided filter's window
 * means of it, its colours squeezed onto the scene grid and their superpixels. Made once per guide copy and kept
 * with it (keyed by its pixels, which nothing changes), so a photo's floors (both rug choices, each tap) share
 * them, and `segmentForFloor` makes them while the network runs, when this thread would only wait (decision 028).
 */
const guideWork = new WeakMap<Buffer, Map<string, unknown>>();

function ofGuide<T>(guide: Guide, key: string, make: () => T): T {
  let work = guideWork.get(guide.pixels);
  if (!work) guideWork.set(guide.pixels, (work = new Map()));
  if (!work.has(key)) work.set(key, make());
  return work.get(key) as T;
}

function guideBrightness(guide: Guide): GrayImage {
  return ofGuide(guide, 'brightness', () => brightness(guide.pixels, guide.width, guide.height));
}

function guideWindowMeans(guide: Guide, radius: number): GuideMeans {
  return ofGuide(guide, `means ${radius}`, () => guideMeans(guideBrightness(guide), radius));
}

/** The guide copy squeezed onto the scene grid (it covers the whole photo in every fit): each cell's colour. */
function guideOnSceneGrid(guide: Guide, grid: { width: number; height: number }): Promise<Buffer> {
  return ofGuide(guide, `grid ${grid.width}x${grid.height}`, () =>
    sharp(guide.pixels, { raw: { width: guide.width, height: guide.height, channels: 3 } })
      .resize(grid.width, grid.height, { fit: 'fill' })
      .raw()
      .toBuffer(),
  );
}

/** The superpixels of the guide on the scene grid (photo-colours.ts). */
function guideRegions(guide: Guide, grid: { width: number; height: number }, limits: PhotoColourLimits): Promise<PhotoRegions> {
  const key = `regions ${grid.width}x${grid.height} ${limits.spacing} ${limits.compactness} ${limits.iterations}`;
  return ofGuide(guide, key, async () => photoRegions(await guideOnSceneGrid(guide, grid), grid.width, grid.height, limits));
}

/** The guide work `tuning` asks for, all of it (a failure here is the steps' to report, when they ask again). */
async function prepareGuide(guide: Guide, grid: { width: number; height: number }, tuning: SegmenterTuning): Promise<void> {
  if (tuning.radius > 0) guideWindowMeans(guide, tuning.radius);
  if (tuning.photoColours) await guideRegions(guide, grid, tuning.photoColours);
}

function guideOf(pass: SegmentedFloorPhoto): Guide {
  return { pixels: pass.guidePixels, width: pass.guideWidth, height: pass.guideHeight };
}

/** One network pass over a photo: everything the floor masks are made from, whatever the options. */
export interface SegmentedFloorPhoto {
  /** The photo's copy the network's input and the edge refinement were made from (raw RGB). */
  guidePixels: Buffer;
  guideWidth: number;
  guideHeight: number;
  segmented: SegmentedPhoto;
  /** The runs at twice the scale (tuning.objectZoom), else none. */
  zoomed: readonly ZoomedRun[];
  /** Per scene cell, 1 where a zoomed run saw an object (tuning.objectZoom), else absent. */
  zoomedObjects?: Uint8Array;
  /** Per scene cell, 1 where a zoomed run saw wall (tuning.objectZoom), else absent (then worked out from `zoomed`). */
  zoomedWall?: Uint8Array;
  /** Per scene cell, 1 where a zoomed run saw a door or a mirror (tuning.objectZoom), else absent (then worked out from `zoomed`). */
  zoomedGlass?: Uint8Array;
  /** Per scene cell, 1 where a zoomed run saw a rug (tuning.objectZoom), else absent (then worked out from `zoomed`). */
  zoomedRug?: Uint8Array;
}

/** Runs the network (with its mirrored run) once; `floorFromSegmentation` then makes any number of masks from it. */
export async function segmentForFloor(photo: DecodedPhoto, tuning: SegmenterTuning = DEFAULT_TUNING): Promise<SegmentedFloorPhoto> {
  announcePhoto();
  const { data: guidePixels, info } = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(tuning.guideSide, tuning.guideSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The steps' work on the guide alone, once the network's threads all have a run (not before: this thread
  // hands them their inputs); the steps wait for none of it, and make what is not ready themselves.
  const guide = { pixels: guidePixels, width: info.width, height: info.height };
  void whenNetworkBusy().then(() => prepareGuide(guide, sceneGridSize(info.width, info.height, tuning.fit), tuning).catch(() => {}));
  // The zoomed runs are asked for with the whole photo's, so the network's two threads are never idle.
  const [segmented, zoomed] = await Promise.all([
    segmentPhoto(guidePixels, info.width, info.height, { fit: tuning.fit, mirrored: tuning.mirrored }).then((whole) => {
      shareAhead(whole, tuning);
      return whole;
    }),
    tuning.objectZoom ? zoomedRuns({ pixels: guidePixels, width: info.width, height: info.height }) : [],
  ]);
  const [zoomedObjects, zoomedWall, zoomedGlass, zoomedRug] = tuning.objectZoom
    ? zoomedCellSets(zoomed, info, segmented.scene, [OBJECT_CLASSES, [SCENE_CLASS.wall], GLASS_CLASSES, [SCENE_CLASS.rug]])
    : [];
  return { guidePixels, guideWidth: info.width, guideHeight: info.height, segmented, zoomed, zoomedObjects, zoomedWall, zoomedGlass, zoomedRug };
}

/** Things whose surface shows the floor's own colours (a glass door, a mirror): no colour tells them from the floor. */
const GLASS_CLASSES: readonly number[] = [SCENE_CLASS.door, SCENE_CLASS.mirror];

/**
 * The shares of the classes the steps read for the first floor (the floor's, rugs', objects', walls' and what stands
 * on the floor), worked out as soon as the whole photo's runs are back, while the zoomed runs still hold the
 * network's threads and this thread would only wait; `share` keeps them, and the steps get copies (decision 028).
 */
function shareAhead(segmented: SegmentedPhoto, tuning: SegmenterTuning): void {
  segmented.share(floorClassIds({ keepRugs: true }));
  if (tuning.takeOutRugs || tuning.rugOutlines || tuning.roughRugs) segmented.share([SCENE_CLASS.rug]);
  if (tuning.objectMargin || tuning.photoColours) segmented.share(OBJECT_CLASSES);
  if (tuning.grounded) segmented.share(STANDS_ON_THE_FLOOR);
  if (tuning.wallBelow !== null) segmented.share([SCENE_CLASS.wall]);
}

/** A run of the network on part of the guide copy, stretched to the network's input. */
export interface ZoomedRun {
  /** The part of the guide copy it saw, in guide pixels. */
  region: { left: number; top: number; width: number; height: number };
  /** SEGMENTER_SIZE² classes. */
  classes: Uint8Array;
}

/**
 * The bottom half's two quadrants, each through the network at twice the scale.
 * Cut from the guide copy: measured the same as from the working-size photo (decision 012), and its cost does
 * not grow with the photo.
 */
async function zoomedRuns(photo: DecodedPhoto): Promise<ZoomedRun[]> {
  const half = { width: Math.floor(photo.width / 2), height: Math.floor(photo.height / 2) };
  if (half.width < 2 || half.height < 2) return [];
  return Promise.all(
    [0, photo.width - half.width].map(async (left) => {
      const region = { left, top: photo.height - half.height, ...half };
      const input = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
        .extract(region)
        .resize(SEGMENTER_SIZE, SEGMENTER_SIZE, { fit: 'fill', kernel: 'cubic' })
        .raw()
        .toBuffer();
      return { region, classes: await classifyPixels(input) };
    }),
  );
}

/** Per cell of the scene grid, 1 where a zoomed run saw one of `classIds`. */
export function zoomedCells(
  runs: readonly ZoomedRun[],
  guide: { width: number; height: number },
  grid: { width: number; height: number },
  classIds: readonly number[],
): Uint8Array {
  return zoomedCellSets(runs, guide, grid, [classIds])[0]!;
}

/** `zoomedCells` for several sets of classes in one pass over the runs (each set its own grid). */
function zoomedCellSets(
  runs: readonly ZoomedRun[],
  guide: { width: number; height: number },
  grid: { width: number; height: number },
  sets: readonly (readonly number[])[],
): Uint8Array[] {
  const seen = sets.map(() => new Uint8Array(grid.width * grid.height));
  // Per class, a bit for each set it belongs to.
  const wanted = new Uint8Array(256);
  sets.forEach((classIds, set) => {
    for (const id of classIds) wanted[id]! |= 1 << set;
  });
  // The grid column of each of a run's columns, worked out once per run rather than once per cell.
  const columns = new Int32Array(SEGMENTER_SIZE);
  for (const run of runs) markZoomedRun(run, guide, grid, wanted, columns, seen);
  return seen;
}

/**
 * One zoomed run's cells into the sets it sees (`wanted`: per class, a bit for each set); `columns` is scratch.
 * A function of its own: with V8 compiling a hot loop on the spot (decision 028), the fast code made for the
 * first run's loop inside zoomedCellSets was thrown away at the line after it, and compiled again.
 */
function markZoomedRun(
  { region, classes }: ZoomedRun,
  guide: { width: number; height: number },
  grid: { width: number; height: number },
  wanted: Uint8Array,
  columns: Int32Array,
  seen: Uint8Array[],
): void {
  for (let x = 0; x < SEGMENTER_SIZE; x++) {
    columns[x] = Math.min(grid.width - 1, Math.floor(((region.left + ((x + 0.5) * region.width) / SEGMENTER_SIZE) * grid.width) / guide.width));
  }
  for (let y = 0; y < SEGMENTER_SIZE; y++) {
    const row = Math.min(grid.height - 1, Math.floor(((region.top + ((y + 0.5) * region.height) / SEGMENTER_SIZE) * grid.height) / guide.height)) * grid.width;
    const from = y * SEGMENTER_SIZE;
    for (let x = 0; x < SEGMENTER_SIZE; x++) {
      const bits = wanted[classes[from + x]!]!;
      if (!bits) continue;
      for (let set = 0; set < seen.length; set++) if (bits & (1 << set)) seen[set]![row + columns[x]!] = 1;
    }
  }
}

/** Where the zoomed runs' views end inside the scene grid (their sides and tops that are not the photo's edge). */
function zoomedViewEdges(runs: readonly ZoomedRun[], guide: { width: number; height: number }, grid: { width: number; height: number }): ZoomedViewEdges {
  const columns = new Set<number>();
  const rows = new Set<number>();
  for (const { region } of runs) {
    for (const x of [region.left, region.left + region.width]) columns.add(Math.round((x * grid.width) / guide.width));
    rows.add(Math.round((region.top * grid.height) / guide.height));
  }
  return { columns: [...columns], rows: [...rows] };
}

/**
 * The offline engine's floor finder: the segmentation network's floor (rugs stay in front unless
 * `keepRugs: false`), only where it is grounded, corrected by the visitor's taps, then taken to the photo's
 * full size with edges that follow the photo's own.
 */
export async function findFloorWithSegmenter(photo: DecodedPhoto, options: FindFloorOptions = {}, tuning: SegmenterTuning = DEFAULT_TUNING): Promise<FloorMask> {
  return floorsFromSegmentation(photo, await segmentForFloor(photo, tuning), options, tuning);
}

/**
 * What `findFloorWithSegmenter` gives, from a network pass made earlier (`segmentForFloor` with the same
 * tuning): the evaluation scores a photo's first render and each of its taps from one pass, as the processor
 * would from as many passes (the network gives the same classes for the same photo).
 */
export async function floorsFromSegmentation(
  photo: DecodedPhoto,
  pass: SegmentedFloorPhoto,
  options: FindFloorOptions = {},
  tuning: SegmenterTuning = DEFAULT_TUNING,
): Promise<FloorMask> {
  const { floor, knownRug } = await floorAndRug(photo, pass, options, tuning, Boolean(options.withRugsReplaced && tuning.wholeRugs));
  if (!options.withRugsReplaced) return floor;
  // The second floor from the same network run: only the steps after it are repeated, and only when a run saw a
  // rug (most photos have none, and rugs counted as floor then change nothing).
  const rugSeen = pass.segmented.share([SCENE_CLASS.rug]).some((share) => share > 0);
  const replaced =
    options.keepRugs === false || !rugSeen ? floor : (await floorAndRug(photo, pass, { ...options, keepRugs: false }, tuning, false, knownRug)).floor;
  return { ...floor, rugsReplacedMask: replaced.mask };
}

/** The floor of one rug choice from the photo's network pass (`segmentForFloor`, made with the same tuning). */
export async function floorFromSegmentation(
  photo: DecodedPhoto,
  pass: SegmentedFloorPhoto,
  options: FindFloorOptions = {},
  tuning: SegmenterTuning = DEFAULT_TUNING,
): Promise<FloorMask> {
  return (await floorAndRug(photo, pass, options, tuning, false)).floor;
}

/**
 * `floorFromSegmentation`; with rugs kept and `wantRug`, also the rug it knew on the scene grid (seen by a run, or
 * taken out by a rug step), which the replaced floor's `wholeRugs` takes as `keptFloorsRug` (worked out here when
 * not given: the replaced floor asked for alone is the same as the one made beside the kept floor). `rugOnly`: that
 * rug alone, the floor's mask left empty.
 */
async function floorAndRug(
  photo: DecodedPhoto,
  pass: SegmentedFloorPhoto,
  options: FindFloorOptions,
  tuning: SegmenterTuning,
  wantRug: boolean,
  keptFloorsRug?: Uint8Array,
  rugOnly = false,
): Promise<{ floor: FloorMask; knownRug?: Uint8Array }> {
  if (tuning.wholeRugs && options.keepRugs === false && !keptFloorsRug) {
    keptFloorsRug = (await floorAndRug(photo, pass, { ...options, keepRugs: true }, tuning, true, undefined, true)).knownRug;
  }
  const { guidePixels, segmented } = pass;
  const guideCopy = guideOf(pass);
  const { scene } = segmented;
  // Asked for now (if not made while the network ran), as sharp works on its own thread while the steps before
  // its use run on this one.
  if (tuning.photoColours) guideOnSceneGrid(guideCopy, scene).catch(() => {});
  const info = { width: pass.guideWidth, height: pass.guideHeight };
  const soft = segmented.share(floorClassIds({ keepRugs: options.keepRugs !== false }));
  const takingOutRugs = tuning.takeOutRugs && options.keepRugs !== false;
  // Before the runs are made to agree: where they disagree over a rug is what take-out-rugs.ts looks for.
  const floorVotes = takingOutRugs ? soft.slice() : soft;
  const outliningRugs = tuning.rugOutlines !== null && options.keepRugs !== false;
  const roughRugs = tuning.roughRugs !== null && options.keepRugs !== false;
  const rugVotes = takingOutRugs || outliningRugs || roughRugs || options.taps?.length ? segmented.share([SCENE_CLASS.rug]) : new Float32Array(0);
  tuning.trace?.('runs', 'grid', soft);
  // The runs' votes before they are made to agree, for the split-vote regrowth.
  const splitVotes = tuning.unanimous && tuning.splitVoteRegrowth ? soft.slice() : null;
  if (tuning.unanimous) keepUnanimous(soft);
  tuning.trace?.('unanimous', 'grid', soft);
  // Where a rug is known (a run saw it, or a rug step took it out of the floor), for the islands the rug steps leave.
  const islandsInRugs = (tuning.rugIslands !== null || wantRug) && options.keepRugs !== false;
  const knownRug = islandsInRugs ? seenByAnyRun(rugVotes.length ? rugVotes : segmented.share([SCENE_CLASS.rug])) : new Uint8Array(0);
  // The floor the rug steps take out, for the rim they leave (rugRim).
  const rimming = tuning.rugRim !== null && options.keepRugs !== false && !rugOnly;
  const rugTaken = rimming ? new Uint8Array(soft.length) : null;
  // What any run saw standing on the floor (the zoomed runs too): the margin's and the photo colours' objects.
  const objectSeen = tuning.objectMargin || tuning.photoColours ? segmented.share(OBJECT_CLASSES) : new Float32Array(0);
  // What the zoomed margin regrowth reads of the margin step, kept for it to run after the rug and wall steps.
  let regrowth: Omit<ZoomedMarginInputs, 'floor' | 'rugKnown' | 'rgb'> | null = null;
  let zoomedForRegrowth: { wholeRunObjects: Float32Array; zoomedObjects: Uint8Array; zoomedGlass: Uint8Array } | null = null;
  if (tuning.objectZoom && pass.zoomedObjects && objectSeen.length) {
    const zoomed =
      tuning.zoomedBroadPatches === null
        ? pass.zoomedObjects
        : zoomedThingsThatCount(
            pass.zoomedObjects,
            objectSeen,
            soft,
            pass.zoomedGlass ?? zoomedCells(pass.zoomed, info, scene, GLASS_CLASSES),
            await guideOnSceneGrid(guideCopy, scene),
            scene,
            tuning.zoomedBroadPatches,
          );
    if (tuning.zoomedMarginRegrowth && tuning.objectMargin && zoomed.includes(1)) {
      const zoomedGlass = pass.zoomedGlass ?? zoomedCells(pass.zoomed, info, scene, GLASS_CLASSES);
      zoomedForRegrowth = { wholeRunObjects: objectSeen.slice(), zoomedObjects: zoomed, zoomedGlass };
    }
    addInto(objectSeen, zoomed);
  }
  let marginTook: Uint8Array | undefined;
  let marginCells: Uint8Array | undefined;
  // The floor before the margin, for floorToEdges: what the margin took may come back.
  const beforeMargin = tuning.floorToEdges && tuning.objectMargin ? beliefFloor(soft) : null;
  if (tuning.objectMargin) {
    const near = cellsAroundObjects(objectSeen, scene.width, scene.height, tuning.objectMargin);
    marginCells = near;
    if (tuning.grounded && tuning.groundedThroughMargin) {
      marginTook = new Uint8Array(near.length);
      for (let i = 0; i < near.length; i++) marginTook[i] = near[i]! && soft[i]! >= 0.5 ? 1 : 0;
    }
    if (zoomedForRegrowth) {
      regrowth = {
        ...zoomedForRegrowth,
        unanimousFloor: everyRunFloor(soft),
        margin: near,
        wholeRunMargin: cellsAroundObjects(zoomedForRegrowth.wholeRunObjects, scene.width, scene.height, tuning.objectMargin),
      };
    }
    clearWhere(soft, near);
  }
  tuning.trace?.('margin', 'grid', soft);
  if (tuning.grounded) {
    const floor = beliefFloor(soft);
    clearDropped(soft, floor, groundSceneFloor(floor, segmented, marginTook));
  }
  tuning.trace?.('grounded', 'grid', soft);
  if (takingOutRugs) {
    const floor = beliefFloor(soft);
    const votes = { floor: floorVotes, rug: rugVotes };
    if (runsDisputeARug(floor, votes)) {
      // The scene grid covers the whole photo in every fit, so the guide squeezed onto it gives each cell its colour.
      const rgb = await sharp(guidePixels, { raw: { width: info.width, height: info.height, channels: 3 } })
        .resize(scene.width, scene.height, { fit: 'fill' })
        .blur(RUG_LIMITS.blur)
        .raw()
        .toBuffer();
      const kept = takeOutRugs(floor, votes, { width: scene.width, height: scene.height, rgb });
      if (islandsInRugs) markDropped(knownRug, floor, kept);
      if (rugTaken) markDropped(rugTaken, floor, kept);
      clearDropped(soft, floor, kept);
    }
  }
  tuning.trace?.('takeOutRugs', 'grid', soft);
  if (tuning.zoomedWalls && tuning.objectZoom && pass.zoomed.length) {
    const floor = beliefFloor(soft);
    const zoomedWall = pass.zoomedWall ?? zoomedCells(pass.zoomed, info, scene, [SCENE_CLASS.wall]);
    if (meet(zoomedWall, floor)) {
      const rgb = await guideOnSceneGrid(guideCopy, scene);
      clearWhere(soft, floorZoomedRunsCallWall(floor, zoomedWall, rgb, scene.width, scene.height, zoomedViewEdges(pass.zoomed, info, scene), tuning.zoomedWalls));
    }
  }
  tuning.trace?.('zoomedWalls', 'grid', soft);
  let aboveWalls: Uint8Array | undefined;
  if (tuning.wallBelow !== null) {
    aboveWalls = cellsAboveWalls(segmented.share([SCENE_CLASS.wall]), scene.width, scene.height, tuning.wallBelow);
    clearWhere(soft, aboveWalls);
  }
  tuning.trace?.('wallBelow', 'grid', soft);
  if (outliningRugs && tuning.rugOutlines) {
    const inside = floorInsideRugs(beliefFloor(soft), seenByAnyRun(rugVotes), scene.width, scene.height, tuning.rugOutlines);
    if (islandsInRugs) markWhere(knownRug, inside);
    if (rugTaken) markWhere(rugTaken, inside);
    clearWhere(soft, inside);
  }
  tuning.trace?.('rugOutlines', 'grid', soft);
  if (roughRugs && tuning.roughRugs) {
    const rugSeen = seenByAnyRun(rugVotes);
    if (rugSeen.includes(1)) {
      const limits = tuning.roughRugs;
      const roughness = ofGuide(guideCopy, `roughness ${scene.width}x${scene.height} ${limits.radius}`, () =>
        roughnessOnGrid(guideBrightness(guideCopy).values, info.width, info.height, scene.width, scene.height, limits.radius),
      );
      const grain =
        limits.grainless === -Infinity
          ? undefined
          : ofGuide(guideCopy, `grain ${scene.width}x${scene.height} ${limits.radius}`, () =>
              grainOnGrid(guideBrightness(guideCopy).values, info.width, info.height, scene.width, scene.height, limits.radius),
            );
      const rgb = await guideOnSceneGrid(guideCopy, scene);
      const grown = roughRugOverFloor(beliefFloor(soft), rugSeen, roughness, rgb, scene.width, scene.height, limits, grain);
      if (islandsInRugs) markWhere(knownRug, grown);
      if (rugTaken) markWhere(rugTaken, grown);
      clearWhere(soft, grown);
    }
  }
  tuning.trace?.('roughRugs', 'grid', soft);
  if (rugOnly) return { floor: { width: photo.width, height: photo.height, mask: Buffer.alloc(0), scene }, knownRug };
  if (regrowth && tuning.zoomedMarginRegrowth) {
    // After the rug and wall steps: the sure floor it grows from is then no rug the runs called floor.
    const limits = tuning.zoomedMarginRegrowth;
    let rugKnown = islandsInRugs ? knownRug : seenByAnyRun(rugVotes.length ? rugVotes : segmented.share([SCENE_CLASS.rug]));
    // A rug only the zoomed runs saw (up close, its edge is plain) keeps the growth off it too.
    if (limits.zoomedRugs) {
      rugKnown = rugKnown.slice();
      markWhere(rugKnown, pass.zoomedRug ?? zoomedCells(pass.zoomed, info, scene, [SCENE_CLASS.rug]));
    }
    // Roughness as the rug step reads it, with its window.
    const guide = { brightness: guideBrightness(guideCopy), radius: ROUGH_RUG_LIMITS.radius };
    const inputs = { ...regrowth, floor: beliefFloor(soft), rugKnown, rgb: await guideOnSceneGrid(guideCopy, scene), guide };
    setWhere(soft, zoomedMarginRegrowth(inputs, scene.width, scene.height, limits));
  }
  tuning.trace?.('zoomedMarginRegrowth', 'grid', soft);
  if (splitVotes && tuning.splitVoteRegrowth) {
    const blocked = aboveWalls ? aboveWalls.slice() : new Uint8Array(soft.length);
    const zoomedGlass = tuning.objectZoom ? (pass.zoomedGlass ?? zoomedCells(pass.zoomed, info, scene, GLASS_CLASSES)) : new Uint8Array(soft.length);
    if (tuning.objectZoom) markWhere(blocked, pass.zoomedWall ?? zoomedCells(pass.zoomed, info, scene, [SCENE_CLASS.wall]));
    const things = objectCells(objectSeen.length ? objectSeen : segmented.share(OBJECT_CLASSES), rugVotes, false);
    markWhere(things, zoomedGlass);
    let rugKnown = islandsInRugs ? knownRug : seenByAnyRun(rugVotes.length ? rugVotes : segmented.share([SCENE_CLASS.rug]));
    if (tuning.splitVoteRegrowth.zoomedRugs && tuning.objectZoom) {
      rugKnown = rugKnown.slice();
      markWhere(rugKnown, pass.zoomedRug ?? zoomedCells(pass.zoomed, info, scene, [SCENE_CLASS.rug]));
    }
    const inputs = {
      votes: splitVotes,
      floor: beliefFloor(soft),
      blocked,
      margin: marginCells ?? new Uint8Array(soft.length),
      wholeRunThings: objectCells(segmented.share(OBJECT_CLASSES), rugVotes, false),
      things,
      glass: zoomedGlass,
      rugKnown,
      rgb: await guideOnSceneGrid(guideCopy, scene),
      guide: { brightness: guideBrightness(guideCopy), radius: ROUGH_RUG_LIMITS.radius },
    };
    setWhere(soft, splitVoteRegrowth(inputs, scene.width, scene.height, tuning.splitVoteRegrowth));
  }
  tuning.trace?.('splitVoteRegrowth', 'grid', soft);
  if (tuning.photoColours) {
    const floor = beliefFloor(soft);
    const rgb = await guideOnSceneGrid(guideCopy, scene);
    const regions = await guideRegions(guideCopy, scene, tuning.photoColours);
    // Objects, and rugs while they are kept (then a rug is something on the floor too).
    const objects = objectCells(objectSeen, rugVotes, options.keepRugs !== false && rugVotes.length > 0);
    clearWhere(soft, floorOfOtherColours(floor, rgb, scene.width, scene.height, tuning.photoColours, objects, regions));
  }
  tuning.trace?.('photoColours', 'grid', soft);
  if (tuning.wholeRugs && options.keepRugs === false && keptFloorsRug?.includes(1)) {
    // Smoothed as the rug step smooths it: a weave is not an edge.
    const rgb = await ofGuide(guideCopy, `smoothed ${scene.width}x${scene.height} ${RUG_LIMITS.blur}`, () =>
      sharp(guidePixels, { raw: { width: info.width, height: info.height, channels: 3 } })
        .resize(scene.width, scene.height, { fit: 'fill' })
        .blur(RUG_LIMITS.blur)
        .raw()
        .toBuffer(),
    );
    const zoomedThings = tuning.objectZoom ? pass.zoomedObjects : undefined;
    setWhere(soft, restOfPaintedRugs(beliefFloor(soft), keptFloorsRug, rgb, scene.width, scene.height, tuning.wholeRugs, zoomedThings));
  }
  tuning.trace?.('wholeRugs', 'grid', soft);
  // Most photos have no rug: no piece of their floor to look at.
  if (islandsInRugs && tuning.rugIslands && knownRug.includes(1)) {
    const islands = floorIslandsInRugs(beliefFloor(soft), knownRug, scene.width, scene.height, tuning.rugIslands);
    if (rugTaken) markWhere(rugTaken, islands);
    clearWhere(soft, islands);
  }
  tuning.trace?.('rugIslands', 'grid', soft);
  if (rugTaken && tuning.rugRim && rugTaken.includes(1)) {
    const limits = tuning.rugRim;
    // The roughness and grain `roughRugs` read (a rug step took something, so a run saw a rug and it ran): kept with the guide.
    const radius = ROUGH_RUG_LIMITS.radius;
    const roughness = ofGuide(guideCopy, `roughness ${scene.width}x${scene.height} ${radius}`, () =>
      roughnessOnGrid(guideBrightness(guideCopy).values, info.width, info.height, scene.width, scene.height, radius),
    );
    const grain =
      limits.maxGrain === Infinity
        ? null
        : ofGuide(guideCopy, `grain ${scene.width}x${scene.height} ${radius}`, () =>
            grainOnGrid(guideBrightness(guideCopy).values, info.width, info.height, scene.width, scene.height, radius),
          );
    const rgb = await guideOnSceneGrid(guideCopy, scene);
    clearWhere(soft, rugRimOnFloor(beliefFloor(soft), rugTaken, rgb, roughness, grain, scene.width, scene.height, limits));
  }
  tuning.trace?.('rugRim', 'grid', soft);
  if (rugTaken && tuning.rugEdge && rugTaken.includes(1)) {
    const limits = tuning.rugEdge;
    const radius = ROUGH_RUG_LIMITS.radius;
    const grain =
      limits.maxGrain === Infinity
        ? null
        : ofGuide(guideCopy, `grain ${scene.width}x${scene.height} ${radius}`, () =>
            grainOnGrid(guideBrightness(guideCopy).values, info.width, info.height, scene.width, scene.height, radius),
          );
    // The rug as the steps know it: what a run saw and what a rug step took.
    const rug = islandsInRugs ? knownRug.slice() : seenByAnyRun(rugVotes.length ? rugVotes : segmented.share([SCENE_CLASS.rug]));
    markWhere(rug, rugTaken);
    const rgb = await guideOnSceneGrid(guideCopy, scene);
    clearWhere(soft, rugEdgeBand(beliefFloor(soft), rug, rgb, grain, scene.width, scene.height, limits).band);
  }
  tuning.trace?.('rugEdge', 'grid', soft);
  const guide = guideBrightness(guideCopy);
  const p = resizeBilinear(soft, scene.width, scene.height, info.width, info.height);
  let coefficients =
    tuning.radius > 0
      ? guidedCoefficients(guide, p, tuning.radius, tuning.epsilon, guideWindowMeans(guideCopy, tuning.radius))
      : { width: info.width, height: info.height, a: new Float32Array(p.length), b: p };
  const traceRefined = (step: string) => tuning.trace?.(step, 'guide', refinedFloor(coefficients, guide, tuning.threshold));
  traceRefined('filter');
  if (tuning.floorToEdges && beforeMargin && marginCells) {
    const limits = tuning.floorToEdges;
    const things = objectCells(objectSeen, rugVotes, false);
    if (rugVotes.length) for (let i = 0; i < things.length; i++) if (rugVotes[i]! > 0) things[i] = 0;
    const { cells, thingCells } = floorToEdgeCandidates(beforeMargin, marginCells, beliefFloor(soft), things, scene.width, scene.height, limits.marginOnly, limits.interior, limits.zoomedClear ? (pass.zoomedObjects ?? null) : null);
    if (limits.glassClear > 0) {
      const glass = seenByAnyRun(segmented.share(GLASS_CLASSES));
      if (pass.zoomed.length) markWhere(glass, pass.zoomedGlass ?? zoomedCells(pass.zoomed, info, scene, GLASS_CLASSES));
      const nearGlass = dilate(glass, scene.width, scene.height, limits.glassClear);
      for (let i = 0; i < cells.length; i++) if (nearGlass[i]) cells[i] = thingCells[i] = 0;
    }
    const refined = refinedFloor(coefficients, guide, tuning.threshold);
    const candidate = onGuide(cells, scene, info, refined);
    if (limits.band > 0) {
      // The things' own cells within `band` pixels of the floor: the network's thing often runs past the thing's outline.
      const near = dilate(refined, info.width, info.height, limits.band);
      const thingBand = onGuide(thingCells, scene, info, refined);
      for (let i = 0; i < candidate.length; i++) if (thingBand[i] && near[i]) candidate[i] = 1;
    }
    const smoothed = await ofGuide(guideCopy, 'smoothed 1', () =>
      sharp(guidePixels, { raw: { width: info.width, height: info.height, channels: 3 } })
        .blur(1)
        .raw()
        .toBuffer(),
    );
    const back = floorToEdges(refined, candidate, smoothed, info.width, info.height, tuning.floorToEdges);
    if (tuning.floorToEdges.refilter && tuning.radius > 0) {
      // The floor that came back, fed to the filter as sure floor: its edge then lands on the photo's own at full size.
      for (let i = 0; i < back.length; i++) if (back[i]) p[i] = 1;
      coefficients = guidedCoefficients(guide, p, tuning.radius, tuning.epsilon, guideWindowMeans(guideCopy, tuning.radius));
    } else pinCoefficients(coefficients, back, 1);
  }
  traceRefined('floorToEdges');
  if (tuning.objectBases) {
    // What grew back is not floor (its code, 1, is not the floor's 2).
    pinCoefficients(coefficients, objectBasesOverFloor(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.objectBases), 2);
  }
  traceRefined('objectBases');
  if (tuning.unlikePieces && options.keepRugs !== false) {
    pinCoefficients(coefficients, piecesUnlikeTheFloor(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.unlikePieces), 2);
  }
  traceRefined('unlikePieces');
  if (tuning.roughThings && options.keepRugs !== false) {
    pinCoefficients(coefficients, roughThingsOnFloor(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.roughThings), 2);
  }
  traceRefined('roughThings');
  if (tuning.closedOutlines && options.keepRugs !== false) {
    pinCoefficients(coefficients, closedOutlinesOnFloor(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.closedOutlines), 2);
  }
  traceRefined('closedOutlines');
  // The patches a thing step took off the floor, which a "this is floor" tap does not grow back over (apply-floor-taps.ts).
  let thingsTaken: Uint8Array | undefined;
  if (tuning.roughClosedThings && options.keepRugs !== false) {
    const refined = refinedFloor(coefficients, guide, tuning.threshold);
    thingsTaken = roughClosedThingsOnFloor(refined, guidePixels, info.width, info.height, tuning.roughClosedThings);
    pinCoefficients(coefficients, thingsTaken, 2);
  }
  traceRefined('roughClosedThings');
  if (tuning.standingColumns) {
    pinCoefficients(coefficients, columnsStandingInFloor(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.standingColumns), 2);
  }
  traceRefined('standingColumns');
  if (tuning.frontFaces) {
    const zoomedOther = tuning.frontFaces.zoomedOther > 0 && pass.zoomed.length ? zoomedOtherThanFloor(pass.zoomed, info.width, info.height, floorClassIds({ keepRugs: false })) : null;
    pinCoefficients(coefficients, frontFacesOnFloor(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, zoomedOther, tuning.frontFaces), 2);
  }
  traceRefined('frontFaces');
  if (tuning.doorFrames) {
    pinCoefficients(coefficients, floorThroughFrames(refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.doorFrames), 2);
  }
  traceRefined('doorFrames');
  if (tuning.thingRims && objectSeen.length) {
    const refined = refinedFloor(coefficients, guide, tuning.threshold);
    const seen = objectCells(objectSeen, rugVotes, false);
    const reach = tuning.thingRims.reach;
    const things = onGuide(reach > 0 ? dilate(seen, scene.width, scene.height, reach) : seen, scene, info, refined);
    pinCoefficients(coefficients, thingRimsOnFloor(refined, things, guidePixels, info.width, info.height, tuning.thingRims), 2);
  }
  if (options.taps?.length) {
    // Taps are judged on the refined mask at the guide's size.
    const floor = refinedFloor(coefficients, guide, tuning.threshold);
    const smoothed = await sharp(guidePixels, { raw: { width: info.width, height: info.height, channels: 3 } }).blur(tuning.taps.blur).raw().toBuffer();
    const rugSeen = seenByAnyRun(rugVotes);
    const decided = applyFloorTaps(floor, { width: info.width, height: info.height, rgb: smoothed }, scene, options.taps, rugSeen, tuning.taps, tuning.objectZoom ? pass.zoomedObjects : undefined, thingsTaken);
    // Pinned: inside a tapped region the coefficients become a constant, so the full-size mask says exactly
    // what the tap said. (Feeding the regions back into the filter instead was measured: no better overall,
    // and the tapped place itself could flip back.)
    pinCoefficients(coefficients, decided, 2);
  }
  const mask = applyCoefficients(coefficients, photo.pixels, photo.width, photo.height, tuning.threshold);
  if (tuning.edgeColours) {
    edgeByLocalColours(mask, photo.pixels, photo.width, photo.height, refinedFloor(coefficients, guide, tuning.threshold), guidePixels, info.width, info.height, tuning.edgeColours);
  }
  return { floor: { width: photo.width, height: photo.height, mask, scene }, ...(wantRug && islandsInRugs ? { knownRug } : {}) };
}
