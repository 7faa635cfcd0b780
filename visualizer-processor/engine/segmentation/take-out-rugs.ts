/**
 * A rug that covers most of the floor is often called floor by the network: a grey patterned rug on grey
 * laminate, a jute rug. The sign is that the two runs disagree over it: one calls cells rug where the other
 * calls them floor, and few cells are rug in both. (A rug the network does see is rug in both runs almost
 * everywhere, and the floor beside it is real floor: growing from it took that floor away.) Then the rug is
 * grown over the floor from those cells as one surface (no colour edge crossed, nothing far from the colour
 * of the cells the runs disagreed on or from its shade), and leaves the floor only if what stays is floor of
 * another colour: the farther in colour, the fewer disputed cells it takes.
 */

/** Measured on the evaluation set (decision 004). */
export const RUG_LIMITS = {
  /** Gaussian blur (sigma, scene cells) of the photo's copy before colours are compared: a weave is not an edge. */
  blur: 1.5,
  /** More cells rug in every run than this share of the cells rug in any run: the network saw the rug. */
  maxAgreement: 0.5,
  /**
   * The cells on which the runs said rug and floor, as a fraction of the floor, weigh the colour evidence rather
   * than decide alone: an invisible change of the photo moves that share by a tenth or more (living-shag-rug-stool
   * read 0.030-0.035, bedroom-stools 0.057-0.126 over the file and three nudges; decision 012's log, issue 35
   * session 8). At `minSplit` the rug must differ from the floor left by `minContrast`; at a share s, by
   * `minContrast` × (`minSplit` / s)², but at least `leastContrastScale` of it; under `weakestSplit` nothing is grown
   * (a stray vote, and the contrast asked there is out of reach).
   */
  minSplit: 0.03,
  weakestSplit: 0.01,
  leastContrastScale: 0.5,
  /** Largest colour step between neighbouring cells inside the rug (RGB distance of the smoothed copy). */
  edgeStep: 24,
  /** Largest distance from the mean colour of the cells the runs disagreed on. */
  drift: 60,
  /**
   * A piece of floor left inside the rug (its weave, a shadow under a bench) goes too when at least this
   * share of its border is rug and it is under `holes` of the floor.
   */
  enclosedShare: 0.7,
  holes: 0.1,
  /** The grown rug and the floor left must differ by this much in mean colour (RGB distance) at `minSplit`... */
  minContrast: 24,
  /** ...and the floor left must be at least this fraction of the floor before. */
  minFloorLeft: 0.01,
  /**
   * A grown "rug" that makes up more than this share of the floor's far edge (the topmost floor cell of each
   * column) runs to the walls: it is carpet, the floor itself, and stays (issue 23). The one rug the step takes
   * out on the real set (bedroom-stools, a jute rug) is 0.09 of it.
   */
  maxFarEdge: 0.5,
  /**
   * A grown "rug" darker than the floor left, whose hue (chromaticity) is within this of it, is the floor in
   * shade or its darker veins, and stays. The jute rug is lighter than its tile and 0.018 from it.
   */
  minHueShift: 0.03,
  /**
   * The rug is first grown through its own shade: cells of the disputed cells' hue (chromaticity within
   * `shadeHue`) from `shadeDarker` times darker to `shadeLighter` times lighter, as well as within `drift`. A shag
   * rug's shaded pile, beyond the drift, had stayed floor as a wood moat round a pouf. Only if that growth fails a
   * guard below is the rug grown within the drift alone (a jute rug whose shade reaches the floor's own colours).
   * Not lighter than a quarter more: a grey rug's lighter grey laminate has its hue.
   */
  shadeHue: 0.1,
  shadeDarker: 3,
  shadeLighter: 1.25,
};

export interface RugImage {
  width: number;
  height: number;
  /** Smoothed RGB, 3 bytes per cell, on the same grid as the floor. */
  rgb: Uint8Array;
}

/** Per cell of the scene grid, the share of the network's runs that saw floor and that saw rug (0..1). */
export interface RugVotes {
  floor: Float32Array;
  rug: Float32Array;
}

/**
 * Whether the runs disagree over a rug on `floor` (1 where floor): cells one run called rug and another floor
 * (`weakestSplit` of the floor or more), few cells rug in every run. Cheap; the photo's colours are needed only
 * when it says yes.
 */
