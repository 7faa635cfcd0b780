import { z } from 'zod';
import { cocoRleSchema } from './coco-rle.ts';

/** A point in upright-pixel coordinates (after EXIF orientation): x to the right, y down, 0,0 the top-left corner. */
const point = z.tuple([z.number().finite(), z.number().finite()]);
const ring = z.array(point).min(3);

/** One region: an outer ring and the rings cut out of it (objects standing on the floor). */
export const labelRegionSchema = z.object({
  outer: ring,
  holes: z.array(ring).default([]),
});

/**
 * A floor label (`labels/<id>.json`, or for a COCO-Stuff photo `coco-stuff-labels/<id>.json`, derived at import). `floor` covers every visible floor surface a flooring installer would
 * replace, rugs included, with a hole for everything standing on it (furniture, legs, people, pets). `rugs`
 * are the rugs and mats lying on that floor: by default they are kept, so the scored floor is `floor` minus
 * `rugs`; with rugs replaced it is `floor` alone. Our own labels are polygons drawn by hand; a label taken
 * from a dataset's annotations keeps the dataset's mask, in COCO's compressed RLE (`coco-rle.ts`), and says
 * where it came from in `source`.
 */
export const floorLabelSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  floor: z.union([z.array(labelRegionSchema).min(1), cocoRleSchema]),
  rugs: z.union([z.array(labelRegionSchema), cocoRleSchema]).default([]),
  source: z.string().min(1).optional(),
  notes: z.string().optional(),
});

export type LabelRegion = z.infer<typeof labelRegionSchema>;
export type FloorLabel = z.infer<typeof floorLabelSchema>;

export const evaluationPhotoSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  file: z.string().regex(/^[a-z0-9-]+\.(jpg|jpeg|png|webp)$/),
  roomType: z.enum(['living-room', 'bedroom', 'kitchen', 'dining-room', 'hall', 'office', 'bathroom', 'other']),
  floorType: z.string().min(1),
  hard: z.string().min(1),
  source: z.object({
    repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    path: z.string().min(1),
    original: z.string().url().optional(),
  }),
  licence: z.string().min(1),
  attribution: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * Who drew the label: `hand`, our own polygons; `coco-stuff`, COCO-Stuff's annotators (other conventions:
   * the floor seen between chair and table legs is the furniture's, floor through a doorway is floor).
   * Each is scored as a set of its own.
   */
  labels: z.enum(['hand', 'coco-stuff']).default('hand'),
  /**
   * The held-back set the photo came in with (decision 012): never tuned on. Their scores are reported apart,
   * once per engine change that is kept.
   */
  heldBack: z.string().min(1).optional(),
});

export const evaluationManifestSchema = z.object({
  photos: z.array(evaluationPhotoSchema),
});

export type EvaluationPhoto = z.infer<typeof evaluationPhotoSchema>;
export type EvaluationManifest = z.infer<typeof evaluationManifestSchema>;
