/**
 * Percentiles of a sample as a sort would give them: the value at index `floor(n · fraction)` (at most n − 1) of
 * the sample, rounded to float32 and sorted ascending (−0 before +0, NaN last), found by selection rather than a
 * sort. The light's estimate reads six such values per photo from samples of 20,000-60,000 numbers: a typed
 * array's sort took about 5 ms each, selection a small part of that (decision 028).
 */
export function percentiles(values: ArrayLike<number>, fractions: readonly number[]): number[] {
  if (values.length === 0) return fractions.map(() => 0);
  return fractions.map((fraction) => sortedValueAt(values, Math.min(values.length - 1, Math.floor(values.length * fraction))));
}

/** The value a sort of `values` (float32, ascending, NaN last) puts at index `rank` (0..n − 1). */
export function sortedValueAt(values: ArrayLike<number>, rank: number): number {
  if (rank < 0 || rank >= values.length) throw new RangeError(`rank ${rank} is outside 0..${values.length - 1}`);
  const sample = Float32Array.from(values);
  // NaN has no place in a comparison: a sample holding one is left to the sort, whose order is the definition.
  if (holdsNaN(sample)) return sample.sort()[rank]!;
  return orderStatistic(sample, rank);
}

/**
 * Whether `sample` holds a NaN. A function of its own: V8's fast code for this loop, made inside sortedValueAt,
 * was thrown away at the call after the loop on every later call (decision 028).
 */
function holdsNaN(sample: Float32Array): boolean {
  for (let i = 0; i < sample.length; i++) if (sample[i] !== sample[i]) return true;
  return false;
}

/**
 * The value with `rank` values before it in ascending order (no NaN in `sample`, which is reordered). Selection
 * compares −0 and +0 as equal, so a zero found is given the sign the sort would: −0 if more than `rank`
 * values are negative or −0.
 */
function orderStatistic(sample: Float32Array, rank: number): number {
  let low = 0;
  let high = sample.length - 1;
  while (high > low) {
    // Hoare's partition around the middle of three, until the rank's part is one value wide.
    const middle = (low + high) >>> 1;
    const pivot = medianOfThree(sample[low]!, sample[middle]!, sample[high]!);
    partition(sample, low, high, pivot, partitionEnds);
    const i = partitionEnds[0]!;
    const j = partitionEnds[1]!;
    // Now [low, j] <= pivot <= [i, high], and everything strictly between j and i equals the pivot.
    if (rank <= j) high = j;
    else if (rank >= i) low = i;
    else return signedZero(sample, pivot, rank);
  }
  return signedZero(sample, sample[rank]!, rank);
}

/** Where partition leaves its two ends: i, then j. */
const partitionEnds = new Int32Array(2);

/**
 * One Hoare partition of sample[low..high] around `pivot`; its ends i and j into `ends`. A function of its own:
 * V8's fast code for these loops, made on the spot inside orderStatistic, was thrown away at the lines after them
 * that had not run yet, and made again (decision 028).
 */
function partition(sample: Float32Array, low: number, high: number, pivot: number, ends: Int32Array): void {
  let i = low;
  let j = high;
  while (i <= j) {
    while (sample[i]! < pivot) i++;
    while (sample[j]! > pivot) j--;
    if (i <= j) {
      const swap = sample[i]!;
      sample[i] = sample[j]!;
      sample[j] = swap;
      i++;
      j--;
    }
  }
  ends[0] = i;
  ends[1] = j;
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}

function signedZero(sample: Float32Array, value: number, rank: number): number {
  if (value !== 0) return value;
  let belowOrMinusZero = 0;
  for (let i = 0; i < sample.length; i++) {
    const v = sample[i]!;
    if (v < 0 || (v === 0 && 1 / v < 0)) belowOrMinusZero++;
  }
  return belowOrMinusZero > rank ? -0 : 0;
}
