import sharp from 'sharp';
import type { DecodedPhoto, FloorMask, StyleRender, WoodStyleId } from '../floor-engine.ts';
import { layPlanks } from './lay-planks.ts';
import { floorHomography, type FloorCamera } from './floor-camera.ts';
import { prepareFloor, rowSpans, type PreparedFloor } from './prepare-floor.ts';
import type { BoardTextureSet } from './wood-board-textures.ts';
import { boardTexturesOfStyle } from './kept-board-textures.ts';
import { WOOD_LOOKS } from './wood-looks.ts';

/**
 * The offline engine's renderer: the floor's geometry and light are worked out once (prepare-floor),
 * then each style only re-textures. While one style's JPEG is being encoded (sharp, off the main thread),
 * the next style's planks are laid.
 */
export async function renderWoodStyles(photo: DecodedPhoto, floor: FloorMask, styles: readonly WoodStyleId[], seed = 1): Promise<StyleRender[]> {
  return encodeWoodStyles(await createWoodRenderer(photo, floor), styles, seed);
}

/** What the styles of one photo's floor share, worked out once; then each style's picture from it. */
export interface PreparedStyles {
  /** `onRender`: each style's picture as soon as it is encoded (encodeWoodStyles). */
  render(styles: readonly WoodStyleId[], seed: number, onRender?: (render: StyleRender) => void): Promise<StyleRender[]>;
}

/**
 * The wood renderer prepared for the photo's floor (its camera, light and feathered edge: prepareFloor, about
 * 0.4 s of a 12 MP photo's render), kept for every style asked of it afterwards.
 */
export async function prepareWoodStyles(photo: DecodedPhoto, floor: FloorMask): Promise<PreparedStyles> {
  const renderer = await createWoodRenderer(photo, floor);
  return { render: (styles, seed, onRender) => encodeWoodStyles(renderer, styles, seed, onRender) };
}

/**
 * Each style laid by a renderer already prepared for its photo's floor, as a JPEG: what renderWoodStyles does
 * after preparing one, and what a later call for more styles of the same floor does without preparing it again.
 */
export async function encodeWoodStyles(
  renderer: WoodRenderer,
  styles: readonly WoodStyleId[],
  seed = 1,
  /**
   * Given each style's picture, in the order asked for, as soon as its JPEG is encoded and this thread is free (between
   * two styles' planks): a caller can store and show one while the next is laid, instead of waiting for all (decision
   * 049). A throw from it fails the call.
   */
  onRender?: (render: StyleRender) => void,
): Promise<StyleRender[]> {
  const { width, height, pixels: photoPixels } = renderer.scene;
  // Two output buffers in turn: one is encoded while the next style is laid into the other. Pixels off the
  // floor are never written, so a buffer can be reused without copying the photo again.
  const buffers: Buffer[] = [];
  const pending: Array<Promise<StyleRender>> = [];
  const renders: StyleRender[] = [];
  // Each picture is handed on as its encode ends, not when the loop next waits for it (two styles later): the loop
  // waits only to reuse a buffer.
  let handedOn: Promise<void> = Promise.resolve();
  for (const [i, style] of styles.entries()) {
    if (i >= 2) renders.push(await pending[i - 2]!);
    // Each style's planks hold this thread for up to seconds on a loaded machine (3.5 s for two styles back to
    // back at load 12). Letting the event loop turn between styles keeps every block to one style, so the job
    // runner's heartbeat (every 5 s on this thread) is not starved past the 30 s after which the other service
    // takes the render for a dead worker's and renders it a second time (seen at load ~30).
    else if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const buffer = (buffers[i % 2] ??= Buffer.from(photoPixels));
    const pixels = renderer.render(style, seed, buffer);
    // The pixels go with the render where no later style is laid into their buffer (a first render's one wood, the
    // last two of more): the web copies are then scaled from them, not from a decode of the JPEG.
    const raw = i + 2 >= styles.length ? { pixels, width, height } : undefined;
    pending.push(
      sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 88, optimiseCoding: false })
        .toBuffer()
        .then((image) => (raw ? { style, image, raw } : { style, image })),
    );
    if (onRender) {
      const encoded = pending[i]!;
      handedOn = handedOn.then(async () => onRender(await encoded));
      // Awaited below; a failure meanwhile must not be an unhandled rejection.
      handedOn.catch(() => undefined);
    }
  }
  for (let i = renders.length; i < pending.length; i++) renders.push(await pending[i]!);
  await handedOn;
  return renders;
}

