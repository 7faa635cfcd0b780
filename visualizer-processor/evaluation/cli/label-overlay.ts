/**
 * A labelling aid: draws a label over its photo with a coordinate grid, so the boundary can be checked
 * against the photo's edges by eye and corrected. Floor is tinted red, rugs blue, every ring outlined.
 *   npx tsx visualizer-processor/evaluation/cli/label-overlay.ts <photo> <label.json | -> <out.png> [--grid 50] [--crop x,y,w,h] [--zoom 2] [--brighten 1.8]
 * With "-" as the label only the grid is drawn (to start a label).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { decodePhoto } from '../../src/decode-photo.ts';
import { floorLabelSchema, type FloorLabel } from '../label-schema.ts';
import { rasteriseLabel } from '../rasterise-label.ts';

const args = process.argv.slice(2);
const [photoPath, labelPath, outPath] = args;
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
if (!photoPath || !labelPath || !outPath) {
  console.error(
    'Usage: label-overlay.ts <photo> <label.json | -> <out.png> [--grid 50] [--crop x,y,w,h] [--zoom 2] [--brighten 1.8]',
  );
  process.exit(1);
}
const grid = Number(option('grid') ?? 50);
const zoom = Number(option('zoom') ?? 1);
const photo = await decodePhoto(await readFile(photoPath));
const label: FloorLabel | null =
  labelPath === '-' ? null : floorLabelSchema.parse(JSON.parse(await readFile(labelPath, 'utf8')));
const { width, height } = photo;
const pixels = Buffer.from(photo.pixels);
// Dark photos: brightening is a plain viewing aid, like zoom.
const gain = Number(option('brighten') ?? 1);
if (gain !== 1) for (let i = 0; i < pixels.length; i++) pixels[i] = Math.min(255, Math.round(pixels[i]! * gain));
if (label) {
  const floor = rasteriseLabel(label, 'keep-rugs');
  const withRugs = rasteriseLabel(label, 'replace-rugs');
  for (let i = 0; i < width * height; i++) {
    if (floor.mask[i]) pixels[i * 3] = Math.round(pixels[i * 3]! * 0.55 + 255 * 0.45);
    else if (withRugs.mask[i]) pixels[i * 3 + 2] = Math.round(pixels[i * 3 + 2]! * 0.55 + 255 * 0.45);
  }
}
const [cx, cy, cw, ch] = (option('crop') ?? `0,0,${width},${height}`).split(',').map(Number) as [
  number,
  number,
  number,
  number,
];
const lines: string[] = [];
for (let x = Math.ceil(cx / grid) * grid; x <= cx + cw; x += grid) {
  lines.push(
    `<line x1="${x}" y1="${cy}" x2="${x}" y2="${cy + ch}" stroke="#0ff" stroke-opacity="0.5" stroke-width="${1 / zoom}"/>`,
  );
  lines.push(
    `<text x="${x + 2 / zoom}" y="${cy + 12 / zoom}" font-size="${11 / zoom}" fill="#ff0" font-family="sans-serif">${x}</text>`,
  );
}
for (let y = Math.ceil(cy / grid) * grid; y <= cy + ch; y += grid) {
  lines.push(
    `<line x1="${cx}" y1="${y}" x2="${cx + cw}" y2="${y}" stroke="#0ff" stroke-opacity="0.5" stroke-width="${1 / zoom}"/>`,
  );
  lines.push(
    `<text x="${cx + 2 / zoom}" y="${y - 2 / zoom}" font-size="${11 / zoom}" fill="#ff0" font-family="sans-serif">${y}</text>`,
  );
}
// Only drawn polygons have rings to show; a dataset's RLE mask shows as its tint alone.
const regions = label ? [label.floor, label.rugs].flatMap((area) => (Array.isArray(area) ? area : [])) : [];
const rings = regions.flatMap((region) => [region.outer, ...region.holes]);
for (const ring of rings) {
  lines.push(
    `<polygon points="${ring.map(([x, y]) => `${x},${y}`).join(' ')}" fill="none" stroke="#ff0" stroke-width="${1 / zoom}"/>`,
  );
  for (const [x, y] of ring) lines.push(`<circle cx="${x}" cy="${y}" r="${2 / zoom}" fill="#f0f"/>`);
}
const svg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines.join('')}</svg>`,
);
// Two steps: sharp would otherwise crop before compositing, and the full-size grid would not fit.
const drawn = await sharp(pixels, { raw: { width, height, channels: 3 } })
  .composite([{ input: svg }])
  .png()
  .toBuffer();
await sharp(drawn)
  .extract({ left: cx, top: cy, width: cw, height: ch })
  .resize(Math.round(cw * zoom), Math.round(ch * zoom), { kernel: 'nearest' })
  .png()
  .toFile(outPath);
console.log(`wrote ${outPath}`);
