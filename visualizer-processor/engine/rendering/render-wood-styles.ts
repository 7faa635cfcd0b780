import sharp from 'sharp';
import type { DecodedPhoto, FloorMask, StyleRender, WoodStyleId } from '../floor-engine.ts';
import { layPlanks } from './lay-planks.ts';
import { prepareFloor, type PreparedFloor } from './prepare-floor.ts';
import { makeBoardFigures, makeBoardTextures, type BoardFigures, type BoardTextureSet } from './wood-board-textures.ts';
import { WOOD_LOOKS } from './wood-looks.ts';

/**
 * The offline engine's renderer: the floor's geometry and light are worked out once (prepare-floor),
 * then each style only re-textures. While one style's JPEG is being encoded (sharp, off the main thread),
 * the next style's planks are laid.
 */
export async function renderWoodStyles(photo: DecodedPhoto, floor: FloorMask, styles: readonly WoodStyleId[], seed = 1): Promise<StyleRender[]> {
  const renderer = await createWoodRenderer(photo, floor);
  // Two output buffers in turn: one is encoded while the next style is laid into the other. Pixels off the
  // floor are never written, so a buffer can be reused without copying the photo again.
  const buffers: Buffer[] = [];
  const pending: Array<Promise<StyleRender>> = [];
  const renders: StyleRender[] = [];
  for (const [i, style] of styles.entries()) {
    if (i >= 2) renders.push(await pending[i - 2]!);
    const buffer = (buffers[i % 2] ??= Buffer.from(photo.pixels));
    const pixels = renderer.render(style, seed, buffer);
    pending.push(
      sharp(pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
        .jpeg({ quality: 88, optimiseCoding: false })
        .toBuffer()
        .then((image) => ({ style, image })),
    );
  }
  for (let i = renders.length; i < pending.length; i++) renders.push(await pending[i]!);
  return renders;
}

export interface WoodRenderer {
  scene: PreparedFloor;
  /** The photo with the style's floor, sRGB, 3 channels (into `output`, a copy of the photo, if given). */
  render(style: WoodStyleId, seed: number, output?: Buffer): Buffer;
}

/** The boards' figures are the same for every photo and style: made once per process (about 8 MB). */
let figures: BoardFigures | null = null;
/** Each style's coloured boards and their mip levels do not depend on the photo either: about 5 MB a style. */
const styleBoards = new Map<WoodStyleId, BoardTextureSet>();

function boardsFor(style: WoodStyleId): BoardTextureSet {
  let boards = styleBoards.get(style);
  if (!boards) {
    figures ??= makeBoardFigures();
    boards = makeBoardTextures(figures, WOOD_LOOKS[style], styleSeed(style));
    styleBoards.set(style, boards);
  }
  return boards;
}

/**
 * Makes the boards of the given styles ahead of the first photo (about 0.1 s of this thread for the
 * first style, half that for each further one). The engine calls it when it is created.
 */
export function warmUpRenderer(styles: readonly WoodStyleId[]): void {
  for (const style of styles) boardsFor(style);
}

export async function createWoodRenderer(photo: DecodedPhoto, floor: FloorMask): Promise<WoodRenderer> {
  const scene = await prepareFloor(photo, floor);
  return {
    scene,
    render: (style, seed, output) => layPlanks(scene, WOOD_LOOKS[style], boardsFor(style), seed, output),
  };
}

function styleSeed(style: WoodStyleId): number {
  let hash = 17;
  for (let i = 0; i < style.length; i++) hash = (hash * 31 + style.charCodeAt(i)) | 0;
  return hash;
}
