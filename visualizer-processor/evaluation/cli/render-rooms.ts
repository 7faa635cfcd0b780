/** npm run eval:render -- <output folder>: writes the rendered rooms (`<id>.png`) and their exact masks (`<id>.mask.png`). */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RENDERED_ROOMS } from '../rendered/rendered-room-scenes.ts';
import { renderRoomScene } from '../rendered/room-ray-tracer.ts';
import { writeMaskPng } from './write-mask-png.ts';

const output = process.argv[2];
if (!output) {
  console.error('Usage: npm run eval:render -- <output folder>');
  process.exit(1);
}
await mkdir(output, { recursive: true });
for (const room of RENDERED_ROOMS) {
  const rendered = renderRoomScene(room.scene);
  const { width, height } = rendered;
  await sharp(rendered.rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(path.join(output, `${room.id}.png`));
  await writeMaskPng(
    { width, height, mask: Buffer.from(rendered.floorMask) },
    path.join(output, `${room.id}.mask.png`),
  );
  console.log(`${room.id}: ${room.hard}`);
}
