import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WOOD_STYLE } from '../../../contracts/wood-styles.ts';
import { photoCopy, plankRowsArgs } from '../rendering/lay-planks.ts';
import { rowSpans } from '../rendering/prepare-floor.ts';
import { feedbackFloor } from '../rendering/render-wood-styles.ts';
import { makeBoardFigures, makeBoardTextures } from '../rendering/wood-board-textures.ts';
import { WOOD_LOOKS } from '../rendering/wood-looks.ts';
import { applyCoefficients, boxMean, type GuidedCoefficients } from '../segmentation/guided-upsample.ts';
import { ROW_KERNELS } from './row-kernels.mjs';
import { holdRowSplitThread, rowsDoneOnSecondThread, runRows, sharedFloat32, whenRowSplitThreadReady } from './row-split.ts';

/** Deterministic values in 0..1 (a small linear congruential generator). */
function noise(length: number, seed: number): Float32Array {
  const values = new Float32Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    values[i] = state / 4294967296;
  }
  return values;
}

/**
 * A full-size photo and coefficients that leave it partly decided (a wall at 0, a floor at 255) and partly to
 * its brightness (edges), as a real floor's are: every branch of applyCoefficients' rows is taken.
 */
function maskCase(width: number, height: number, cw: number, ch: number) {
  const a = new Float32Array(cw * ch);
  const b = new Float32Array(cw * ch);
  const jitter = noise(cw * ch * 2, 7);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = y * cw + x;
      const band = (x + 2 * y) % 9;
      // Walls (under the threshold for any brightness), floor (over it), and edges (the brightness decides).
      if (band < 3) (a[i] = 0.1 * jitter[i]!), (b[i] = 0.05);
      else if (band < 6) (a[i] = 0.1 * jitter[i]!), (b[i] = 0.9);
      else (a[i] = 0.6 + 0.4 * jitter[i]!), (b[i] = 0.3 * jitter[cw * ch + i]!);
    }
  }
  const rgb = Uint8Array.from(noise(width * height * 3, 11), (v) => Math.floor(v * 256));
  const coefficients: GuidedCoefficients = { width: cw, height: ch, a, b };
  return { coefficients, rgb };
}

let letGo: (() => Promise<void>) | undefined;
afterEach(async () => {
  await letGo?.();
  letGo = undefined;
});

