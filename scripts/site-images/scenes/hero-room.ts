// Hero: a bright living room with a warm white-oak floor running toward a big black-framed window.
// The left third is deliberately quiet (wall and floor only) so headline text can sit over it.

import { fbm, hexToRgb, mixRgb, scaleRgb, smoothstep, valueNoise, type Rgb } from '../noise.ts';
import sharp from 'sharp';
import { plankFloor, type FloorMaterial } from '../floor-materials.ts';
import { project, renderRoomSurfaces, scaleAt, type Camera } from '../room-raycaster.ts';
import { composeLayers, svgDocument, vignetteLayer } from '../raster.ts';
import { windowLight, type WindowOpening } from '../window-light.ts';

const WIDTH = 1600;
const HEIGHT = 900;
const BACK_Z = 5.2;

const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 820, centerX: 800, horizonY: 300, eyeHeight: 1.45 };

const opening: WindowOpening = { left: 2.25, right: 4.65, bottom: 0.5, top: 2.6, mullionsX: [3.05, 3.85], transomsY: [2.05], wallZ: BACK_Z };

const rug = { left: -1.0, right: 1.95, front: 3.0, back: 5.0 };

export interface LivingRoomLook {
  floor: FloorMaterial;
  wall: string;
  fabric: string;
  pillows: readonly [string, string, string];
  rugWool: Rgb;
  rugBorder: Rgb;
  /** Mirror the finished image, so a second room built from the same set does not look like a copy. */
  mirrored: boolean;
}

/** Scales a hex colour's brightness; lets one fabric colour drive every fold and shadow of the sofa. */
function shade(hex: string, factor: number): string {
  const [red, green, blue] = hexToRgb(hex);
  const channel = (value: number) => Math.round(Math.min(1, value * factor) * 255).toString(16).padStart(2, '0');
  return `#${channel(red)}${channel(green)}${channel(blue)}`;
}

const whiteOak = plankFloor({
  plankWidth: 0.19,
  minLength: 1.2,
  maxLength: 1.9,
  tones: ['#c99a6b', '#b9855a', '#d3a77a', '#c08f60', '#ad7a4f'].map(hexToRgb),
  grainContrast: 0.21,
  ringFrequency: 26,
  seamDarkness: 0.5,
  bevelHighlight: 0.05,
  emboss: 0,
  figure: 1,
  seed: 1601,
});

function rugColor(look: LivingRoomLook, x: number, z: number, footprint: number): Rgb {
  const inset = Math.min(x - rug.left, rug.right - x, z - rug.front, rug.back - z);
  const border = smoothstep(0.1, 0.1 + footprint * 2, inset) * (1 - smoothstep(0.14, 0.14 + footprint * 2, inset));
  const fibre = (valueNoise(x * 500, z * 500, 17) - 0.5) * 0.12 * Math.max(0, 1 - footprint / 0.004);
  const weave = (fbm(x * 4, z * 4, 19, 3) - 0.5) * 0.08;
  const heather = (valueNoise(x * 140, z * 60, 23) - 0.5) * 0.08 * Math.max(0, 1 - footprint / 0.012);
  return scaleRgb(mixRgb(look.rugWool, look.rugBorder, border * 0.8), 1 + fibre + weave + heather);
}

function floorShader(look: LivingRoomLook, hit: { x: number; z: number; footprint: number; footprintDepth: number }): Rgb {
  const { x, z, footprint, footprintDepth } = hit;
  const onRug = x > rug.left && x < rug.right && z > rug.front && z < rug.back;
  let albedo = onRug ? rugColor(look, x, z, footprint) : look.floor(x, z, footprint, footprintDepth);
  // The rug sits proud of the floor: a thin shadow along its front edge.
  if (!onRug && x > rug.left && x < rug.right && z < rug.front && z > rug.front - 0.03) albedo = scaleRgb(albedo, 0.78);

  const light = windowLight(opening, x, z, { sunDirection: [0.32, 0.78, 0.62], glossiness: onRug ? 0 : 0.22, eye: camera });
  const ambient = 0.74 + 0.2 * smoothstep(1.5, 5, z) + light.skyGlow * 0.22;
  const contact = 1 - 0.32 * Math.exp(-(BACK_Z - z) / 0.07);
  const sun = light.sun * (onRug ? 0.32 : 0.55);
  return [
    albedo[0] * (ambient + sun * 1.0) * contact + light.reflection,
    albedo[1] * (ambient + sun * 0.95) * contact + light.reflection,
    albedo[2] * (ambient + sun * 0.86) * contact + light.reflection * 1.02,
  ];
}

