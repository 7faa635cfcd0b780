import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { decodeCocoRle, encodeCocoRle } from './coco-rle.ts';
import type { FloorLabel } from './label-schema.ts';

/**
 * The 7 photos labelled by COCO-Stuff's annotators (README, "The COCO-Stuff labels"). Their masks are the
 * dataset's, not ours, so they are not committed: `npm run eval:import -- <folder>` derives each label from the
 * annotation files in `<folder>/coco-stuff/` (the files' sources are in that folder's README) into the gitignored
 * COCO_STUFF_LABELS_DIR. What is committed is this recipe: which file, which image, which classes are floor, and
 * our notes on where the dataset's conventions differ from ours.
 */
export type CocoStuffLabelRecipe = {
  id: string;
  /** Where the dataset's labels are, as the label's `source` says. */
  source: string;
  notes: string;
} & (
  | { annotations: 'stuff_train2017.json' | 'stuff_val2017.json'; imageId: number; categories: readonly CocoStuffCategory[] }
  | { labelMap: '000000001993.png'; categories: readonly CocoStuffCategory[] }
);

/**
 * The dataset's files the labels come from, by sha256 (their repositories and commits: the evaluation README's
 * sources table), so a different file is refused rather than turned into different labels.
 */
export const COCO_STUFF_FILES = {
  'stuff_train2017.json': '983cc7f7e493c77c11142a76e315acd4a31753b29cf8e3148f354c0e149147b0',
  'stuff_val2017.json': '862fc385173bbd09766f1f80758425e2f90c932960d05add879da2255f5370f9',
  '000000001993.png': 'c8d372dc095a7420844e4436d9ca01503c2f771eab716bb59cdb02b429372b3a',
} as const;
export type CocoStuffFile = keyof typeof COCO_STUFF_FILES;

/** COCO-Stuff's stuff classes that are floor to us (ids of the 2017 stuff annotations). */
const CATEGORY_IDS = { carpet: 101, 'floor-marble': 114, 'floor-other': 115, 'floor-stone': 116, 'floor-tile': 117, 'floor-wood': 118 } as const;
export type CocoStuffCategory = keyof typeof CATEGORY_IDS;

const SUPERPIXELS =
  "COCO-Stuff stuff labels were drawn on superpixels, so edges are blocky (a few px); objects on the floor are cut out by COCO's thing polygons.";
const fromRle = (file: string, categories: string) =>
  `COCO-Stuff 2017 stuff annotations (RLE, data/coco_annotations_100/annotations/${file} in CompVis/taming-transformers): ${categories}`;

export const COCO_STUFF_LABELS: readonly CocoStuffLabelRecipe[] = [
  {
    id: 'bedroom-carpet-coco-1993',
    labelMap: '000000001993.png',
    categories: ['carpet', 'floor-marble'],
    source: 'COCO-Stuff 164k stuffthingmap PNG (datasets/coco_stuff/val_label/000000001993.png in NVlabs/SPADE), classes 101, 114 (floor-marble + carpet)',
    notes: `COCO-Stuff labels it 'carpet'; it runs wall to wall under the bed, so by our convention it is floor (fitted carpet). A sliver of floor-marble at the base of the open French window (threshold/sill, arguably not this room's floor) is also counted as floor. COCO's chair and table polygons cover the carpet seen between their legs, which our hand labels would keep as floor.. ${SUPERPIXELS}`,
  },
  {
    id: 'hall-airport-tile-coco-12280',
    annotations: 'stuff_val2017.json',
    imageId: 12280,
    categories: ['floor-tile'],
    source: fromRle('stuff_val2017.json', 'floor-tile'),
    notes: `large public hall seen through a glass door; floor continues behind the glass door and is labelled floor there too (seen through glass, same hall); reflective floor. ${SUPERPIXELS}`,
  },
  {
    id: 'kitchen-fridge-wood-coco-10324',
    annotations: 'stuff_train2017.json',
    imageId: 10324,
    categories: ['floor-wood'],
    source: fromRle('stuff_train2017.json', 'floor-wood'),
    notes: `dark, open fridge; the floor is a strip at the bottom of a portrait frame. ${SUPERPIXELS}`,
  },
  {
    id: 'kitchen-tile-coco-10114',
    annotations: 'stuff_train2017.json',
    imageId: 10114,
    categories: ['floor-tile'],
    source: fromRle('stuff_train2017.json', 'floor-tile'),
    notes: `warm artificial light; stove, bin and cabinets stand on the floor. ${SUPERPIXELS}`,
  },
  {
    id: 'living-empty-wood-coco-10263',
    annotations: 'stuff_train2017.json',
    imageId: 10263,
    categories: ['floor-other', 'floor-tile', 'floor-wood'],
    source: fromRle('stuff_train2017.json', 'floor-other + floor-tile + floor-wood'),
    notes: `COCO-Stuff splits this floor into floor-wood, floor-tile (the hearth) and floor-other; all three are counted as floor. Differs from our convention: the floor seen through the far doorway (next room) is labelled floor, and the raised-looking hearth in front of the fireplace is labelled floor-tile. ${SUPERPIXELS}`,
  },
  {
    id: 'living-people-wood-coco-10707',
    annotations: 'stuff_val2017.json',
    imageId: 10707,
    categories: ['floor-wood'],
    source: fromRle('stuff_val2017.json', 'floor-wood'),
    notes: `floor only ~4.5 % of the frame (below the 5 % guideline, kept as a hard case): small wood strip between a red table, people and a red sofa. ${SUPERPIXELS}`,
  },
  {
    id: 'office-busy-coco-13659',
    annotations: 'stuff_val2017.json',
    imageId: 13659,
    categories: ['floor-other'],
    source: fromRle('stuff_val2017.json', 'floor-other'),
    notes: `cluttered office with people, chairs and desks; COCO chair/table polygons take in the floor seen between legs and under desks, which our hand-label convention would keep as floor. ${SUPERPIXELS}`,
  },
];