describe('the floor tail split over two threads', () => {
  it('each kernel makes the same output in two parts, cut at any row or column, as in one', () => {
    // Kernels keep state along their rows (applyCoefficients' verdicts and interpolated rows, boxMean's running
    // sums): a part that started from another part's state would differ here.
    const width = 57;
    const height = 43;
    const radius = 4;
    const input = sharedFloat32(width * height);
    input.set(noise(width * height, 3));
    const whole = { input, rows: sharedFloat32(input.length), out: sharedFloat32(input.length), width, height, radius };
    ROW_KERNELS.boxMeanAlongRows(whole, 0, height);
    ROW_KERNELS.boxMeanAlongColumns(whole, 0, width);
    for (const cut of [1, 13, 22, 42]) {
      const parts = { ...whole, rows: sharedFloat32(input.length), out: sharedFloat32(input.length) };
      ROW_KERNELS.boxMeanAlongRows(parts, cut, height);
      ROW_KERNELS.boxMeanAlongRows(parts, 0, cut);
      ROW_KERNELS.boxMeanAlongColumns(parts, Math.min(cut, width), width);
      ROW_KERNELS.boxMeanAlongColumns(parts, 0, Math.min(cut, width));
      expect(Buffer.from(parts.out.buffer).equals(Buffer.from(whole.out.buffer))).toBe(true);
    }
    const { coefficients, rgb } = maskCase(160, 120, 23, 17);
    const oneThread = applyCoefficients(coefficients, rgb, 160, 120);
    expect(oneThread.includes(0) && oneThread.includes(255)).toBe(true);
    // The same rows through the kernel in two parts (the arrays applyCoefficients hands it, rebuilt here).
    const x0s = new Int32Array(160);
    const wxs = new Float32Array(160);
    for (let x = 0; x < 160; x++) {
      const fx = Math.min(22, Math.max(0, (x + 0.5) * (23 / 160) - 0.5));
      x0s[x] = Math.min(21, Math.floor(fx));
      wxs[x] = fx - x0s[x]!;
    }
    const least = coefficients.a.map((a, i) => Math.min(coefficients.b[i]!, a + coefficients.b[i]!));
    const most = coefficients.a.map((a, i) => Math.max(coefficients.b[i]!, a + coefficients.b[i]!));
    for (const cut of [1, 7, 59, 119]) {
      const mask = new Uint8Array(160 * 120);
      const args = { ...coefficients, cw: 23, ch: 17, rgb, width: 160, height: 120, threshold: 0.5, x0s, wxs, least, most, mask };
      ROW_KERNELS.applyCoefficientRows(args, cut, 120);
      ROW_KERNELS.applyCoefficientRows(args, 0, cut);
      expect(Buffer.from(mask).equals(oneThread)).toBe(true);
    }
  });

  it('lays the same planks in two parts, cut at any row, as in one', () => {
    // Within a column of planks the loop keeps the plank it holds while the next pixel lies on it, and near a
    // butt joint choosing afresh can name the plank before: the part below a cut must start holding what one
    // pass held on reaching that row. That matters where a row's first floor pixel is in the column the row
    // above ended in: here a strip of floor 4 pixels wide (as through a door), every row within one column.
    const scene = feedbackFloor(16);
    const { width, height } = scene;
    const alpha = Buffer.from(scene.floor.alpha);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (Math.abs(x + 0.5 - width / 2) > 2) alpha[y * width + x] = 0;
    const strip = { ...scene, floor: { ...scene.floor, alpha, ...rowSpans(alpha, width, height) } };
    const boards = makeBoardTextures(makeBoardFigures(), WOOD_LOOKS[DEFAULT_WOOD_STYLE], 5);
    const whole = plankRowsArgs(strip, WOOD_LOOKS[DEFAULT_WOOD_STYLE], boards, 3, photoCopy(strip.pixels));
    ROW_KERNELS.layPlankRows(whole, 0, height);
    expect(Buffer.from(whole.output).equals(strip.pixels)).toBe(false);
    for (let cut = 1; cut < height; cut++) {
      const parts = { ...whole, output: photoCopy(strip.pixels) };
      ROW_KERNELS.layPlankRows(parts, cut, height);
      ROW_KERNELS.layPlankRows(parts, 0, cut);
      expect(Buffer.from(parts.output).equals(Buffer.from(whole.output)), `cut at row ${cut}`).toBe(true);
    }
  });

  it('gives the same mask and window means with the second thread as without, and the thread does its half', async () => {
    const { coefficients, rgb } = maskCase(400, 300, 41, 31);
    const input = noise(400 * 300, 5);
    const alone = { mask: applyCoefficients(coefficients, rgb, 400, 300), means: boxMean(input, 400, 300, 6) };
    letGo = holdRowSplitThread();
    expect(await whenRowSplitThreadReady()).toBe(true);
    const before = rowsDoneOnSecondThread();
    const mask = applyCoefficients(coefficients, rgb, 400, 300);
    const means = boxMean(input, 400, 300, 6);
    // Half the mask's rows, and half of both passes of the window means.
    expect(rowsDoneOnSecondThread() - before).toBe(150 + 150 + 200);
    expect(mask.equals(alone.mask)).toBe(true);
    expect(Buffer.from(means.buffer).equals(Buffer.from(alone.means.buffer))).toBe(true);
  });

  it('does every row itself, the same output, when the thread cannot start, fails its rows, or was let go of', async () => {
    const { coefficients, rgb } = maskCase(400, 300, 41, 31);
    const expected = applyCoefficients(coefficients, rgb, 400, 300);
    const folder = await mkdtemp(path.join(tmpdir(), 'row-split-'));
    try {
      letGo = holdRowSplitThread(path.join(folder, 'missing.mjs'));
      expect(await whenRowSplitThreadReady()).toBe(false);
      expect(applyCoefficients(coefficients, rgb, 400, 300).equals(expected)).toBe(true);
      await letGo();

      // A thread that starts but fails every job (it writes half a row of nonsense first).
      const failing = path.join(folder, 'failing.mjs');
      await writeFile(
        failing,
        `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ args, from, signal }) => { if (args.mask) args.mask.fill(7, from * args.width, from * args.width + 50); Atomics.store(signal, 0, 2); Atomics.notify(signal, 0); });
parentPort.postMessage('ready');`,
      );
      letGo = holdRowSplitThread(failing);
      expect(await whenRowSplitThreadReady()).toBe(true);
      const before = rowsDoneOnSecondThread();
      expect(applyCoefficients(coefficients, rgb, 400, 300).equals(expected)).toBe(true);
      expect(rowsDoneOnSecondThread()).toBe(before);
      // Dropped after its failure: the next call does not ask it.
      expect(await whenRowSplitThreadReady()).toBe(false);
      await letGo();

      letGo = holdRowSplitThread();
      expect(await whenRowSplitThreadReady()).toBe(true);
      await letGo();
      expect(await whenRowSplitThreadReady()).toBe(false);
      expect(applyCoefficients(coefficients, rgb, 400, 300).equals(expected)).toBe(true);
      expect(rowsDoneOnSecondThread()).toBe(before);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('does all the rows here when an array is not in shared memory (the thread would write into a copy), or the job is small', async () => {
    const width = 400;
    const height = 300;
    const input = sharedFloat32(width * height);
    input.set(noise(width * height, 9));
    const shared = { input, rows: sharedFloat32(input.length), out: sharedFloat32(input.length), width, height, radius: 3 };
    letGo = holdRowSplitThread();
    expect(await whenRowSplitThreadReady()).toBe(true);
    const before = rowsDoneOnSecondThread();
    runRows('boxMeanAlongRows', shared, height, width * height);
    expect(rowsDoneOnSecondThread()).toBe(before + height / 2);
    const copied = { ...shared, rows: new Float32Array(input.length) };
    runRows('boxMeanAlongRows', copied, height, width * height);
    expect(Buffer.from(copied.rows.buffer).equals(Buffer.from(shared.rows.buffer))).toBe(true);
    const small = { ...shared, rows: sharedFloat32(input.length) };
    runRows('boxMeanAlongRows', small, 100, 100 * width);
    expect(rowsDoneOnSecondThread()).toBe(before + height / 2);
    expect(Buffer.from(small.rows.buffer, 0, 100 * width * 4).equals(Buffer.from(shared.rows.buffer, 0, 100 * width * 4))).toBe(true);
  });
});
