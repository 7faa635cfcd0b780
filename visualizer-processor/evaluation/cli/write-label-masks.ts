/**
 * npm run eval:masks -- <output folder> [--replace-rugs]: rasterises every label to `<id>.mask.png` (the
 * photo's upright size, 255 = floor, rugs not floor unless --replace-rugs). Needs only the committed labels.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readLabel, readManifest } from '../load-real-set.ts';
import { rasteriseLabel } from '../rasterise-label.ts';
import { writeMaskPng } from './write-mask-png.ts';

const args = process.argv.slice(2);
const output = args.find((arg) => !arg.startsWith('--'));
if (!output) {
  console.error('Usage: npm run eval:masks -- <output folder> [--replace-rugs]');
  process.exit(1);
}
const rugs = args.includes('--replace-rugs') ? 'replace-rugs' : 'keep-rugs';
await mkdir(output, { recursive: true });
const manifest = await readManifest();
for (const entry of manifest.photos) {
  await writeMaskPng(rasteriseLabel(await readLabel(entry.id), rugs), path.join(output, `${entry.id}.mask.png`));
}
console.log(`wrote ${manifest.photos.length} masks to ${output} (${rugs})`);
