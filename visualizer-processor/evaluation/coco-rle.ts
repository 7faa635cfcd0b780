import { z } from 'zod';

/**
 * A mask in COCO's compressed run-length encoding, the form COCO and COCO-Stuff publish their labels in:
 * `size` is [height, width]; the runs go down the columns (column-major), starting with a run of zeros;
 * `counts` packs them as text, each run (after the second, as its difference from the run two before) in
 * groups of 5 bits, low first, offset by 48 into printable characters, bit 0x20 meaning "another group
 * follows" and bit 0x10 of the last group the sign. Labels taken from those datasets keep their encoding,
 * so what we score against can be checked against the dataset's own file.
 */
export const cocoRleSchema = z.object({
  size: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  counts: z.string().regex(/^[\x30-\x6f]*$/),
});

export type CocoRle = z.infer<typeof cocoRleSchema>;

function decodeRuns(counts: string): number[] {
  const runs: number[] = [];
  let at = 0;
  while (at < counts.length) {
    let value = 0;
    let shift = 0;
    let more = true;
    while (more) {
      if (at >= counts.length) throw new Error('COCO RLE counts end inside a run');
      const group = counts.charCodeAt(at++) - 48;
      value |= (group & 0x1f) << shift;
      shift += 5;
      more = (group & 0x20) !== 0;
      if (!more && group & 0x10) value |= -1 << shift;
    }
    if (runs.length > 2) value += runs[runs.length - 2]!;
    runs.push(value);
  }
  return runs;
}

function encodeRuns(runs: number[]): string {
  let text = '';
  runs.forEach((run, i) => {
    let value = i > 2 ? run - runs[i - 2]! : run;
    let more = true;
    while (more) {
      let group = value & 0x1f;
      value >>= 5;
      more = group & 0x10 ? value !== -1 : value !== 0;
      if (more) group |= 0x20;
      text += String.fromCharCode(group + 48);
    }
  });
  return text;
}

/** The mask row by row (1 = set), `width × height` of the RLE's own size. */
export function decodeCocoRle(rle: CocoRle): Uint8Array {
  const [height, width] = rle.size;
  const mask = new Uint8Array(width * height);
  let position = 0;
  let set = false;
  for (const run of decodeRuns(rle.counts)) {
    if (run < 0 || position + run > width * height) throw new Error('COCO RLE runs do not fit its size');
    if (set) {
      for (let i = position; i < position + run; i++) mask[(i % height) * width + Math.floor(i / height)] = 1;
    }
    position += run;
    set = !set;
  }
  if (position !== width * height) throw new Error(`COCO RLE covers ${position} of ${width * height} pixels`);
  return mask;
}

/** A row-by-row mask (non-zero = set) in COCO's compressed RLE. */
export function encodeCocoRle(mask: ArrayLike<number>, width: number, height: number): CocoRle {
  if (mask.length !== width * height) throw new Error(`mask has ${mask.length} values, not ${width}×${height}`);
  const runs: number[] = [];
  let current = false;
  let length = 0;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const set = mask[y * width + x] !== 0;
      if (set !== current) {
        runs.push(length);
        current = set;
        length = 0;
      }
      length++;
    }
  }
  runs.push(length);
  return { size: [height, width], counts: encodeRuns(runs) };
}
