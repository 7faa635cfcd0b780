/**
 * The engine interface: the processor and the commands talk only to this, so the default offline engine
 * and an external AI service are interchangeable by configuration (see create-floor-engine.ts).
 *
 * Finding the floor is the expensive, once-per-photo step; every wood style is then rendered from the same
 * floor, so one upload yields all of them. A visitor's corrections ("this is floor", "this is not") are taps
 * that the engine folds into the floor it finds.
 */
import type { WoodStyleId } from '../../contracts/wood-styles.ts';

export type { WoodStyleId } from '../../contracts/wood-styles.ts';

/** An upright photo (EXIF orientation already applied), as raw sRGB pixels, 3 channels, row by row. */
export interface DecodedPhoto {
  pixels: Buffer;
  width: number;
  height: number;
}

/** A visitor's correction: a point of the upright photo, as fractions of its width and height (0..1). */
export interface FloorTap {
  x: number;
  y: number;
  /** true: "this should be wood"; false: "this should not be wood". */
  floor: boolean;
}

export interface FindFloorOptions {
  /** Corrections, oldest first; a later tap wins where two disagree. */
  taps?: readonly FloorTap[];
  /** Rugs stay in front of the new floor (default). false lays wood where rugs are. */
  keepRugs?: boolean;
  /**
   * Also find the floor with rugs and carpet replaced (as `keepRugs: false`) from the same network run, as
   * `rugsReplacedMask`: the visitor's "Replace carpet and rugs too" without a second run.
   */
  withRugsReplaced?: boolean;
}

/**
 * What the segmentation network saw: one class per cell of a coarse grid stretched over the whole upright
 * photo (cell `cx, cy` covers photo pixels `x` in `[cx·W/width, (cx+1)·W/width)`, `y` likewise; cells need not
 * be square). The renderer reads the room from it: walls, ceiling and furniture for the room's lines and the
 * planks' scale. Class ids are ADE20K's first 31 classes, named in `segmentation/scene-classes.ts`
 * (0 = other, 1 = wall, 4 = floor, 6 = ceiling, 29 = rug...). It is the network's raw view: the mask, not the
 * scene, says where the wood goes.
 */
export interface FloorScene {
  width: number;
  height: number;
  /** width × height class ids, row by row. */
  classes: Uint8Array;
}

/** The floor of a photo at the photo's size. */
export interface FloorMask {
  width: number;
  height: number;
  /** 8-bit, width × height, 255 = floor to replace, 0 = everything else (walls, furniture, rugs, people). */
  mask: Buffer;
  /** Present when the engine ran a segmentation network (the offline engine does). */
  scene?: FloorScene;
  /**
   * With `withRugsReplaced`, when the engine can: the floor with rugs and carpet replaced too, same size and
   * scale as `mask` (`mask` itself follows `keepRugs`).
   */
  rugsReplacedMask?: Buffer;
}

export interface VisualizeOptions extends FindFloorOptions {
  /** Styles to render, in order; default all of WOOD_STYLE_IDS. */
  styles?: readonly WoodStyleId[];
  /** Changes the plank layout; the same seed gives the same floor. */
  seed?: number;
  /**
   * A floor found earlier for this photo (a stored mask and scene): the styles are rendered onto it without
   * finding the floor again. An engine that cannot render onto a given floor ignores it.
   */
  floor?: FloorMask;
}

export interface StyleRender {
  style: WoodStyleId;
  /** The rendered photo, JPEG, the photo's width and height. */
  image: Buffer;
  /**
   * The raw pixels `image` was encoded from (RGB), when the engine still holds them: the processor scales the web
   * copies from these rather than decoding `image` again (decision 028, session 20). Absent, the copies come from
   * `image`.
   */
  raw?: { pixels: Buffer; width: number; height: number };
}

export interface FloorVisualization extends FloorMask {
  /** One per requested style, in the order asked for. */
  renders: StyleRender[];
  /**
   * More styles on the same photo, floor and seed, from what this visualization already worked out (the offline
   * engine's floor camera, light and feathered edge): the same pictures as `visualize` with this floor and those
   * styles, without preparing the floor again. The processor's later woods after the default (decision 025).
   * Absent for an engine that keeps nothing between calls. `onRender` is given each style's picture as soon as it is
   * encoded, while the next is laid: the processor stores and shows each later wood on its own, so a phone gets the
   * first of them about a second before the last (decision 049).
   */
  renderMoreStyles?(styles: readonly WoodStyleId[], onRender?: (render: StyleRender) => void): Promise<StyleRender[]>;
}

export interface FloorEngine {
  readonly name: string;
  /**
   * `findFloor` gives `rugsReplacedMask` when asked and `visualize` renders onto a given `floor`: the processor
   * then finds the floor once, shows the photo's rug choice and offers the other (the offline engine does; an
   * external service, asked once per style, does not).
   */
  readonly offersRugChoice?: boolean;
  /** The floor alone: `npm run floor-mask`, evaluation, and the outline the visitor corrects. */
  findFloor(photo: DecodedPhoto, options?: FindFloorOptions): Promise<FloorMask>;
  /** Finds the floor once and renders each requested style onto the photo. */
  visualize(photo: DecodedPhoto, options?: VisualizeOptions): Promise<FloorVisualization>;
  /**
   * A visitor's photo is on its way (the processor's upload call has come): work done only while no photo waits (the
   * offline engine's rehearsal) stops now, not once the photo is received, stored and decoded.
   */
  photoComing?(): void;
}
