import { distanceTo } from './edge-bands.ts';
import { assertSameSize, isFloor, type FloorMask } from './floor-mask.ts';
import { errorRegions } from './tap-simulator.ts';

/**
 * Where a render's IoU goes (issue 34, session 20): every wrong pixel, split by its distance to the floor's true
 * edge, the size of the connected piece it belongs to, what it is, and whether the bare network was already
 * wrong there. Each figure is a share of the photo's union (painted or true floor), so a photo's figures add up
 * to 1 - IoU and the mean over photos splits the mean IoU lost.
 */
/** Distance to the other side's true edge, as shares of the photo's diagonal: up to each limit, then farther. */
export const ANATOMY_DISTANCES = [0.01, 0.02, 0.05] as const;
/** Connected piece (8-connected) sizes, as shares of the photo: up to each limit, then larger. */
export const ANATOMY_SIZES = [0.001, 0.005, 0.02] as const;
/** Distance to the render's own edge (the nearest pixel it got the other way), as shares of the diagonal: what a refinement of its edge could reach. */
export const ANATOMY_REACH = [0.0025, 0.005, 0.01] as const;

export const MISSED_KINDS = [
  'hole in the paint',
  'beside a thing or rug',
  'far edge (wall above)',
  'thin strip',
  'open floor',
] as const;
export const PAINTED_KINDS = [
  'on a rug',
  'on a thing standing on the floor',
  'just above the floor (wall, base)',
  'elsewhere',
] as const;

export interface ErrorAnatomy {
  union: number;
  missed: AnatomyPart;
  painted: AnatomyPart;
}

export interface AnatomyPart {
  byDistance: number[];
  bySize: number[];
  byKind: number[];
  /** Per kind, the part the bare network got wrong too. */
  byKindNetworkToo: number[];
  /** By distance to the render's own edge (ANATOMY_REACH). */
  byReach: number[];
  networkToo: number;
  total: number;
  distanceBySize: number[][];
}

/**
 * `things`: 255 where something stands on the floor (the label's holes) and `rugs`: 255 on a labelled rug; both
 * optional (a dataset's label has no holes). `bare`: the bare network's mask, to say which errors it shares.
 * A missed piece is a hole in the paint when every pixel around it is painted (a fill could take it); beside a
 * thing when within 2 % of the diagonal of one; far edge when the true floor ends straight above it within 2 %;
 * a thin strip when no pixel of it is more than 0.5 % of the diagonal from its own edge.
 */
