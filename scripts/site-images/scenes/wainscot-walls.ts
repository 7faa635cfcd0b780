// The three "Custom Wainscoting & Accent Walls" gallery images: straight-on elevations of a wall
// with the millwork lit from the upper left, a baseboard, and a strip of floor in perspective.

import sharp, { type OverlayOptions } from 'sharp';
import { hexToRgb, smoothstep, type Rgb } from '../noise.ts';
import { plankFloor } from '../floor-materials.ts';
import { renderMillwork, type MillworkLayer } from '../millwork.ts';
import { project, renderRoomSurfaces, scaleAt, type Camera, type SurfaceHit } from '../room-raycaster.ts';
import { composeLayers, svgDocument, vignetteLayer } from '../raster.ts';

const WIDTH = 1200;
const HEIGHT = 900;
const WALL_Z = 3.2;

export const wainscotSize = { width: WIDTH, height: HEIGHT };

const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 1000, centerX: 600, horizonY: 380, eyeHeight: 1.3 };
const pixelsPerMetre = scaleAt(camera, WALL_Z);
/** World (metres on the wall, x from the centre, y up) to screen. */
const wallPoint = (x: number, y: number) => project(camera, x, y, WALL_Z);
const wallHalfWidth = WIDTH / 2 / pixelsPerMetre;
const px = (metres: number) => metres * pixelsPerMetre;

interface WainscotStyle {
  wallColor: string;
  /** Colour the millwork is painted; a monochrome wall uses the wall colour. */
  millworkColor: string;
  floorTones: readonly string[];
  mouldings: MillworkLayer[];
  /** Extra SVG drawn over the finished wall (fixtures, decor). */
  decor?: string;
  seed: number;
}

function baseboardLayer(color: Rgb): MillworkLayer {
  const top = wallPoint(0, 0.16).y;
  const floorLine = wallPoint(0, 0).y;
  return {
    shapes: `<rect x="-10" y="${top}" width="${WIDTH + 20}" height="${floorLine - top}"/><rect x="-10" y="${top}" width="${WIDTH + 20}" height="${px(0.02)}" />`,
    color,
    bevelRadius: 2.5,
    relief: 6,
    shadowOffset: [2, 3],
    shadowBlur: 3,
    shadowOpacity: 0.3,
  };
}

function battenLayer(shapes: string, color: Rgb, depth = 1): MillworkLayer {
  return { shapes, color, bevelRadius: 2.2 * depth, relief: 7 * depth, shadowOffset: [3 * depth, 4 * depth], shadowBlur: 3.5 * depth, shadowOpacity: 0.34 };
}

function floorStrip(tones: readonly string[], seed: number): Buffer {
  const oak = plankFloor({
    plankWidth: 0.18,
    minLength: 1.1,
    maxLength: 1.8,
    tones: tones.map(hexToRgb),
    grainContrast: 0.18,
    ringFrequency: 28,
    seamDarkness: 0.5,
    bevelHighlight: 0.04,
    emboss: 0,
    figure: 0.8,
    seed,
  });
  const shader = (hit: SurfaceHit): Rgb => {
    // Planks run parallel to the wall, as they usually do along a feature wall.
    const color = oak(hit.z, hit.x, hit.footprintDepth, hit.footprint);
    const contact = 1 - 0.45 * Math.exp(-(WALL_Z - hit.z) / 0.06);
    const light = 0.82 + 0.18 * smoothstep(3, -1, hit.x);
    return [color[0] * contact * light, color[1] * contact * light, color[2] * contact * light];
  };
  return renderRoomSurfaces(camera, { backZ: WALL_Z }, { floor: shader });
}

