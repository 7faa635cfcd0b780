import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const EVALUATION_DIR = here;
export const MANIFEST_PATH = path.join(here, 'manifest.json');
export const LABELS_DIR = path.join(here, 'labels');
/** Gitignored: filled by `npm run eval:import -- <folder>` (the photos are third-party files, never committed). */
export const PHOTOS_DIR = path.join(here, 'photos');
