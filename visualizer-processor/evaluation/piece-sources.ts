import type { SegmentedFloorPhoto } from '../engine/segmentation/find-floor-with-segmenter.ts';
import { zoomedCells } from '../engine/segmentation/find-floor-with-segmenter.ts';
import { OBJECT_CLASSES } from '../engine/segmentation/clear-around-objects.ts';
import { SCENE_CLASS, SCENE_CLASS_NAMES } from '../engine/segmentation/scene-classes.ts';
import type { FloorMask } from './floor-mask.ts';
import { errorRegions } from './tap-simulator.ts';

/**
 * What the network's runs said under one wrong piece of a render (issue 34: "find which step, or the network,
 * makes each"). A piece painted where every run saw floor and none a rug or a thing is the network's own mistake,
 * which no step that trusts it can undo; one where some run saw a rug or a thing is a step's.
 * Each figure is a share of the piece's pixels (0..1).
 */
export interface PieceSource {
  /** Share of the photo. */
  share: number;
  /** The piece's centre, as fractions of the photo's width and height. */
  centre: { x: number; y: number };
  /** Every whole-photo run saw floor (or road, sidewalk) there. */
  floorInEveryRun: number;
  /** Some whole-photo run saw a rug there. */
  rugInSomeRun: number;
  /** Some whole-photo run saw something standing on the floor there. */
  objectInSomeRun: number;
  /** A zoomed run (bottom half at twice the scale) looked there... */
  zoomedLooked: number;
  /** ...and saw floor, or a rug. */
  zoomedFloor: number;
  zoomedRug: number;
  /** The scene's three commonest classes under the piece, with their shares. */
  classes: { name: string; share: number }[];
  /** The classes the zoomed runs saw under the piece (a cell counts for each), the three commonest, with their shares. */
  zoomedClasses: { name: string; share: number }[];
}

export interface LargestPieceSources {
  missed: PieceSource | null;
  painted: PieceSource | null;
}

/** The largest missed and painted pieces (8-connected, as `largestPieces` finds them) and what the runs said there. */
export function largestPieceSources(predicted: FloorMask, truth: FloorMask, pass: SegmentedFloorPhoto): LargestPieceSources {
  const { label, regions } = errorRegions(predicted, truth);
  const largest = (kind: 1 | 2) => {
    let best = -1;
    regions.forEach((region, index) => {
      if (region.kind === kind && (best < 0 || region.pixels > regions[best]!.pixels)) best = index;
    });
    return best < 0 ? null : best + 1;
  };
  const { scene } = pass.segmented;
  const floorShare = pass.segmented.share([SCENE_CLASS.floor, SCENE_CLASS.road, SCENE_CLASS.sidewalk]);
  const rugShare = pass.segmented.share([SCENE_CLASS.rug]);
  const objectShare = pass.segmented.share(OBJECT_CLASSES);
  const guide = { width: pass.guideWidth, height: pass.guideHeight };
  const anyClass = Array.from(SCENE_CLASS_NAMES.keys());
  const zoomedLooked = zoomedCells(pass.zoomed, guide, scene, anyClass);
  const zoomedFloor = zoomedCells(pass.zoomed, guide, scene, [SCENE_CLASS.floor, SCENE_CLASS.road, SCENE_CLASS.sidewalk]);
  const zoomedRug = zoomedCells(pass.zoomed, guide, scene, [SCENE_CLASS.rug]);
  const zoomedByClass = anyClass.map((id) => zoomedCells(pass.zoomed, guide, scene, [id]));
  const { width, height } = truth;

  const describe = (id: number | null): PieceSource | null => {
    if (id === null) return null;
    const counts = { pixels: 0, x: 0, y: 0, floor: 0, rug: 0, object: 0, looked: 0, zoomedFloor: 0, zoomedRug: 0 };
    const classes = new Map<number, number>();
    const zoomedClasses = new Float64Array(anyClass.length);
    for (let y = 0; y < height; y++) {
      const row = Math.min(scene.height - 1, Math.floor(((y + 0.5) * scene.height) / height)) * scene.width;
      for (let x = 0; x < width; x++) {
        if (label[y * width + x] !== id) continue;
        const cell = row + Math.min(scene.width - 1, Math.floor(((x + 0.5) * scene.width) / width));
        counts.pixels++;
        counts.x += x;
        counts.y += y;
        if (floorShare[cell]! >= 1) counts.floor++;
        if (rugShare[cell]! > 0) counts.rug++;
        if (objectShare[cell]! > 0) counts.object++;
        counts.looked += zoomedLooked[cell]!;
        counts.zoomedFloor += zoomedFloor[cell]!;
        counts.zoomedRug += zoomedRug[cell]!;
        classes.set(scene.classes[cell]!, (classes.get(scene.classes[cell]!) ?? 0) + 1);
        for (let id = 0; id < zoomedByClass.length; id++) zoomedClasses[id]! += zoomedByClass[id]![cell]!;
      }
    }
    const n = counts.pixels;
    return {
      share: n / (width * height),
      centre: { x: (counts.x / n + 0.5) / width, y: (counts.y / n + 0.5) / height },
      floorInEveryRun: counts.floor / n,
      rugInSomeRun: counts.rug / n,
      objectInSomeRun: counts.object / n,
      zoomedLooked: counts.looked / n,
      zoomedFloor: counts.zoomedFloor / n,
      zoomedRug: counts.zoomedRug / n,
      classes: [...classes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id, count]) => ({ name: SCENE_CLASS_NAMES[id] ?? String(id), share: count / n })),
      zoomedClasses: [...zoomedClasses.entries()]
        .filter(([, count]) => count > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id, count]) => ({ name: SCENE_CLASS_NAMES[id] ?? String(id), share: count / n })),
    };
  };
  return { missed: describe(largest(1)), painted: describe(largest(2)) };
}

/** One line for a piece, as `npm run eval:visitor -- --pieces` prints it. */
export function describePieceSource(piece: PieceSource | null): string {
  if (!piece) return 'none';
  const percent = (share: number) => `${Math.round(100 * share)} %`;
  return (
    `${(100 * piece.share).toFixed(1)} % of the photo at (${piece.centre.x.toFixed(2)}, ${piece.centre.y.toFixed(2)}); ` +
    `floor in every run ${percent(piece.floorInEveryRun)}, rug in some run ${percent(piece.rugInSomeRun)}, thing in some run ${percent(piece.objectInSomeRun)}; ` +
    `zoomed runs looked at ${percent(piece.zoomedLooked)}: floor ${percent(piece.zoomedFloor)}, rug ${percent(piece.zoomedRug)}; ` +
    `scene ${piece.classes.map((c) => `${c.name} ${percent(c.share)}`).join(', ')}` +
    (piece.zoomedClasses.length ? `; zoomed ${piece.zoomedClasses.map((c) => `${c.name} ${percent(c.share)}`).join(', ')}` : '')
  );
}