async function renderWainscot(style: WainscotStyle): Promise<Buffer> {
  const floorLine = wallPoint(0, 0).y;
  const flatWall = svgDocument(WIDTH, HEIGHT, `<rect width="${WIDTH}" height="${floorLine + 1}" fill="${style.wallColor}"/>`);
  const base = await composeLayers(WIDTH, HEIGHT, [{ svg: flatWall }, { rgba: floorStrip(style.floorTones, style.seed) }]);
  const millworkColor = hexToRgb(style.millworkColor);
  const built = await renderMillwork(base, WIDTH, HEIGHT, [...style.mouldings, baseboardLayer(millworkColor)]);
  // Daylight from the upper left falls off across the wall; applied over everything so millwork and wall agree.
  const wash = svgDocument(
    WIDTH,
    HEIGHT,
    `<rect width="${WIDTH}" height="${floorLine}" fill="url(#wash)"/><rect width="${WIDTH}" height="${floorLine}" fill="url(#washDown)"/>`,
    `<radialGradient id="wash" cx="0.1" cy="0" r="1.25"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#e9e4dc"/><stop offset="1" stop-color="#b9b0a4"/></radialGradient>
     <linearGradient id="washDown" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#d6d0c6" stop-opacity="0.6"/></linearGradient>`,
  );
  const vignette = vignetteLayer(WIDTH, HEIGHT, 0.14, 0.5);
  const overlays: OverlayOptions[] = [{ input: Buffer.from(wash), blend: 'multiply' }];
  if (style.decor) overlays.push({ input: Buffer.from(style.decor) });
  if ('svg' in vignette) overlays.push({ input: Buffer.from(vignette.svg), blend: vignette.blend ?? 'over' });
  return sharp(built).composite(overlays).png().toBuffer();
}

/** Vertical battens every `spacing` metres, centred on the wall, from `bottom` to `top`. */
function verticalBattens(spacing: number, bottom: number, top: number, width: number): { shapes: string; positions: number[] } {
  const positions: number[] = [];
  for (let x = -Math.ceil(wallHalfWidth / spacing) * spacing; x <= wallHalfWidth + spacing; x += spacing) positions.push(x);
  const shapes = positions
    .map((x) => {
      const topLeft = wallPoint(x - width / 2, top);
      return `<rect x="${topLeft.x}" y="${topLeft.y}" width="${px(width)}" height="${px(top - bottom)}"/>`;
    })
    .join('');
  return { shapes, positions };
}

function horizontalRail(y: number, height: number): string {
  const topLeft = wallPoint(-wallHalfWidth - 1, y + height / 2);
  return `<rect x="-10" y="${topLeft.y}" width="${WIDTH + 20}" height="${px(height)}"/>`;
}

function line(from: [number, number], to: [number, number], width: number): string {
  const a = wallPoint(from[0], from[1]);
  const b = wallPoint(to[0], to[1]);
  return `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke-width="${px(width)}" stroke-linecap="square"/>`;
}

export function renderModernGeometric(): Promise<Buffer> {
  // Sage-green, full-height geometric battens: verticals with diagonals forming chevrons and triangles.
  const paint = '#9eab96';
  const battenWidth = 0.064;
  const top = 2.3;
  const bottom = 0.16;
  const { shapes: verticals, positions } = verticalBattens(0.72, bottom, top, battenWidth);
  // Two zigzags that meet at the middle rail: every pair of bays forms a tall diamond over a chevron.
  const low = 0.5;
  const middle = 1.4;
  const diagonals: string[] = [];
  positions.forEach((x, index) => {
    const next = x + 0.72;
    const rising = index % 2 === 0;
    diagonals.push(line([x, rising ? low : middle], [next, rising ? middle : low], battenWidth));
    diagonals.push(line([x, rising ? top : middle], [next, rising ? middle : top], battenWidth));
  });
  return renderWainscot({
    wallColor: paint,
    millworkColor: paint,
    floorTones: ['#c8a27a', '#b88f66', '#d1ad86', '#bf9870'],
    mouldings: [battenLayer(`${verticals}${diagonals.join('')}${horizontalRail(top, 0.09)}${horizontalRail(middle, battenWidth)}`, hexToRgb(paint))],
    seed: 7101,
  });
}

