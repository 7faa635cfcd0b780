// Makes the share images (Open Graph / Twitter, 1200×630) from the site's own generated pictures, and the icon
// set (favicon.ico, apple-touch-icon, the web manifest's icons) from public/favicon.svg. No text is drawn,
// so the result does not depend on the fonts of the machine that runs it.
//
//   npm run images:share

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const SHARE = { width: 1200, height: 630 };
const BRAND_DARK = '#3b2416';

const shareImages = [
  { name: 'home', from: 'hero-room-1600.webp' },
  { name: 'realtors', from: 'partner-realtor-1600.webp' },
  { name: 'investors', from: 'partner-investor-1600.webp' },
  { name: 'floor-visualizer', from: 'hero-room-1600.webp', position: 'bottom' as const },
];

/** A walnut band along the bottom with the logo's three planks, so a shared link reads as this business. */
const brandBand = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE.width}" height="${SHARE.height}">
    <defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="${BRAND_DARK}" stop-opacity="0"/><stop offset="1" stop-color="${BRAND_DARK}" stop-opacity="0.85"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#fade)"/>
    <g transform="translate(56 510)">
      <rect width="84" height="84" rx="18" fill="${BRAND_DARK}"/>
      <path d="M17 40 42 19l25 21" fill="none" stroke="#d9a066" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="21" y="44" width="42" height="7" rx="2" fill="#f0d9b5"/>
      <rect x="21" y="53" width="42" height="7" rx="2" fill="#d9a066"/>
      <rect x="21" y="62" width="42" height="7" rx="2" fill="#c08a4f"/>
    </g>
  </svg>`,
);

async function makeShareImages() {
  const outDir = path.join(publicDir, 'images', 'share');
  await mkdir(outDir, { recursive: true });
  for (const { name, from, position } of shareImages) {
    await sharp(path.join(publicDir, 'images', 'generated', from))
      .resize(SHARE.width, SHARE.height, { fit: 'cover', position: position ?? 'centre' })
      .composite([{ input: brandBand }])
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(path.join(outDir, `${name}.jpg`));
  }
}

/** An .ico holding PNG images (every browser since IE reads PNG inside ICO). */
function icoFromPngs(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((png) => png.data)]);
}

async function makeIcons() {
  const svg = await readFile(path.join(publicDir, 'favicon.svg'));
  const iconsDir = path.join(publicDir, 'icons');
  await mkdir(iconsDir, { recursive: true });
  const png = (size: number) => sharp(svg, { density: 72 * (size / 32) }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(iconsDir, 'icon-192.png'), await png(192));
  await writeFile(path.join(iconsDir, 'icon-512.png'), await png(512));
  await writeFile(path.join(publicDir, 'apple-touch-icon.png'), await png(180));
  // Maskable: the mark inside the safe zone (the middle 80%) on the brand colour.
  const inner = await png(360);
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND_DARK } })
    .composite([{ input: inner, left: 76, top: 76 }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(iconsDir, 'icon-maskable-512.png'));
  await writeFile(path.join(publicDir, 'favicon.ico'), icoFromPngs([{ size: 16, data: await png(16) }, { size: 32, data: await png(32) }, { size: 48, data: await png(48) }]));
}

await makeShareImages();
await makeIcons();
console.log('Share images in public/images/share/, icons in public/icons/, public/favicon.ico and public/apple-touch-icon.png');