export function runsDisputeARug(floor: Uint8Array, votes: RugVotes): boolean {
  let floorCells = 0;
  let rugAny = 0;
  let rugAll = 0;
  let split = 0;
  for (let i = 0; i < floor.length; i++) {
    floorCells += floor[i]!;
    if (!(votes.rug[i]! > 0)) continue;
    rugAny++;
    if (votes.rug[i]! >= 1) rugAll++;
    if (votes.floor[i]! > 0) split++;
  }
  return floorCells > 0 && rugAll <= rugAny * RUG_LIMITS.maxAgreement && split >= floorCells * RUG_LIMITS.weakestSplit;
}

/**
 * `floor` is 1 where floor. Returns a new grid with the rug grown out of it, or `floor` itself when no rug
 * qualifies (callers may skip the call when `runsDisputeARug` says no).
 */
export function takeOutRugs(floor: Uint8Array, votes: RugVotes, image: RugImage): Uint8Array {
  if (!runsDisputeARug(floor, votes)) return floor;
  const { width, height, rgb } = image;
  const size = width * height;
  let floorCells = 0;
  for (let i = 0; i < size; i++) floorCells += floor[i]!;
  const disputed = new Uint8Array(size);
  let split = 0;
  const colour = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    if (!(votes.rug[i]! > 0 && votes.floor[i]! > 0)) continue;
    disputed[i] = 1;
    split++;
    for (let c = 0; c < 3; c++) colour[c]! += rgb[i * 3 + c]!;
  }
  const mean = colour.map((sum) => sum / split) as [number, number, number];
  // The fewer cells the runs disputed, the farther in colour the rug must stand from the floor left (`minSplit`).
  const minContrast = RUG_LIMITS.minContrast * Math.max(RUG_LIMITS.leastContrastScale, ((RUG_LIMITS.minSplit * floorCells) / split) ** 2);
  return (
    growRug(floor, floorCells, disputed, image, shadeColoured(rgb, mean), minContrast) ??
    growRug(floor, floorCells, disputed, image, driftColoured(rgb, mean), minContrast) ??
    floor
  );
}

/** Within `drift` of the disputed cells' mean colour. */
function driftColoured(rgb: Uint8Array, [r0, g0, b0]: [number, number, number]): (i: number) => boolean {
  const drift2 = RUG_LIMITS.drift ** 2;
  return (i) => (rgb[i * 3]! - r0) ** 2 + (rgb[i * 3 + 1]! - g0) ** 2 + (rgb[i * 3 + 2]! - b0) ** 2 <= drift2;
}

/** The disputed cells' mean colour in shade: darker (or a little lighter) with nearly the same hue, or within the drift. */
function shadeColoured(rgb: Uint8Array, mean: [number, number, number]): (i: number) => boolean {
  const drift = driftColoured(rgb, mean);
  const brightness = mean[0] + mean[1] + mean[2] || 1;
  return (i) => {
    if (drift(i)) return true;
    const colour = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    const ratio = (colour[0]! + colour[1]! + colour[2]!) / brightness;
    return ratio <= RUG_LIMITS.shadeLighter && ratio >= 1 / RUG_LIMITS.shadeDarker && chromaDistance(colour, mean) < RUG_LIMITS.shadeHue;
  };
}

/**
 * The rug grown over the floor from the disputed cells through cells `rugColoured` accepts, without crossing a
 * colour edge; null when what it would take fails a guard (too little floor left, nearer it in mean colour than
 * `minContrast`, the far wall, the floor's own shade).
 */