function backWallSvg(look: LivingRoomLook): string {
  const wallScale = scaleAt(camera, BACK_Z);
  const floorLine = project(camera, 0, 0, BACK_Z).y;
  const baseboardTop = project(camera, 0, 0.13, BACK_Z).y;
  const windowTopLeft = project(camera, opening.left, opening.top, BACK_Z);
  const windowBottomRight = project(camera, opening.right, opening.bottom, BACK_Z);
  const windowWidth = windowBottomRight.x - windowTopLeft.x;
  const windowHeight = windowBottomRight.y - windowTopLeft.y;
  const frame = 0.05 * wallScale;
  const mullions = [...opening.mullionsX.map((mx) => ({ x: project(camera, mx, 0, BACK_Z).x - frame / 2, y: windowTopLeft.y, w: frame, h: windowHeight })),
    ...opening.transomsY.map((my) => ({ x: windowTopLeft.x, y: project(camera, 0, my, BACK_Z).y - frame / 2, w: windowWidth, h: frame }))];
  const art = { topLeft: project(camera, 0.05, 2.0, BACK_Z), bottomRight: project(camera, 1.15, 1.28, BACK_Z) };
  const artWidth = art.bottomRight.x - art.topLeft.x;
  const artHeight = art.bottomRight.y - art.topLeft.y;
  const mat = 0.07 * wallScale;

  const defs = `
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${shade(look.wall, 0.975)}"/><stop offset="0.55" stop-color="${look.wall}"/><stop offset="1" stop-color="${shade(look.wall, 1.02)}"/>
    </linearGradient>
    <linearGradient id="wallFalloff" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b9ab98" stop-opacity="0.12"/><stop offset="0.6" stop-color="#b9ab98" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="windowGlow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fffaf0" stop-opacity="0.85"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#cfe3f2"/><stop offset="0.7" stop-color="#eef5f8"/><stop offset="1" stop-color="#f6f8f2"/>
    </linearGradient>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
    <filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter>
    <linearGradient id="art" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e8dccb"/><stop offset="1" stop-color="#d9c6ad"/>
    </linearGradient>
    <clipPath id="windowClip"><rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${windowWidth}" height="${windowHeight}"/></clipPath>
    <clipPath id="artClip"><rect x="${art.topLeft.x + mat}" y="${art.topLeft.y + mat}" width="${artWidth - 2 * mat}" height="${artHeight - 2 * mat}"/></clipPath>
  `;
  const trees = [
    [0.05, 0.62, 0.5, 0.3, '#7f9a6a'], [0.3, 0.55, 0.4, 0.35, '#6d8a5c'], [0.62, 0.6, 0.45, 0.3, '#8aa476'],
    [0.9, 0.5, 0.35, 0.4, '#76905f'], [0.45, 0.8, 0.7, 0.2, '#9fb58a'],
  ] as const;
  const treeShapes = trees
    .map(([cx, cy, rx, ry, color]) => `<ellipse cx="${windowTopLeft.x + cx * windowWidth}" cy="${windowTopLeft.y + cy * windowHeight}" rx="${rx * windowWidth}" ry="${ry * windowHeight}" fill="${color}" opacity="0.55"/>`)
    .join('');
  const sheerPanel = (x: number, width: number) => {
    const folds = Array.from({ length: 7 }, (_, index) => {
      const foldX = x + (index + 0.5) * (width / 7);
      return `<rect x="${foldX - width / 28}" y="0" width="${width / 14}" height="${floorLine}" fill="#ffffff" opacity="${index % 2 === 0 ? 0.35 : 0.12}"/>`;
    }).join('');
    return `<g filter="url(#soft)"><rect x="${x}" y="0" width="${width}" height="${floorLine - 2}" fill="#f7f4ee" opacity="0.62"/>${folds}</g>`;
  };
  const artPainting = `
    <rect x="${art.topLeft.x - 4}" y="${art.topLeft.y + 8}" width="${artWidth + 8}" height="${artHeight}" fill="#5a4a3a" opacity="0.18" filter="url(#soft)"/>
    <rect x="${art.topLeft.x}" y="${art.topLeft.y}" width="${artWidth}" height="${artHeight}" fill="#a77a52"/>
    <rect x="${art.topLeft.x + 4}" y="${art.topLeft.y + 4}" width="${artWidth - 8}" height="${artHeight - 8}" fill="#f8f5ef"/>
    <g clip-path="url(#artClip)">
      <rect x="${art.topLeft.x}" y="${art.topLeft.y}" width="${artWidth}" height="${artHeight}" fill="url(#art)"/>
      <ellipse cx="${art.topLeft.x + artWidth * 0.68}" cy="${art.topLeft.y + artHeight * 0.42}" rx="${artWidth * 0.09}" ry="${artWidth * 0.09}" fill="#c4835a" opacity="0.9"/>
      <path d="M ${art.topLeft.x} ${art.topLeft.y + artHeight * 0.72} Q ${art.topLeft.x + artWidth * 0.3} ${art.topLeft.y + artHeight * 0.5} ${art.topLeft.x + artWidth * 0.55} ${art.topLeft.y + artHeight * 0.66} T ${art.topLeft.x + artWidth} ${art.topLeft.y + artHeight * 0.6} V ${art.bottomRight.y} H ${art.topLeft.x} Z" fill="#8d9a7e"/>
      <path d="M ${art.topLeft.x} ${art.topLeft.y + artHeight * 0.85} Q ${art.topLeft.x + artWidth * 0.5} ${art.topLeft.y + artHeight * 0.7} ${art.topLeft.x + artWidth} ${art.topLeft.y + artHeight * 0.82} V ${art.bottomRight.y} H ${art.topLeft.x} Z" fill="#5f6f58"/>
    </g>`;

  const body = `
    <rect width="${WIDTH}" height="${floorLine + 2}" fill="url(#wall)"/>
    <rect width="${WIDTH}" height="${floorLine + 2}" fill="url(#wallFalloff)"/>
    <ellipse cx="${windowTopLeft.x + windowWidth / 2}" cy="${windowTopLeft.y + windowHeight / 2}" rx="${windowWidth * 1.05}" ry="${windowHeight * 0.85}" fill="url(#windowGlow)" filter="url(#softer)"/>
    <rect x="${windowTopLeft.x - frame * 0.9}" y="${windowTopLeft.y - frame * 0.9}" width="${windowWidth + frame * 1.8}" height="${windowHeight + frame * 1.8}" fill="#f6f3ee"/>
    <g clip-path="url(#windowClip)">
      <rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${windowWidth}" height="${windowHeight}" fill="url(#sky)"/>
      <g filter="url(#soft)">${treeShapes}</g>
      <rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${windowWidth}" height="${windowHeight}" fill="#ffffff" opacity="0.28"/>
      <rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${frame * 0.6}" height="${windowHeight}" fill="#9d958a" opacity="0.35"/>
    </g>
    <rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${windowWidth}" height="${windowHeight}" fill="none" stroke="#24221f" stroke-width="${frame}"/>
    ${mullions.map((m) => `<rect x="${m.x}" y="${m.y}" width="${m.w}" height="${m.h}" fill="#24221f"/>`).join('')}
    <rect x="${windowTopLeft.x - frame * 1.4}" y="${windowBottomRight.y + frame * 0.4}" width="${windowWidth + frame * 2.8}" height="${frame * 0.7}" fill="#fbf9f5"/>
    <rect x="${windowTopLeft.x - frame * 1.4}" y="${windowBottomRight.y + frame * 1.1}" width="${windowWidth + frame * 2.8}" height="${frame * 0.4}" fill="#9c9185" opacity="0.35"/>
    ${sheerPanel(windowTopLeft.x - windowWidth * 0.26, windowWidth * 0.2)}
    ${sheerPanel(windowBottomRight.x + windowWidth * 0.05, windowWidth * 0.22)}
    ${artPainting}
    <rect x="0" y="${baseboardTop}" width="${WIDTH}" height="${floorLine - baseboardTop + 1}" fill="#f5f2ec"/>
    <rect x="0" y="${baseboardTop}" width="${WIDTH}" height="2" fill="#ffffff"/>
    <rect x="0" y="${baseboardTop - 3}" width="${WIDTH}" height="3" fill="#8c7f70" opacity="0.25"/>
  `;
  return svgDocument(WIDTH, HEIGHT, body, defs);
}

