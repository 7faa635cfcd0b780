/**
 * npm run visualizer:samples [-- <output folder>]: each fixture room beside what the engine makes of it, as
 * one JPEG per room (default docs/visualizer-samples/), to look at the engine's quality at a glance.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_WOOD_STYLE } from '../../contracts/wood-styles.ts';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { decodePhoto } from '../src/decode-photo.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', 'fixtures', 'images');
const outputDir = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'docs', 'visualizer-samples'));
const PANEL_WIDTH = 640;

fs.mkdirSync(outputDir, { recursive: true });
const engine = createFloorEngine({ kind: 'offline' });

for (const file of fs.readdirSync(fixtures).filter((name) => /\.(jpe?g|png)$/.test(name) && !name.includes('.mask.'))) {
  const photo = await decodePhoto(fs.readFileSync(path.join(fixtures, file)));
  const result = await engine.visualize(photo, { styles: [DEFAULT_WOOD_STYLE] });
  const before = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(PANEL_WIDTH)
    .png()
    .toBuffer();
  const after = await sharp(result.renders[0]!.image).resize(PANEL_WIDTH).png().toBuffer();
  const { height = 0 } = await sharp(before).metadata();
  const out = path.join(outputDir, `${file.replace(/\.\w+$/, '')}.before-after.jpg`);
  await sharp({ create: { width: PANEL_WIDTH * 2 + 12, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: before, left: 0, top: 0 },
      { input: after, left: PANEL_WIDTH + 12, top: 0 },
    ])
    .jpeg({ quality: 82 })
    .toFile(out);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