export interface WoodRenderer {
  scene: PreparedFloor;
  /** The photo with the style's floor, sRGB, 3 channels (into `output`, a copy of the photo, if given). */
  render(style: WoodStyleId, seed: number, output?: Buffer): Buffer;
}

/**
 * Each style's coloured boards and their mip levels do not depend on the photo: 2-4.5 MB a style, read from the file
 * a process before this one (or the services' build) kept, or made once per process and kept for the next (decision 034).
 */
const styleBoards = new Map<WoodStyleId, BoardTextureSet>();

function boardsFor(style: WoodStyleId): BoardTextureSet {
  let boards = styleBoards.get(style);
  if (!boards) {
    boards = boardTexturesOfStyle(style).boards;
    styleBoards.set(style, boards);
  }
  return boards;
}

/** Whether layPlanks has run on the made-up floor (feedbackFloor) in this process. */
let planksRehearsed = false;

/**
 * Makes the boards of the given styles ahead of the first photo (about 0.1 s of this thread for the
 * first style, half that for each further one), and lays the planks once on a made-up floor of about 2,000
 * pixels (feedbackFloor), the first time. The engine calls it when it is created.
 */
export function warmUpRenderer(styles: readonly WoodStyleId[]): void {
  for (const style of styles) boardsFor(style);
  if (!planksRehearsed && styles.length > 0) {
    planksRehearsed = true;
    layPlanks(feedbackFloor(), WOOD_LOOKS[styles[0]!], boardsFor(styles[0]!), 1);
  }
}

/**
 * A floor of about 2,000 pixels that goes down every path of layPlanks (the floor's middle and its feathered
 * edge, near and far planks, joints, grain): laid once before the first photo, it gives V8 the type feedback of
 * each path. layPlanks runs once per photo and V8 makes it fast while it runs (on-stack replacement); without
 * this, each path first reached after that threw the fast code away, three times on the bench photo, and the
 * loop ran slowly until it was made again (decision 028). Too small to be made fast itself.
 */
export function feedbackFloor(): PreparedFloor {
  const width = 64;
  const height = 48;
  // A camera like a phone's at 1.4 m, tilted down: the horizon crosses row 17, so the rows under it see the
  // floor from metres away (many planks in a pixel) to near the camera (planks two pixels wide).
  const camera: FloorCamera = {
    focal: 46.08,
    cx: 32,
    cy: 24,
    up: [0.0085, -0.9902, -0.1392],
    along: [-0.5244, -0.1229, 0.8425],
    across: [0.8514, -0.0658, 0.5204],
    height: 1.4,
  };
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 251;
  const alpha = Buffer.alloc(width * height);
  for (let y = 18; y < height; y++) {
    for (let x = 0; x < width; x++) alpha[y * width + x] = y === 18 || x >= width - 3 ? 96 : 255;
  }
  const { rowStart, rowEnd } = rowSpans(alpha, width, height);
  const light = new Float32Array((width / 2) * (height / 2));
  for (let i = 0; i < light.length; i++) light[i] = 0.8 + (i % 7) * 0.05;
  const tint: [number, number, number] = [1.03, 0.99, 0.94];
  return {
    width,
    height,
    pixels,
    camera,
    cameraSource: 'default',
    lighting: { exposure: 0.9, tint, pattern: 0.05 },
    tint,
    grain: 1.5,
    floor: {
      alpha,
      rowStart,
      rowEnd,
      homography: floorHomography(camera),
      minW: (camera.height * 1.05) / 60,
      light: { width: width / 2, height: height / 2, scale: 2, values: light },
    },
  };
}

export async function createWoodRenderer(photo: DecodedPhoto, floor: FloorMask): Promise<WoodRenderer> {
  const scene = await prepareFloor(photo, floor);
  return {
    scene,
    render: (style, seed, output) => layPlanks(scene, WOOD_LOOKS[style], boardsFor(style), seed, output),
  };
}
