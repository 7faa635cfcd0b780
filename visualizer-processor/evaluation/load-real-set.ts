import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DecodedPhoto, FloorMask } from '../engine/floor-engine.ts';
import { decodePhoto } from '../src/decode-photo.ts';
import { COCO_STUFF_LABELS } from './coco-stuff-labels.ts';
import { COCO_STUFF_LABELS_DIR, LABELS_DIR, MANIFEST_PATH, PHOTOS_DIR } from './evaluation-paths.ts';
import {
  evaluationManifestSchema,
  floorLabelSchema,
  type EvaluationManifest,
  type FloorLabel,
} from './label-schema.ts';
import { rasteriseLabel, type RugPolicy } from './rasterise-label.ts';
import type { EvaluationCase } from './score-floor-masks.ts';

export async function readManifest(manifestPath = MANIFEST_PATH): Promise<EvaluationManifest> {
  return evaluationManifestSchema.parse(JSON.parse(await readFile(manifestPath, 'utf8')));
}

/** A photo's label: ours from labels/, a COCO-Stuff photo's from what `npm run eval:import` derived. */
export async function readLabel(id: string): Promise<FloorLabel> {
  const fromDataset = COCO_STUFF_LABELS.some((recipe) => recipe.id === id);
  const file = path.join(fromDataset ? COCO_STUFF_LABELS_DIR : LABELS_DIR, `${id}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (!fromDataset) throw error;
    throw new Error(`${id}: its label is COCO-Stuff's, derived at import: run npm run eval:import -- <folder with coco-stuff/>`);
  }
  const label = floorLabelSchema.parse(JSON.parse(text));
  if (label.id !== id) throw new Error(`${path.relative(process.cwd(), file)} says its id is ${label.id}`);
  return label;
}

export interface RealSet {
  cases: EvaluationCase[];
  /** Manifest entries whose photo is not in the photos folder (run `npm run eval:import` first). */
  missing: string[];
}

/**
 * The labelled real photos that are present, decoded upright at full size (as `npm run floor-mask` reads
 * them), with their true masks. A photo whose bytes differ from the manifest's sha256 is an error, not a
 * silent skip: its labels would no longer fit it.
 */
export async function loadRealSet(
  options: {
    photosDir?: string;
    rugs?: RugPolicy;
    /**
     * Photos and labels made at most this many pixels on the long side (the label by nearest pixel): quicker
     * experiments. Scores differ a little from full size, where the commands work.
     */
    maxSide?: number;
  } = {},
): Promise<RealSet> {
  const photosDir = options.photosDir ?? PHOTOS_DIR;
  const manifest = await readManifest();
  const cases: EvaluationCase[] = [];
  const missing: string[] = [];
  for (const entry of manifest.photos) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(photosDir, entry.file));
    } catch {
      missing.push(entry.id);
      continue;
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== entry.sha256)
      throw new Error(`${entry.file}: sha256 ${sha256} is not the manifest's ${entry.sha256}`);
    const photo = await decodePhoto(bytes);
    const label = await readLabel(entry.id);
    const truth = rasteriseLabel(label, options.rugs);
    if (
      photo.width !== entry.width ||
      photo.height !== entry.height ||
      label.width !== entry.width ||
      label.height !== entry.height
    ) {
      throw new Error(
        `${entry.id}: photo ${photo.width}×${photo.height}, label ${label.width}×${label.height}, manifest ${entry.width}×${entry.height}`,
      );
    }
    const scaled = options.maxSide && Math.max(photo.width, photo.height) > options.maxSide ? await scaledCase(bytes, truth, options.maxSide) : { photo, truth };
    cases.push({
      id: entry.id,
      set: entry.labels === 'coco-stuff' ? 'coco-stuff' : 'real',
      ...scaled,
      ...(entry.heldBack ? { heldBack: entry.heldBack } : {}),
    });
  }
  return { cases, missing };
}

async function scaledCase(bytes: Buffer, truth: FloorMask, maxSide: number): Promise<{ photo: DecodedPhoto; truth: FloorMask }> {
  const photo = await decodePhoto(bytes, { maxSide });
  const mask = await sharp(truth.mask, { raw: { width: truth.width, height: truth.height, channels: 1 } })
    .resize(photo.width, photo.height, { fit: 'fill', kernel: 'nearest' })
    // sharp gives three channels back from a one-channel raw input unless told otherwise.
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { photo, truth: { width: photo.width, height: photo.height, mask } };
}
