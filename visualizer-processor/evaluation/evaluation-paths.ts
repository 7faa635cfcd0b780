import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const EVALUATION_DIR = here;
export const MANIFEST_PATH = path.join(here, 'manifest.json');
export const LABELS_DIR = path.join(here, 'labels');
/**
 * Gitignored: the COCO-Stuff photos' labels, the dataset's own masks, derived from its annotation files by
 * `npm run eval:import -- <folder>` (coco-stuff-labels.ts); never committed.
 */
export const COCO_STUFF_LABELS_DIR = path.join(here, 'coco-stuff-labels');
/** Gitignored: filled by `npm run eval:import -- <folder>` (the photos are third-party files, never committed). */
export const PHOTOS_DIR = path.join(here, 'photos');
