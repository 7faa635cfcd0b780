import { assertSameSize, isFloor, type FloorMask } from './floor-mask.ts';
import { errorRegions, type FloorTap } from './tap-simulator.ts';
import { judgeMask, TAP_DROP_LIMIT, type VisitorJudgement } from './visitor-view.ts';

/**
 * The taps a real visitor might make (issue 34, deliver 3: "no tap lowers a photo's IoU by more than 0.01"). The
 * simulated visitor (visitor-view.ts) taps only the largest wrong region at its deepest point; a real visitor taps
 * anywhere on what looks wrong: a chair's thin leg painted with the floor, a cable, the far end of a missed strip.
 * The sweep puts taps at seeded random points of every visible wrong piece of the first render, "not floor" on
 * painted pieces (real non-floor the mask took: things standing on the floor, legs, cables) and "this is floor" on
 * missed ones, and scores each tap alone on the first render: the IoU it adds or takes away.
 */

/** Which pieces and how many points: measured the same way each run, so a change is judged on the same taps. */
export const SWEEP_DEFAULTS = {
  /** The largest pieces of each kind that get taps. */
  pieces: 4,
  /** Points per piece. */
  points: 3,
  /** A piece smaller than this share of the photo is not what a visitor sees as wrong. */
  minPiece: 0.001,
  /** Mixed into each photo's seed: another seed, other points on the same pieces. */
  seed: 1,
};

export type SweepOptions = typeof SWEEP_DEFAULTS;

export interface SweepTap extends FloorTap {
  /** The piece's rank among its kind (0 = largest) and its share of the photo. */
  piece: number;
  pieceShare: number;
  /** The piece's id in `errorRegions(predicted, truth).label` (from 1): what `scoreSweptTap` measures the tap's take on. */
  pieceId?: number;
}

