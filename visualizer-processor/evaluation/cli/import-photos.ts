/**
 * npm run eval:import -- <folder>: copies the evaluation photos from a folder outside the repository
 * (`<folder>/photos/<file>`, or `<folder>/<file>`) into the gitignored evaluation/photos/, checking each
 * file's sha256 against the manifest, and derives the COCO-Stuff photos' labels from the dataset's files in
 * `<folder>/coco-stuff/` into the gitignored evaluation/coco-stuff-labels/ (coco-stuff-labels.ts). Exits 1 when a
 * file differs or a label cannot be derived from files that are there; missing files are listed.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COCO_STUFF_LABELS, cocoStuffFileOf, deriveCocoStuffLabel } from '../coco-stuff-labels.ts';
import { COCO_STUFF_LABELS_DIR, PHOTOS_DIR } from '../evaluation-paths.ts';
import { readManifest } from '../load-real-set.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run eval:import -- <folder holding photos/<id>.<ext> and coco-stuff/>');
  process.exit(1);
}
const manifest = await readManifest();
await mkdir(PHOTOS_DIR, { recursive: true });
let copied = 0;
const missing: string[] = [];
const wrong: string[] = [];
for (const entry of manifest.photos) {
  const bytes = (await readFirst([path.join(source, 'photos', entry.file), path.join(source, entry.file)])) ?? null;
  if (!bytes) {
    missing.push(entry.file);
    continue;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== entry.sha256) {
    wrong.push(`${entry.file} (sha256 ${sha256}, manifest ${entry.sha256})`);
    continue;
  }
  await writeFile(path.join(PHOTOS_DIR, entry.file), bytes);
  copied++;
}
console.log(`copied ${copied} of ${manifest.photos.length} photos to ${path.relative(process.cwd(), PHOTOS_DIR)}`);

const cocoStuff = path.join(source, 'coco-stuff');
await mkdir(COCO_STUFF_LABELS_DIR, { recursive: true });
let derived = 0;
for (const recipe of COCO_STUFF_LABELS) {
  const file = cocoStuffFileOf(recipe);
  if (!existsSync(path.join(cocoStuff, file))) {
    missing.push(`coco-stuff/${file} (${recipe.id}'s label)`);
    continue;
  }
  try {
    const label = await deriveCocoStuffLabel(recipe, cocoStuff);
    await writeFile(path.join(COCO_STUFF_LABELS_DIR, `${recipe.id}.json`), JSON.stringify(label, null, 2) + '\n');
    derived++;
  } catch (error) {
    wrong.push(`${recipe.id}'s label: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(`derived ${derived} of ${COCO_STUFF_LABELS.length} COCO-Stuff labels from ${path.relative(process.cwd(), cocoStuff) || '.'} into ${path.relative(process.cwd(), COCO_STUFF_LABELS_DIR)}`);
if (missing.length) console.log(`not found: ${missing.join(', ')}`);
if (wrong.length) {
  console.error(`not imported: ${wrong.join('; ')}`);
  process.exit(1);
}

async function readFirst(candidates: string[]): Promise<Buffer | undefined> {
  for (const candidate of candidates) {
    try {
      return await readFile(candidate);
    } catch {
      // Try the next place.
    }
  }
  return undefined;
}