export function errorAnatomy(
  predicted: FloorMask,
  truth: FloorMask,
  bare: FloorMask,
  things?: Uint8Array,
  rugs?: Uint8Array,
): ErrorAnatomy {
  assertSameSize(predicted, truth, 'errorAnatomy');
  const { width, height } = truth;
  const size = width * height;
  const diagonal = Math.hypot(width, height);
  const painted = new Uint8Array(size);
  const floor = new Uint8Array(size);
  const notFloor = new Uint8Array(size);
  const thingOrRug = new Uint8Array(size);
  let union = 0;
  for (let i = 0; i < size; i++) {
    painted[i] = isFloor(predicted, i) ? 1 : 0;
    floor[i] = isFloor(truth, i) ? 1 : 0;
    notFloor[i] = 1 - floor[i]!;
    thingOrRug[i] = (things?.[i] ?? 0) || (rugs?.[i] ?? 0) ? 1 : 0;
    if (painted[i] || floor[i]) union++;
  }
  const toFloor = distanceTo(floor, width, height);
  const toNotFloor = distanceTo(notFloor, width, height);
  const toThing = distanceTo(thingOrRug, width, height);
  const unpainted = new Uint8Array(size);
  for (let i = 0; i < size; i++) unpainted[i] = 1 - painted[i]!;
  const toPainted = distanceTo(painted, width, height);
  const toUnpainted = distanceTo(unpainted, width, height);
  const { label, regions } = errorRegions(predicted, truth);
  // Per missed piece: enclosed by paint (no neighbour outside it unpainted, not at the photo's edge) and depth.
  const enclosed = regions.map(() => true);
  const inPiece = new Uint8Array(size);
  for (let i = 0; i < size; i++) if (label[i]) inPiece[i] = 1;
  const notInPiece = new Uint8Array(size);
  for (let i = 0; i < size; i++) notInPiece[i] = inPiece[i] ? 0 : 1;
  const toOutside = distanceTo(notInPiece, width, height);
  const depth = regions.map(() => 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const id = label[i]!;
      if (!id) continue;
      const edgeDistance = Math.min(toOutside[i]!, x + 1, y + 1, width - x, height - y);
      depth[id - 1] = Math.max(depth[id - 1]!, edgeDistance);
      if (regions[id - 1]!.kind !== 1 || !enclosed[id - 1]) continue;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        enclosed[id - 1] = false;
        continue;
      }
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const j = (y + dy) * width + x + dx;
          if (label[j] !== id && !painted[j]) enclosed[id - 1] = false;
        }
    }
  }
  const reach = 0.02 * diagonal;
  const bandOf = (share: number) => {
    const band = ANATOMY_DISTANCES.findIndex((limit) => share <= limit);
    return band < 0 ? ANATOMY_DISTANCES.length : band;
  };
  const sizeOf = (pixels: number) => {
    const band = ANATOMY_SIZES.findIndex((limit) => pixels / size <= limit);
    return band < 0 ? ANATOMY_SIZES.length : band;
  };
  const reachOf = (share: number) => {
    const band = ANATOMY_REACH.findIndex((limit) => share <= limit);
    return band < 0 ? ANATOMY_REACH.length : band;
  };
  const blank = (kinds: number): AnatomyPart => ({
    byKindNetworkToo: new Array<number>(kinds).fill(0),
    byReach: new Array<number>(ANATOMY_REACH.length + 1).fill(0),
    byDistance: new Array<number>(ANATOMY_DISTANCES.length + 1).fill(0),
    bySize: new Array<number>(ANATOMY_SIZES.length + 1).fill(0),
    byKind: new Array<number>(kinds).fill(0),
    networkToo: 0,
    total: 0,
    distanceBySize: Array.from({ length: ANATOMY_DISTANCES.length + 1 }, () =>
      new Array<number>(ANATOMY_SIZES.length + 1).fill(0),
    ),
  });
  const missed = blank(MISSED_KINDS.length);
  const wrong = blank(PAINTED_KINDS.length);
  const straightAbove = (x: number, y: number, target: Uint8Array) => {
    for (let step = 1; step <= reach && y - step >= 0; step++) if (target[(y - step) * width + x]) return true;
    return false;
  };
  const straightBelow = (x: number, y: number, target: Uint8Array) => {
    for (let step = 1; step <= reach && y + step < height; step++) if (target[(y + step) * width + x]) return true;
    return false;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const id = label[i]!;
      if (!id) continue;
      const region = regions[id - 1]!;
      const bareSays = isFloor(bare, i);
      if (region.kind === 1) {
        const d = bandOf(toNotFloor[i]! / diagonal);
        const s = sizeOf(region.pixels);
        missed.total++;
        missed.byDistance[d]!++;
        missed.bySize[s]!++;
        missed.distanceBySize[d]![s]!++;
        if (!bareSays) missed.networkToo++;
        let kind = 4;
        if (enclosed[id - 1]) kind = 0;
        else if (toThing[i]! <= reach) kind = 1;
        else if (straightAbove(x, y, notFloor)) kind = 2;
        else if (depth[id - 1]! <= 0.005 * diagonal) kind = 3;
        missed.byKind[kind]!++;
        if (!bareSays) missed.byKindNetworkToo[kind]!++;
        missed.byReach[reachOf(toPainted[i]! / diagonal)]!++;
      } else {
        const d = bandOf(toFloor[i]! / diagonal);
        const s = sizeOf(region.pixels);
        wrong.total++;
        wrong.byDistance[d]!++;
        wrong.bySize[s]!++;
        wrong.distanceBySize[d]![s]!++;
        if (bareSays) wrong.networkToo++;
        let kind = 3;
        if (rugs?.[i]) kind = 0;
        else if (things?.[i]) kind = 1;
        else if (straightBelow(x, y, floor)) kind = 2;
        wrong.byKind[kind]!++;
        if (bareSays) wrong.byKindNetworkToo[kind]!++;
        wrong.byReach[reachOf(toUnpainted[i]! / diagonal)]!++;
      }
    }
  }
  const share = (part: AnatomyPart): AnatomyPart => {
    const of = (n: number) => (union ? n / union : 0);
    return {
      byKindNetworkToo: part.byKindNetworkToo.map(of),
      byReach: part.byReach.map(of),
      byDistance: part.byDistance.map(of),
      bySize: part.bySize.map(of),
      byKind: part.byKind.map(of),
      networkToo: of(part.networkToo),
      total: of(part.total),
      distanceBySize: part.distanceBySize.map((row) => row.map(of)),
    };
  };
  return { union, missed: share(missed), painted: share(wrong) };
}