/** A 32-bit hash of a text (FNV-1a): the photo's id gives each photo its own points, the same every run. */
export function textSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The sweep's taps on a render: for the `pieces` largest wrong pieces of each kind (8-connected, at least `minPiece` of
 * the photo), `points` distinct points each, drawn by a generator seeded with `key` (the photo's id) and `seed`. A
 * point lies inside its piece, with its four neighbours in the piece where the piece has such pixels: a tap on the
 * piece's outermost pixel lands where the label's own line is uncertain. "Not floor" taps first, then "this is floor".
 */
export function sweepTaps(
  predicted: FloorMask,
  truth: FloorMask,
  key: string,
  options: Partial<SweepOptions> = {},
): SweepTap[] {
  assertSameSize(predicted, truth, 'sweepTaps');
  const { pieces, points, minPiece, seed } = { ...SWEEP_DEFAULTS, ...options };
  const { width, height } = truth;
  const size = width * height;
  const { label, regions } = errorRegions(predicted, truth);
  const random = seededRandom(textSeed(key) ^ Math.imul(seed, 0x9e3779b1));
  const taps: SweepTap[] = [];
  // Kind 2 (painted: "not floor") before kind 1 (missed: "this is floor").
  for (const kind of [2, 1] as const) {
    const chosen = regions
      .map((region, index) => ({ ...region, id: index + 1 }))
      .filter((region) => region.kind === kind && region.pixels >= minPiece * size)
      .sort((a, b) => b.pixels - a.pixels || a.id - b.id)
      .slice(0, pieces);
    // Every chosen piece's pixels in one pass, inner ones (all four neighbours in the piece) apart.
    const wanted = new Map(chosen.map((region) => [region.id, { inner: [] as number[], all: [] as number[] }]));
    for (let i = 0; i < size; i++) {
      const lists = wanted.get(label[i]!);
      if (!lists) continue;
      lists.all.push(i);
      const x = i % width;
      const inner =
        x > 0 &&
        x < width - 1 &&
        i >= width &&
        i < size - width &&
        [i - 1, i + 1, i - width, i + width].every((j) => label[j] === label[i]);
      if (inner) lists.inner.push(i);
    }
    chosen.forEach((region, rank) => {
      const lists = wanted.get(region.id)!;
      const pool = lists.inner.length ? lists.inner : lists.all;
      const picked = new Set<number>();
      // Distinct points; a piece smaller than `points` pixels gives what it has.
      while (picked.size < Math.min(points, pool.length)) picked.add(pool[Math.floor(random() * pool.length)]!);
      for (const i of picked) {
        const x = i % width;
        taps.push({
          x: (x + 0.5) / width,
          y: ((i - x) / width + 0.5) / height,
          floor: kind === 1,
          piece: rank,
          pieceShare: region.pixels / size,
          pieceId: region.id,
        });
      }
    });
  }
  return taps;
}

/** One swept tap, scored on the first render. */
export interface SweptTap {
  id: string;
  tap: SweepTap;
  before: VisitorJudgement;
  after: VisitorJudgement;
  /** after.iou - before.iou. */
  change: number;
  /** Shares of the photo the tap turned: real floor taken out, non-floor cleared ("not floor"); floor added, non-floor painted ("this is floor"). */
  turnedRight: number;
  turnedWrong: number;
  /**
   * The share of the wrong piece the tap lands on that it made right (issue 34 deliver 3: a tap takes the whole piece);
   * only when the tap says its piece and the scorer was given the pieces' labels.
   */
  pieceTaken?: number;
}

/** Scores one tap: what it changed between the first render (`before`) and the render with it (`after`). */
export function scoreSweptTap(
  id: string,
  tap: SweepTap,
  before: FloorMask,
  after: FloorMask,
  truth: FloorMask,
  judgedBefore = judgeMask(before, truth),
  /** `errorRegions(render, truth).label` of the render the taps were placed on: with `tap.pieceId`, the tap's take of its piece. */
  pieceLabel?: Int32Array,
): SweptTap {
  assertSameSize(before, truth, 'scoreSweptTap');
  assertSameSize(after, truth, 'scoreSweptTap');
  let right = 0;
  let wrong = 0;
  let piece = 0;
  let pieceRight = 0;
  const size = truth.width * truth.height;
  const pieceId = pieceLabel ? tap.pieceId : undefined;
  for (let i = 0; i < size; i++) {
    const was = isFloor(before, i);
    const now = isFloor(after, i);
    if (pieceId !== undefined && pieceLabel![i] === pieceId) {
      piece++;
      if (now === isFloor(truth, i)) pieceRight++;
    }
    if (was === now) continue;
    if (now === isFloor(truth, i)) right++;
    else wrong++;
  }
  const judgedAfter = judgeMask(after, truth);
  return {
    id,
    tap,
    before: judgedBefore,
    after: judgedAfter,
    change: judgedAfter.iou - judgedBefore.iou,
    turnedRight: right / size,
    turnedWrong: wrong / size,
    ...(piece ? { pieceTaken: pieceRight / piece } : {}),
  };
}

export interface SweepSummary {
  kind: 'not floor' | 'this is floor';
  taps: number;
  photos: number;
  meanChange: number;
  /** Taps that raised IoU by more than 0.001, and that lowered it by more than `TAP_DROP_LIMIT`. */
  gained: number;
  hurt: SweptTap[];
  /** Taps after which a believable render was no longer believable. */
  believabilityLost: SweptTap[];
  worst: SweptTap | null;
  /** Of the taps with a measured take: the median share of its piece a tap made right, and how many made right under a quarter. */
  medianPieceTaken: number;
  underAQuarter: number;
}

/** Per kind of tap: how many, the mean change, the taps past the issue's bar (worst first) and those that lost believability. */
export function summariseSweep(swept: readonly SweptTap[]): SweepSummary[] {
  return (['not floor', 'this is floor'] as const).map((kind) => {
    const ofKind = swept.filter((s) => s.tap.floor === (kind === 'this is floor'));
    const byChange = [...ofKind].sort((a, b) => a.change - b.change);
    const takes = ofKind.flatMap((s) => (s.pieceTaken === undefined ? [] : [s.pieceTaken]));
    return {
      kind,
      taps: ofKind.length,
      photos: new Set(ofKind.map((s) => s.id)).size,
      meanChange: ofKind.length ? ofKind.reduce((sum, s) => sum + s.change, 0) / ofKind.length : Number.NaN,
      gained: ofKind.filter((s) => s.change > 0.001).length,
      hurt: byChange.filter((s) => s.change < -TAP_DROP_LIMIT),
      believabilityLost: byChange.filter((s) => s.before.believable && !s.after.believable),
      worst: byChange[0] ?? null,
      medianPieceTaken: median(takes),
      underAQuarter: takes.filter((take) => take < 0.25).length,
    };
  });
}

function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A tap as the other commands print it, so it can be given to the engine again (`--tap x,y,kind`). */
export function describeSweptTap(s: SweptTap): string {
  const { tap } = s;
  const sign = s.change >= 0 ? '+' : '-';
  return (
    `${s.id} --tap ${tap.x.toFixed(4)},${tap.y.toFixed(4)},${tap.floor ? 'floor' : 'not-floor'} (piece ${tap.piece + 1}, ${(100 * tap.pieceShare).toFixed(1)} %): ` +
    `${s.before.iou.toFixed(3)} -> ${s.after.iou.toFixed(3)} (${sign}${Math.abs(s.change).toFixed(3)}), turned right ${(100 * s.turnedRight).toFixed(2)} % wrong ${(100 * s.turnedWrong).toFixed(2)} %` +
    `${s.before.believable && !s.after.believable ? ', believability lost' : ''}` +
    `${s.pieceTaken === undefined ? '' : `, took ${(100 * s.pieceTaken).toFixed(0)} % of its piece`}`
  );
}