function growRug(
  floor: Uint8Array,
  floorCells: number,
  disputed: Uint8Array,
  image: RugImage,
  rugColoured: (i: number) => boolean,
  minContrast: number,
): Uint8Array | null {
  const { width, height, rgb } = image;
  const size = width * height;
  const step2 = RUG_LIMITS.edgeStep ** 2;

  // Seeds: floor cells of the rug's colour on or beside a disputed cell (the floor leaves disputed cells out).
  const grown = new Uint8Array(size);
  const queue = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) {
    if (!floor[i] || !rugColoured(i)) continue;
    const x = i % width;
    const beside =
      disputed[i] ||
      (x > 0 && disputed[i - 1]) ||
      (x < width - 1 && disputed[i + 1]) ||
      (i >= width && disputed[i - width]) ||
      (i < size - width && disputed[i + width]);
    if (!beside) continue;
    grown[i] = 1;
    queue[tail++] = i;
  }
  let head = 0;
  while (head < tail) {
    const index = queue[head++]!;
    const x = index % width;
    for (const next of [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, index - width, index + width]) {
      if (next < 0 || next >= size || grown[next] || !floor[next]) continue;
      const dr = rgb[next * 3]! - rgb[index * 3]!;
      const dg = rgb[next * 3 + 1]! - rgb[index * 3 + 1]!;
      const db = rgb[next * 3 + 2]! - rgb[index * 3 + 2]!;
      if (dr * dr + dg * dg + db * db > step2 || !rugColoured(next)) continue;
      grown[next] = 1;
      queue[tail++] = next;
    }
  }
  fillEnclosed(grown, floor, width, height, floorCells * RUG_LIMITS.holes, RUG_LIMITS.enclosedShare);

  const rug = [0, 0, 0];
  const rest = [0, 0, 0];
  let restCells = 0;
  for (let i = 0; i < size; i++) {
    if (!floor[i]) continue;
    const sums = grown[i] ? rug : rest;
    for (let c = 0; c < 3; c++) sums[c]! += rgb[i * 3 + c]!;
    if (!grown[i]) restCells++;
  }
  const rugCells = floorCells - restCells;
  if (!rugCells || restCells < floorCells * RUG_LIMITS.minFloorLeft) return null;
  const contrast = Math.hypot(...rug.map((sum, c) => sum / rugCells - rest[c]! / restCells));
  if (contrast < minContrast) return null;
  // Never take away floor the network saw unless sure (issue 23): a covering that runs to the far wall is
  // the floor itself (wall-to-wall carpet), and a darker patch of the floor's own hue is its shadow or veins.
  if (shareOfFarEdge(grown, floor, width, height) > RUG_LIMITS.maxFarEdge) return null;
  const rugMean = rug.map((sum) => sum / rugCells);
  const restMean = rest.map((sum) => sum / restCells);
  const darker = rugMean[0]! + rugMean[1]! + rugMean[2]! < restMean[0]! + restMean[1]! + restMean[2]!;
  if (darker && chromaDistance(rugMean, restMean) < RUG_LIMITS.minHueShift) return null;
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = floor[i] && !grown[i] ? 1 : 0;
  return out;
}

/** How `fillEnclosed` reads the border of a floor piece. */
export interface EnclosedBorder {
  /** Cells off the floor that count as rug on the border (a rug the runs saw); otherwise only grown cells do. */
  rugBeyondFloor?: Uint8Array;
  /** The photo's frame counts as something other than rug (a piece running out of the photo is not enclosed); otherwise it is not counted. */
  frameIsOther?: boolean;
}

/**
 * Adds to `grown` (floor cells taken for rug) the other floor pieces of at most `maxCells` whose border is at
 * least `share` rug: the plain patches a patterned rug holds (see `enclosedShare`).
 */
export function fillEnclosed(
  grown: Uint8Array,
  floor: Uint8Array,
  width: number,
  height: number,
  maxCells: number,
  share: number,
  border: EnclosedBorder = {},
): void {
  const size = width * height;
  const rugBeyondFloor = border.rugBeyondFloor;
  const frameIsOther = border.frameIsOther === true;
  const seen = new Uint8Array(size);
  const queue = new Int32Array(size);
  for (let start = 0; start < size; start++) {
    if (!floor[start] || grown[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    let toRug = 0;
    let toOther = 0;
    queue[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
      const index = queue[head++]!;
      const x = index % width;
      for (const next of [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, index >= width ? index - width : -1, index < size - width ? index + width : -1]) {
        if (next < 0) {
          if (frameIsOther) toOther++;
        } else if (grown[next] || (rugBeyondFloor && !floor[next] && rugBeyondFloor[next])) toRug++;
        else if (!floor[next]) toOther++;
        else if (!seen[next]) (seen[next] = 1), (queue[tail++] = next);
      }
    }
    if (tail > maxCells || toRug < share * (toRug + toOther)) continue;
    for (let k = 0; k < tail; k++) grown[queue[k]!] = 1;
  }
}

/** Of the floor's far edge (the topmost floor cell of each column that has floor), the share that is grown rug. */
export function shareOfFarEdge(grown: Uint8Array, floor: Uint8Array, width: number, height: number): number {
  let columns = 0;
  let rugColumns = 0;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const i = y * width + x;
      if (!floor[i]) continue;
      columns++;
      rugColumns += grown[i]!;
      break;
    }
  }
  return columns ? rugColumns / columns : 0;
}

/** Distance between two colours' chromaticities (each channel's share of the sum, 0..1): a shadow keeps its hue. */
function chromaDistance(a: number[], b: number[]): number {
  const sa = a[0]! + a[1]! + a[2]! || 1;
  const sb = b[0]! + b[1]! + b[2]! || 1;
  return Math.hypot(a[0]! / sa - b[0]! / sb, a[1]! / sa - b[1]! / sb, a[2]! / sa - b[2]! / sb);
}