/** What we read of a COCO annotation file (its images' sizes and the stuff segments, RLE). */
const annotationFileSchema = z.object({
  images: z.array(z.object({ id: z.number(), width: z.number().int().positive(), height: z.number().int().positive() })),
  annotations: z.array(
    z.object({
      image_id: z.number(),
      category_id: z.number(),
      // The files write `size` as a string ("[640, 480]"), not an array.
      segmentation: z.object({ size: z.union([z.string(), z.tuple([z.number(), z.number()])]), counts: z.string() }),
    }),
  ),
});

/** The dataset file a recipe reads. */
export function cocoStuffFileOf(recipe: CocoStuffLabelRecipe): CocoStuffFile {
  return 'labelMap' in recipe ? recipe.labelMap : recipe.annotations;
}

/**
 * The label `recipe` gives, read from `folder` (which holds COCO-Stuff's files: `<source>/coco-stuff/`). Throws when
 * the file is not the pinned one.
 */
export async function deriveCocoStuffLabel(recipe: CocoStuffLabelRecipe, folder: string): Promise<FloorLabel> {
  const file = cocoStuffFileOf(recipe);
  const bytes = await readFile(path.join(folder, file));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== COCO_STUFF_FILES[file]) throw new Error(`${file} is not the pinned file (sha256 ${sha256}, expected ${COCO_STUFF_FILES[file]})`);
  return cocoStuffLabel(recipe, bytes);
}

/** The label `recipe` gives from its file's bytes (a label map PNG, or an annotation file's JSON). */
export async function cocoStuffLabel(recipe: CocoStuffLabelRecipe, bytes: Buffer): Promise<FloorLabel> {
  const { width, height, floor } = 'labelMap' in recipe ? await fromLabelMap(bytes, recipe.categories) : fromAnnotations(bytes, recipe);
  return { id: recipe.id, width, height, floor: encodeCocoRle(floor, width, height), rugs: [], source: recipe.source, notes: recipe.notes };
}

/** A COCO-Stuff 164k label map: 8-bit grey, each pixel its class's id minus 1 (255 unlabelled). */
async function fromLabelMap(bytes: Buffer, categories: readonly CocoStuffCategory[]) {
  const values = categories.map((name) => CATEGORY_IDS[name] - 1);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const floor = new Uint8Array(info.width * info.height);
  for (let i = 0; i < floor.length; i++) floor[i] = values.includes(data[i * info.channels]!) ? 1 : 0;
  return { width: info.width, height: info.height, floor };
}

/** The union of the image's segments of the recipe's classes, from COCO-Stuff's stuff annotations (RLE). */
function fromAnnotations(bytes: Buffer, recipe: Extract<CocoStuffLabelRecipe, { annotations: string }>) {
  const coco = annotationFileSchema.parse(JSON.parse(bytes.toString('utf8')));
  const image = coco.images.find((candidate) => candidate.id === recipe.imageId);
  if (!image) throw new Error(`${recipe.annotations} has no image ${recipe.imageId}`);
  const wanted: number[] = recipe.categories.map((name) => CATEGORY_IDS[name]);
  const segments = coco.annotations.filter((annotation) => annotation.image_id === recipe.imageId && wanted.includes(annotation.category_id));
  if (segments.length !== wanted.length) throw new Error(`${recipe.annotations}: image ${recipe.imageId} has ${segments.length} of the ${wanted.length} classes ${recipe.categories.join(', ')}`);
  const floor = new Uint8Array(image.width * image.height);
  for (const { segmentation } of segments) {
    const size = typeof segmentation.size === 'string' ? (JSON.parse(segmentation.size) as [number, number]) : segmentation.size;
    const mask = decodeCocoRle({ size, counts: segmentation.counts });
    if (mask.length !== floor.length) throw new Error(`${recipe.annotations}: a segment of image ${recipe.imageId} is ${size.join('×')}, the image ${image.height}×${image.width}`);
    for (let i = 0; i < floor.length; i++) floor[i] ||= mask[i]!;
  }
  return { width: image.width, height: image.height, floor };
}