/** The mean of several photos' anatomies (each photo counts once, as in the mean IoU). */
export function meanAnatomy(all: readonly ErrorAnatomy[]): ErrorAnatomy {
  const n = all.length || 1;
  const add = (pick: (a: ErrorAnatomy) => AnatomyPart): AnatomyPart => {
    const first = pick(all[0]!);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0) / n;
    return {
      byKindNetworkToo: first.byKindNetworkToo.map((_, k) => sum(all.map((a) => pick(a).byKindNetworkToo[k]!))),
      byReach: first.byReach.map((_, k) => sum(all.map((a) => pick(a).byReach[k]!))),
      byDistance: first.byDistance.map((_, k) => sum(all.map((a) => pick(a).byDistance[k]!))),
      bySize: first.bySize.map((_, k) => sum(all.map((a) => pick(a).bySize[k]!))),
      byKind: first.byKind.map((_, k) => sum(all.map((a) => pick(a).byKind[k]!))),
      networkToo: sum(all.map((a) => pick(a).networkToo)),
      total: sum(all.map((a) => pick(a).total)),
      distanceBySize: first.distanceBySize.map((row, d) =>
        row.map((_, s) => sum(all.map((a) => pick(a).distanceBySize[d]![s]!))),
      ),
    };
  };
  return { union: 0, missed: add((a) => a.missed), painted: add((a) => a.painted) };
}

/** The table `npm run eval:visitor -- --anatomy` prints, in points of IoU (100 × share of the union). */
export function describeAnatomy(title: string, anatomy: ErrorAnatomy): string {
  const points = (share: number) => (100 * share).toFixed(2);
  const distances = ['<= 1 %', '1-2 %', '2-5 %', '> 5 %'];
  const sizes = ['< 0.1 %', '0.1-0.5 %', '0.5-2 %', '> 2 %'];
  const reaches = ['<= 0.25 %', '0.25-0.5 %', '0.5-1 %', '> 1 %'];
  const lines = [`${title}: points of IoU lost (100 x pixels / union, mean over photos)`];
  for (const [name, part, kinds, source] of [
    ['missed', anatomy.missed, MISSED_KINDS, 'network missed it too'],
    ['painted', anatomy.painted, PAINTED_KINDS, 'network painted it too'],
  ] as const) {
    lines.push(`  ${name} ${points(part.total)}; ${source} ${points(part.networkToo)}`);
    lines.push(
      `    by distance to the true edge (of the diagonal): ${distances.map((d, k) => `${d} ${points(part.byDistance[k]!)}`).join(', ')}`,
    );
    lines.push(
      `    by piece size (of the photo): ${sizes.map((s, k) => `${s} ${points(part.bySize[k]!)}`).join(', ')}`,
    );
    lines.push(
      `    by kind (of which the network too): ${kinds.map((kind, k) => `${kind} ${points(part.byKind[k]!)} (${points(part.byKindNetworkToo[k]!)})`).join(', ')}`,
    );
    lines.push(
      `    by distance to the render's own edge: ${reaches.map((r, k) => `${r} ${points(part.byReach[k]!)}`).join(', ')}`,
    );
    lines.push(`    distance x size: | ${sizes.join(' | ')}`);
    part.distanceBySize.forEach((row, d) => lines.push(`      ${distances[d]} | ${row.map(points).join(' | ')}`));
  }
  return lines.join('\n');
}

/**
 * One photo's line for `eval:visitor -- --anatomy --per-photo` (session 32): what its render lost in points of IoU
 * and what that is of a mean over `photos`, then missed and painted by kind (each kind's network-too part in
 * brackets), kinds under 0.05 points left out; ranked by the caller, it says which photos carry the mean's loss.
 */
export function describePhotoAnatomy(id: string, anatomy: ErrorAnatomy, photos: number): string {
  const points = (share: number) => (100 * share).toFixed(1);
  const lost = anatomy.missed.total + anatomy.painted.total;
  const part = (name: string, of: AnatomyPart, kinds: readonly string[]) =>
    `${name} ${points(of.total)} (${points(of.networkToo)})${kinds
      .map((kind, k) => (of.byKind[k]! >= 0.0005 ? `, ${kind} ${points(of.byKind[k]!)} (${points(of.byKindNetworkToo[k]!)})` : ''))
      .join('')}`;
  return `${id}: ${points(lost)} points lost, ${(100 * lost / Math.max(1, photos)).toFixed(2)} of the mean over ${photos}; ${part('missed', anatomy.missed, MISSED_KINDS)}; ${part('painted', anatomy.painted, PAINTED_KINDS)}`;
}
