/**
 * npm run eval:import -- <folder>: copies the evaluation photos from a folder outside the repository
 * (`<folder>/photos/<file>`, or `<folder>/<file>`) into the gitignored evaluation/photos/, checking each
 * file's sha256 against the manifest. Exits 1 when a file differs; missing files are listed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTOS_DIR } from '../evaluation-paths.ts';
import { readManifest } from '../load-real-set.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run eval:import -- <folder holding photos/<id>.<ext>>');
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
if (missing.length) console.log(`not found: ${missing.join(', ')}`);
if (wrong.length) {
  console.error(`not the manifest's file, not copied: ${wrong.join('; ')}`);
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