export function renderBoldStatement(): Promise<Buffer> {
  // Deep charcoal-navy grid, floor to ceiling, with a pair of warm brass sconces for drama.
  const paint = '#2f3b46';
  const battenWidth = 0.07;
  const bottom = 0.16;
  const top = 2.6;
  const { shapes: verticals } = verticalBattens(0.6, bottom, top, battenWidth);
  const rails = [0.75, 1.35, 1.95].map((y) => horizontalRail(y, battenWidth)).join('');
  const sconces = [-1.2, 1.2]
    .map((x) => {
      const mount = wallPoint(x, 1.62);
      const s = pixelsPerMetre;
      return `<circle cx="${mount.x}" cy="${mount.y}" r="${0.75 * s}" fill="url(#sconceGlow)"/>
        <rect x="${mount.x - 0.035 * s}" y="${mount.y - 0.09 * s}" width="${0.07 * s}" height="${0.18 * s}" rx="${0.02 * s}" fill="url(#brass)"/>
        <rect x="${mount.x - 0.008 * s}" y="${mount.y - 0.2 * s}" width="${0.016 * s}" height="${0.14 * s}" fill="#b08d57"/>
        <path d="M ${mount.x - 0.06 * s} ${mount.y - 0.2 * s} L ${mount.x + 0.06 * s} ${mount.y - 0.2 * s} L ${mount.x + 0.09 * s} ${mount.y - 0.36 * s} L ${mount.x - 0.09 * s} ${mount.y - 0.36 * s} Z" fill="url(#shadeLit)"/>
        <ellipse cx="${mount.x + 0.05 * s}" cy="${mount.y + 0.02 * s}" rx="${0.04 * s}" ry="${0.1 * s}" fill="#000" opacity="0.25" filter="url(#sconceShadow)"/>`;
    })
    .join('');
  const decor = svgDocument(
    WIDTH,
    HEIGHT,
    sconces,
    `<radialGradient id="sconceGlow" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#ffd9a0" stop-opacity="0.42"/><stop offset="0.5" stop-color="#ffc980" stop-opacity="0.12"/><stop offset="1" stop-color="#ffc980" stop-opacity="0"/></radialGradient>
     <linearGradient id="brass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a6a3a"/><stop offset="0.45" stop-color="#e2c48a"/><stop offset="1" stop-color="#8a6a3a"/></linearGradient>
     <linearGradient id="shadeLit" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f1e3c8"/><stop offset="0.5" stop-color="#fff6e4"/><stop offset="1" stop-color="#e2d0ae"/></linearGradient>
     <filter id="sconceShadow"><feGaussianBlur stdDeviation="4"/></filter>`,
  );
  return renderWainscot({
    wallColor: paint,
    millworkColor: '#33404c',
    floorTones: ['#9a7250', '#8a6445', '#a77d58', '#94694a'],
    mouldings: [battenLayer(`${verticals}${rails}`, hexToRgb('#33404c'), 1.1)],
    decor,
    seed: 7202,
  });
}

export function renderElegantDiamond(): Promise<Buffer> {
  // Classic: white wainscot to a chair rail, each bay a picture frame with an inset diamond,
  // and tall picture-frame boxes above on a soft blue-grey wall.
  const white = '#f3f0ea';
  const bayWidth = 0.78;
  const chairRail = 0.95;
  const frame = 0.032;
  const bays: string[] = [];
  const uppers: string[] = [];
  for (let center = -Math.ceil(wallHalfWidth / bayWidth) * bayWidth; center <= wallHalfWidth + bayWidth; center += bayWidth) {
    const left = center - bayWidth / 2 + 0.09;
    const right = center + bayWidth / 2 - 0.09;
    const bottom = 0.28;
    const top = chairRail - 0.12;
    const topLeft = wallPoint(left, top);
    bays.push(`<rect x="${topLeft.x}" y="${topLeft.y}" width="${px(right - left)}" height="${px(top - bottom)}" fill="none" stroke-width="${px(frame)}"/>`);
    const midX = (left + right) / 2;
    const midY = (top + bottom) / 2;
    const inset = 0.08;
    const points = [
      wallPoint(midX, top - inset),
      wallPoint(right - inset, midY),
      wallPoint(midX, bottom + inset),
      wallPoint(left + inset, midY),
    ];
    bays.push(`<polygon points="${points.map((point) => `${point.x},${point.y}`).join(' ')}" fill="none" stroke-width="${px(frame * 0.8)}"/>`);
    const upperTop = wallPoint(left, 2.35);
    uppers.push(`<rect x="${upperTop.x}" y="${upperTop.y}" width="${px(right - left)}" height="${px(2.35 - (chairRail + 0.2))}" fill="none" stroke-width="${px(frame * 0.85)}"/>`);
  }
  return renderWainscot({
    wallColor: '#c7d0d3',
    millworkColor: white,
    floorTones: ['#b58d63', '#a67e56', '#c09a70', '#ad865d'],
    mouldings: [
      // The lower wall is a painted white field; the frames then sit proud of it.
      { ...battenLayer(`<rect x="-10" y="${wallPoint(0, chairRail).y}" width="${WIDTH + 20}" height="${px(chairRail)}"/>`, hexToRgb(white), 0.4), shadowOpacity: 0.2 },
      battenLayer(bays.join(''), hexToRgb(white), 0.8),
      battenLayer(uppers.join(''), hexToRgb('#d3dbdd'), 0.75),
      { ...battenLayer(horizontalRail(chairRail + 0.02, 0.07), hexToRgb(white), 1.3), shadowOpacity: 0.4 },
    ],
    seed: 7303,
  });
}