function furnitureSvg(look: LivingRoomLook): string {
  // Sofa: front face at Z 4.25, back cushions at Z 4.85. Drawn frontally because it faces the camera.
  const frontZ = 4.25;
  const backZ = 4.85;
  const left = -0.75;
  const right = 1.55;
  const s = scaleAt(camera, frontZ);
  const p = (x: number, y: number, z = frontZ) => project(camera, x, y, z);
  const seatFront = p(left, 0.45);
  const floorFront = p(left, 0);
  const legTop = p(left, 0.11);
  const seatBack = p(left, 0.45, backZ);
  const backTop = p(left, 0.86, backZ);
  const armTop = p(left, 0.64);
  const width = (right - left) * s;
  const backLeft = p(left + 0.12, 0, backZ).x;
  const backRight = p(right - 0.12, 0, backZ).x;
  const arm = 0.2 * s;
  const radius = 0.06 * s;
    const cushionWidth = (backRight - backLeft - 2 * arm) / 2;

  const table = { left: 0.05, right: 1.05, front: 3.25, back: 3.8, height: 0.38 };
  const tableTopFrontLeft = p(table.left, table.height, table.front);
  const tableTopFrontRight = p(table.right, table.height, table.front);
  const tableTopBackLeft = p(table.left, table.height, table.back);
  const tableTopBackRight = p(table.right, table.height, table.back);
  const tableBottom = p(table.left, 0.02, table.front);
  const tableApron = p(table.left, table.height - 0.06, table.front);
  const tableShadowCenter = p((table.left + table.right) / 2, 0, (table.front + table.back) / 2);
  const tableScale = scaleAt(camera, table.front);

  const lamp = { x: -1.2, z: 4.7 };
  const lampScale = scaleAt(camera, lamp.z);
  const lampFoot = p(lamp.x, 0, lamp.z);
  const lampShadeBottom = p(lamp.x, 1.38, lamp.z);
  const lampShadeTop = p(lamp.x, 1.68, lamp.z);

  const plant = { x: 1.95, z: 4.75 };
  const plantScale = scaleAt(camera, plant.z);
  const plantBase = p(plant.x, 0, plant.z);
  const potTop = p(plant.x, 0.42, plant.z);
  const leaves = Array.from({ length: 26 }, (_, index) => {
    const angle = -Math.PI / 2 + Math.sin(index * 2.39) * 1.25;
    const height = 0.55 + ((index * 0.618) % 1) * 0.95;
    const cx = plantBase.x + Math.cos(angle) * 0.25 * plantScale * (0.5 + (index % 3) * 0.3);
    const cy = potTop.y - height * plantScale * 0.75;
    const size = (0.13 + (index % 4) * 0.025) * plantScale;
    const rotation = (angle * 180) / Math.PI + 90 + ((index * 37) % 40) - 20;
    const shade = ['#4f6b3f', '#5f7d48', '#3f5a34', '#6f8d55'][index % 4];
    return `<path d="M ${cx} ${cy - size} Q ${cx + size * 0.75} ${cy} ${cx} ${cy + size} Q ${cx - size * 0.75} ${cy} ${cx} ${cy - size} Z" fill="${shade}" transform="rotate(${rotation} ${cx} ${cy})"/>
      <path d="M ${cx} ${cy - size * 0.9} L ${cx} ${cy + size * 0.9}" stroke="#2f4326" stroke-width="1" opacity="0.5" transform="rotate(${rotation} ${cx} ${cy})"/>`;
  }).join('');
  const stems = Array.from({ length: 6 }, (_, index) => {
    const topX = plantBase.x + (index - 2.5) * 0.07 * plantScale;
    return `<path d="M ${plantBase.x} ${potTop.y} Q ${plantBase.x + (index - 2.5) * 4} ${potTop.y - 0.5 * plantScale} ${topX} ${potTop.y - (0.8 + index * 0.12) * plantScale}" stroke="#5b4a33" stroke-width="2" fill="none"/>`;
  }).join('');

  const defs = `
    <linearGradient id="fabricFront" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(look.fabric, 1.058)}"/><stop offset="1" stop-color="${shade(look.fabric, 0.862)}"/></linearGradient>
    <linearGradient id="fabricTop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(look.fabric, 0.977)}"/><stop offset="1" stop-color="${shade(look.fabric, 1.135)}"/></linearGradient>
    <linearGradient id="cushion" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(look.fabric, 1.103)}"/><stop offset="0.8" stop-color="${shade(look.fabric, 0.942)}"/><stop offset="1" stop-color="${shade(look.fabric, 0.793)}"/></linearGradient>
    <linearGradient id="arm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(look.fabric, 0.94)}"/><stop offset="0.5" stop-color="${shade(look.fabric, 1.071)}"/><stop offset="1" stop-color="${shade(look.fabric, 0.908)}"/></linearGradient>
    <linearGradient id="walnut" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5e4030"/><stop offset="0.5" stop-color="#7a5640"/><stop offset="1" stop-color="#5a3d2d"/></linearGradient>
    <linearGradient id="walnutTop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6e4c37"/><stop offset="1" stop-color="#8a6449"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#efe6d6"/><stop offset="0.5" stop-color="#fff9ee"/><stop offset="1" stop-color="#e6dccb"/></linearGradient>
    <radialGradient id="lampGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3da" stop-opacity="0.55"/><stop offset="1" stop-color="#fff3da" stop-opacity="0"/></radialGradient>
    <linearGradient id="basket" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b79a72"/><stop offset="0.5" stop-color="#d0b38a"/><stop offset="1" stop-color="#a88b63"/></linearGradient>
    <filter id="blur6" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="blur14" x="-30%" y="-80%" width="160%" height="260%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="blur2" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1.5"/></filter>
  `;

  const body = `
    <!-- floor lamp -->
    <ellipse cx="${lampFoot.x}" cy="${lampFoot.y}" rx="${0.22 * lampScale}" ry="${0.05 * lampScale}" fill="#2b2118" opacity="0.35" filter="url(#blur6)"/>
    <circle cx="${lampShadeBottom.x}" cy="${(lampShadeBottom.y + lampShadeTop.y) / 2}" r="${0.7 * lampScale}" fill="url(#lampGlow)"/>
    <rect x="${lampFoot.x - 1.5}" y="${lampShadeBottom.y}" width="3" height="${lampFoot.y - lampShadeBottom.y}" fill="#2c2a27"/>
    <ellipse cx="${lampFoot.x}" cy="${lampFoot.y - 2}" rx="${0.14 * lampScale}" ry="${0.025 * lampScale}" fill="#2c2a27"/>
    <path d="M ${lampShadeTop.x - 0.17 * lampScale} ${lampShadeTop.y} L ${lampShadeTop.x + 0.17 * lampScale} ${lampShadeTop.y} L ${lampShadeBottom.x + 0.22 * lampScale} ${lampShadeBottom.y} L ${lampShadeBottom.x - 0.22 * lampScale} ${lampShadeBottom.y} Z" fill="url(#shade)"/>

    <!-- sofa -->
    <ellipse cx="${(floorFront.x + floorFront.x + width) / 2}" cy="${floorFront.y - 4}" rx="${width * 0.55}" ry="${0.09 * s}" fill="#2b2118" opacity="0.45" filter="url(#blur14)"/>
    <rect x="${floorFront.x + 0.1 * s}" y="${legTop.y}" width="5" height="${floorFront.y - legTop.y}" fill="#4a3526"/>
    <rect x="${floorFront.x + width - 0.1 * s - 5}" y="${legTop.y}" width="5" height="${floorFront.y - legTop.y}" fill="#4a3526"/>
    <rect x="${backLeft}" y="${backTop.y}" width="${backRight - backLeft}" height="${seatBack.y - backTop.y + 10}" rx="${radius}" fill="${shade(look.fabric, 0.887)}"/>
    ${[0, 1].map((index) => `<rect x="${backLeft + arm + index * cushionWidth + 3}" y="${backTop.y - 0.02 * s + 6}" width="${cushionWidth - 6}" height="${seatBack.y - backTop.y}" rx="${radius * 1.2}" fill="url(#cushion)"/>`).join('')}
    <rect x="${floorFront.x + 2 + 0.02 * s}" y="${seatBack.y - 2}" width="${width - 4 - 0.04 * s}" height="${seatFront.y - seatBack.y + 8}" rx="${radius * 0.8}" fill="url(#fabricTop)"/>
    <line x1="${floorFront.x + width / 2}" y1="${seatBack.y}" x2="${floorFront.x + width / 2}" y2="${seatFront.y}" stroke="${shade(look.fabric, 0.788)}" stroke-width="2" opacity="0.7"/>
    <rect x="${floorFront.x}" y="${seatFront.y}" width="${width}" height="${legTop.y - seatFront.y}" rx="${radius * 0.7}" fill="url(#fabricFront)"/>
    <rect x="${floorFront.x + 0.01 * s}" y="${seatFront.y + (legTop.y - seatFront.y) * 0.42}" width="${width - 0.02 * s}" height="2" fill="${shade(look.fabric, 0.745)}" opacity="0.6"/>
    <rect x="${floorFront.x - 0.02 * s}" y="${armTop.y}" width="${arm}" height="${legTop.y - armTop.y}" rx="${radius}" fill="url(#arm)"/>
    <rect x="${floorFront.x + width - arm + 0.02 * s}" y="${armTop.y}" width="${arm}" height="${legTop.y - armTop.y}" rx="${radius}" fill="url(#arm)"/>
    <!-- throw pillows -->
    <rect x="${backLeft + arm + 0.04 * s}" y="${seatBack.y - 0.36 * s}" width="${0.4 * s}" height="${0.38 * s}" rx="${0.07 * s}" fill="${look.pillows[0]}" transform="rotate(-6 ${backLeft + arm} ${seatBack.y})"/>
    <rect x="${backLeft + arm + 0.36 * s}" y="${seatBack.y - 0.32 * s}" width="${0.36 * s}" height="${0.34 * s}" rx="${0.07 * s}" fill="${look.pillows[1]}" transform="rotate(4 ${backLeft + arm + 0.5 * s} ${seatBack.y})"/>
    <rect x="${backRight - arm - 0.46 * s}" y="${seatBack.y - 0.36 * s}" width="${0.42 * s}" height="${0.38 * s}" rx="${0.07 * s}" fill="${look.pillows[2]}" transform="rotate(7 ${backRight - arm} ${seatBack.y})"/>
    <rect x="${backRight - arm - 0.46 * s}" y="${seatBack.y - 0.36 * s}" width="${0.42 * s}" height="${0.38 * s}" rx="${0.07 * s}" fill="url(#cushion)" opacity="0.25" transform="rotate(7 ${backRight - arm} ${seatBack.y})"/>

    <!-- plant in a woven basket -->
    <ellipse cx="${plantBase.x}" cy="${plantBase.y - 2}" rx="${0.3 * plantScale}" ry="${0.06 * plantScale}" fill="#2b2118" opacity="0.4" filter="url(#blur6)"/>
    ${stems}
    <g>${leaves}</g>
    <path d="M ${plantBase.x - 0.2 * plantScale} ${potTop.y} L ${plantBase.x + 0.2 * plantScale} ${potTop.y} L ${plantBase.x + 0.16 * plantScale} ${plantBase.y} L ${plantBase.x - 0.16 * plantScale} ${plantBase.y} Z" fill="url(#basket)"/>
    ${Array.from({ length: 6 }, (_, index) => `<line x1="${plantBase.x - 0.2 * plantScale}" x2="${plantBase.x + 0.2 * plantScale}" y1="${potTop.y + ((index + 1) * (plantBase.y - potTop.y)) / 7}" y2="${potTop.y + ((index + 1) * (plantBase.y - potTop.y)) / 7}" stroke="#8e7352" stroke-width="1.2" opacity="0.6"/>`).join('')}

    <!-- walnut coffee table -->
    <ellipse cx="${tableShadowCenter.x}" cy="${tableShadowCenter.y}" rx="${0.6 * tableScale}" ry="${0.12 * tableScale}" fill="#2b2118" opacity="0.35" filter="url(#blur6)"/>
    <rect x="${tableTopFrontLeft.x + 0.05 * tableScale}" y="${tableApron.y}" width="6" height="${tableBottom.y - tableApron.y}" fill="#4b3325"/>
    <rect x="${tableTopFrontRight.x - 0.05 * tableScale - 6}" y="${tableApron.y}" width="6" height="${tableBottom.y - tableApron.y}" fill="#4b3325"/>
    <path d="M ${tableTopBackLeft.x} ${tableTopBackLeft.y} L ${tableTopBackRight.x} ${tableTopBackRight.y} L ${tableTopFrontRight.x} ${tableTopFrontRight.y} L ${tableTopFrontLeft.x} ${tableTopFrontLeft.y} Z" fill="url(#walnutTop)"/>
    <rect x="${tableTopFrontLeft.x}" y="${tableTopFrontLeft.y}" width="${tableTopFrontRight.x - tableTopFrontLeft.x}" height="${tableApron.y - tableTopFrontLeft.y}" fill="url(#walnut)"/>
    <rect x="${tableTopFrontLeft.x}" y="${tableTopFrontLeft.y}" width="${tableTopFrontRight.x - tableTopFrontLeft.x}" height="1.5" fill="#a27a5a"/>
    <!-- books and a vase on the table -->
    <rect x="${tableTopFrontLeft.x + 0.18 * tableScale}" y="${tableTopFrontLeft.y - 0.1 * tableScale}" width="${0.3 * tableScale}" height="${0.035 * tableScale}" fill="#e7dfd2"/>
    <rect x="${tableTopFrontLeft.x + 0.2 * tableScale}" y="${tableTopFrontLeft.y - 0.065 * tableScale}" width="${0.27 * tableScale}" height="${0.03 * tableScale}" fill="#55664f"/>
    <ellipse cx="${tableTopFrontLeft.x + 0.72 * tableScale}" cy="${tableTopFrontLeft.y - 0.09 * tableScale}" rx="${0.06 * tableScale}" ry="${0.085 * tableScale}" fill="#f2eee6"/>
    <path d="M ${tableTopFrontLeft.x + 0.72 * tableScale} ${tableTopFrontLeft.y - 0.17 * tableScale} q -12 -30 -4 -48 M ${tableTopFrontLeft.x + 0.72 * tableScale} ${tableTopFrontLeft.y - 0.17 * tableScale} q 10 -26 22 -36" stroke="#7b6a4c" stroke-width="1.6" fill="none"/>
  `;
  return svgDocument(WIDTH, HEIGHT, body, defs);
}

export async function renderLivingRoom(look: LivingRoomLook): Promise<Buffer> {
  const surfaces = renderRoomSurfaces(camera, { backZ: BACK_Z }, { floor: (hit) => floorShader(look, hit) });
  const image = await composeLayers(WIDTH, HEIGHT, [
    { svg: backWallSvg(look) },
    { rgba: surfaces },
    { svg: furnitureSvg(look) },
    vignetteLayer(WIDTH, HEIGHT, 0.16, 0.55),
  ]);
  return look.mirrored ? sharp(image).flop().png().toBuffer() : image;
}

export function renderHeroRoom(): Promise<Buffer> {
  return renderLivingRoom({
    floor: whiteOak,
    wall: '#efe9e0',
    fabric: '#cdbfa9',
    pillows: ['#7f8f73', '#d5ab85', '#b66e4f'],
    rugWool: hexToRgb('#ddd3c4'),
    rugBorder: hexToRgb('#9c876c'),
    mirrored: false,
  });
}

export const livingRoomSize = { width: WIDTH, height: HEIGHT };
