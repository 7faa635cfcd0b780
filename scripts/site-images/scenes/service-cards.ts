// The four "Flooring Solutions for Every Space" cards (4:3). Each is a close, slightly low view of
// the product as installed, because texture is what a shopper wants to judge.

import { hexToRgb, mixRgb, scaleRgb, smoothstep, valueNoise, type Rgb } from '../noise.ts';
import { carpet, carpetTile, plankFloor, tileFloor } from '../floor-materials.ts';
import { project, renderRoomSurfaces, scaleAt, type Camera, type SurfaceHit } from '../room-raycaster.ts';
import { composeLayers, depthOfField, svgDocument, vignetteLayer } from '../raster.ts';
import { litFloor, wallWithBaseboard } from './floor-closeup.ts';

const WIDTH = 800;
const HEIGHT = 600;

export const serviceCardSize = { width: WIDTH, height: HEIGHT };

export async function renderLuxuryVinylPlank(): Promise<Buffer> {
  const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 900, centerX: 230, horizonY: -40, eyeHeight: 0.75 };
  const wallZ = 3.4;
  const greyOak = plankFloor({
    plankWidth: 0.228,
    minLength: 1.52,
    maxLength: 1.52,
    tones: ['#a39b8f', '#b3ab9f', '#968d81', '#bdb5a8', '#a9a094'].map(hexToRgb),
    grainContrast: 0.1,
    ringFrequency: 30,
    seamDarkness: 0.55,
    bevelHighlight: 0.07,
    emboss: 0.3,
    figure: 0.6,
    seed: 2207,
  });
  const shader = litFloor(greyOak, {
    camera,
    opening: { left: -1.2, right: 1.0, bottom: 0.4, top: 2.4, mullionsX: [-0.1], transomsY: [], wallZ },
    glossiness: 0.12,
    sunStrength: 0,
    sunDirection: [0, 1, 1],
    sunTint: [1, 1, 1],
  });
  const floor = renderRoomSurfaces(camera, { backZ: wallZ }, { floor: shader });
  const master = await composeLayers(WIDTH, HEIGHT, [
    { svg: wallWithBaseboard(camera, wallZ, '#e6e4df', '#cfccc5') },
    { rgba: floor },
    vignetteLayer(WIDTH, HEIGHT, 0.14, 0.6),
  ]);
  return depthOfField(master, WIDTH, HEIGHT, 330, 120, 3.5);
}

export async function renderHardwood(): Promise<Buffer> {
  const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 950, centerX: 560, horizonY: -10, eyeHeight: 0.7 };
  const wallZ = 3.6;
  const warmOak = plankFloor({
    plankWidth: 0.083,
    minLength: 0.45,
    maxLength: 1.4,
    tones: ['#76533a', '#85603f', '#684630', '#8e6744', '#5c3e29', '#7e5a3d'].map(hexToRgb),
    grainContrast: 0.26,
    ringFrequency: 34,
    seamDarkness: 0.6,
    bevelHighlight: 0.04,
    emboss: 0,
    figure: 0.7,
    seed: 3301,
  });
  const shader = litFloor(warmOak, {
    camera,
    opening: { left: -2.2, right: -0.4, bottom: 0.35, top: 2.3, mullionsX: [-1.3], transomsY: [1.6], wallZ },
    glossiness: 0.2,
    sunStrength: 0.5,
    sunDirection: [-0.45, 0.85, 0.7],
    sunTint: [1.0, 0.92, 0.8],
  });
  const floor = renderRoomSurfaces(camera, { backZ: wallZ }, { floor: shader });
  const master = await composeLayers(WIDTH, HEIGHT, [
    { svg: wallWithBaseboard(camera, wallZ, '#efe8dc', '#d8cdbb') },
    { rgba: floor },
    vignetteLayer(WIDTH, HEIGHT, 0.2, 0.6),
  ]);
  return depthOfField(master, WIDTH, HEIGHT, 300, 110, 3);
}

export async function renderCarpetTile(): Promise<Buffer> {
  // Where a bedroom carpet meets a hallway in porcelain: both products and the transition strip in one frame.
  const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 880, centerX: 380, horizonY: -20, eyeHeight: 1.15, eyeX: 0.05 };
  const wallZ = 4.6;
  const plush = carpet({ base: hexToRgb('#8f8273'), fleck: hexToRgb('#c2b4a2'), fibreContrast: 0.95, seed: 4401 });
  const porcelain = tileFloor({
    tileWidth: 0.6,
    tileLength: 0.6,
    groutWidth: 0.004,
    groutColor: hexToRgb('#7d776e'),
    tones: ['#d9d4cb', '#cbc5bb'].map(hexToRgb),
    veining: 0.035,
    rowOffset: 0,
    seed: 4402,
  });
  const stripHalfWidth = 0.016;
  const brushedMetal: Rgb = hexToRgb('#b9b3a8');
  const material = (across: number, along: number, footprint: number, footprintDepth: number): Rgb => {
    if (across < -stripHalfWidth) return plush(across, along, footprint, footprintDepth);
    if (across > stripHalfWidth) return porcelain(across - stripHalfWidth, along, footprint, footprintDepth);
    const brushed = (valueNoise(across * 3000, along * 20, 9) - 0.5) * 0.1;
    const bevel = smoothstep(-stripHalfWidth, 0, across) * 0.12;
    return scaleRgb(brushedMetal, 0.92 + brushed + bevel);
  };
  const shader = litFloor(material, {
    camera,
    opening: { left: -0.6, right: 1.4, bottom: 0.4, top: 2.4, mullionsX: [0.4], transomsY: [], wallZ },
    glossiness: 0.26,
    sunStrength: 0,
    sunDirection: [0.3, 0.9, 0.75],
    sunTint: [1.05, 0.98, 0.88],
  }, (x) => (x > stripHalfWidth ? 0.26 : 0));
  // The carpet stands proud of the tile; a soft shadow along the strip sells the height change.
  const shaded = (hit: SurfaceHit): Rgb => {
    const color = shader(hit);
    const shadow = hit.x > stripHalfWidth ? 1 - 0.25 * Math.exp(-(hit.x - stripHalfWidth) / 0.012) : 1;
    return scaleRgb(color, shadow);
  };
  const floor = renderRoomSurfaces(camera, { backZ: wallZ }, { floor: shaded });
  const master = await composeLayers(WIDTH, HEIGHT, [
    { svg: wallWithBaseboard(camera, wallZ, '#e3ded5', '#c4bcae') },
    { rgba: floor },
    vignetteLayer(WIDTH, HEIGHT, 0.2, 0.6),
  ]);
  return depthOfField(master, WIDTH, HEIGHT, 260, 100, 2.5);
}

export async function renderCommercial(): Promise<Buffer> {
  const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 470, centerX: 400, horizonY: 265, eyeHeight: 1.55, eyeX: 0.2 };
  const bounds = { backZ: 16, ceilingY: 2.9, leftX: -3.2, rightX: 3.6 };
  const walkwayHalfWidth = 0.9;
  const carpetTiles = carpetTile({ tileSize: 0.5, tones: ['#4b5058', '#5d626a'].map(hexToRgb), ribSpacing: 0.006, seed: 5501 });
  const walkway = tileFloor({
    tileWidth: 0.6,
    tileLength: 1.2,
    groutWidth: 0.003,
    groutColor: hexToRgb('#7c7a76'),
    tones: ['#c9c6c0', '#bfbcb5'].map(hexToRgb),
    veining: 0.05,
    rowOffset: 0.5,
    seed: 5502,
  });
  const material = (across: number, along: number, footprint: number, footprintDepth: number): Rgb =>
    Math.abs(across) < walkwayHalfWidth ? walkway(across + walkwayHalfWidth, along, footprint, footprintDepth) : carpetTiles(across, along, footprint, footprintDepth);
  const ceilingTile = hexToRgb('#eceae6');
  const lightStripX = [-1.8, 0, 1.8];
  const floorShader = (hit: SurfaceHit): Rgb => {
    const albedo = material(hit.x, hit.z, hit.footprint, hit.footprintDepth);
    const onWalkway = Math.abs(hit.x) < walkwayHalfWidth;
    // Linear pendants reflect as soft streaks on the polished walkway only.
    let reflection = 0;
    if (onWalkway) {
      for (const stripX of lightStripX) {
        const mirroredX = camera.eyeX! + (hit.x - camera.eyeX!) * (2.9 / 1.55 + 1);
        reflection += Math.exp(-((mirroredX - stripX) ** 2) / 0.08) * 0.18;
      }
    }
    const daylight = 0.78 + 0.3 * smoothstep(4, 16, hit.z);
    const edge = 1 - 0.25 * Math.exp(-Math.min(hit.x - bounds.leftX, bounds.rightX - hit.x) / 0.1);
    return [albedo[0] * daylight * edge + reflection, albedo[1] * daylight * edge + reflection, albedo[2] * daylight * edge + reflection];
  };
  const ceilingShader = (hit: SurfaceHit): Rgb => {
    const gridX = Math.abs(((hit.x + 0.3) % 0.6 + 0.6) % 0.6 - 0.3);
    const gridZ = Math.abs(((hit.z % 0.6) + 0.6) % 0.6 - 0.3);
    const tBar = Math.max(smoothstep(0.29 - hit.footprint, 0.3, gridX), smoothstep(0.29 - hit.footprintDepth, 0.3, gridZ));
    let color = scaleRgb(ceilingTile, 0.88 - tBar * 0.08);
    for (const stripX of lightStripX) {
      const glow = 1 - smoothstep(0.03, 0.03 + hit.footprint * 1.5, Math.abs(hit.x - stripX));
      if (glow > 0) color = mixRgb(color, [1, 1, 0.98], glow);
    }
    return color;
  };
  const glassWallShader = (hit: SurfaceHit): Rgb => {
    // Glass-fronted meeting rooms: mullions every 1.2 m, a frosted band at eye level, darker rooms behind.
    const panel = ((hit.z % 1.2) + 1.2) % 1.2;
    const mullion = 1 - smoothstep(0.03, 0.03 + hit.footprintDepth, Math.min(panel, 1.2 - panel));
    const frosted = smoothstep(1.05, 1.07, hit.y) * (1 - smoothstep(1.35, 1.37, hit.y));
    const room: Rgb = mixRgb(hexToRgb('#8c959c'), hexToRgb('#c3cbd0'), smoothstep(0, 2.8, hit.y));
    let color = mixRgb(room, hexToRgb('#e8ecee'), frosted * 0.85);
    if (hit.y < 0.1) color = hexToRgb('#3a3d42');
    return mixRgb(color, hexToRgb('#2e3135'), mullion);
  };
  const accentWallShader = (hit: SurfaceHit): Rgb => {
    const base = hit.y < 0.1 ? hexToRgb('#2f3237') : hexToRgb('#2f4a5f');
    const wash = 0.85 + 0.2 * Math.exp(-((hit.y - 2.4) ** 2) / 0.3);
    return scaleRgb(base, wash * (0.85 + 0.15 * smoothstep(2, 14, hit.z)));
  };
  const surfaces = renderRoomSurfaces(camera, bounds, { floor: floorShader, ceiling: ceilingShader, left: glassWallShader, right: accentWallShader });

  const p = (x: number, y: number) => project(camera, x, y, bounds.backZ);
  const wallTopLeft = p(bounds.leftX, bounds.ceilingY);
  const wallBottomRight = p(bounds.rightX, 0);
  const wallWidth = wallBottomRight.x - wallTopLeft.x;
  const wallHeight = wallBottomRight.y - wallTopLeft.y;
  const windowPanes = Array.from({ length: 6 }, (_, index) => {
    const x = wallTopLeft.x + (index * wallWidth) / 6;
    return `<rect x="${x}" y="${wallTopLeft.y}" width="2" height="${wallHeight}" fill="#3a3d42"/>`;
  }).join('');
  const backWall = svgDocument(
    WIDTH,
    HEIGHT,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#dfe3e6"/>
     <rect x="${wallTopLeft.x}" y="${wallTopLeft.y}" width="${wallWidth}" height="${wallHeight}" fill="url(#daylight)"/>
     <rect x="${wallTopLeft.x}" y="${wallTopLeft.y + wallHeight * 0.62}" width="${wallWidth}" height="${wallHeight * 0.38}" fill="#b9c7c9" opacity="0.5"/>
     ${windowPanes}`,
    `<linearGradient id="daylight" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7e6f0"/><stop offset="1" stop-color="#f4f6f4"/></linearGradient>`,
  );

  // Benching desks along the carpeted zones, drawn in perspective from world coordinates.
  const desks: string[] = [];
  const deskRows = [
    { left: -2.9, right: -1.3 },
    { left: 1.4, right: 3.0 },
  ];
  for (const row of deskRows) {
    for (let z = 12; z >= 3.2; z -= 2.2) {
      const front = z;
      const back = z + 1.4;
      const top = 0.74;
      const fl = project(camera, row.left, top, front);
      const fr = project(camera, row.right, top, front);
      const bl = project(camera, row.left, top, back);
      const br = project(camera, row.right, top, back);
      const legFront = project(camera, row.left + 0.05, 0, front);
      const legFrontRight = project(camera, row.right - 0.05, 0, front);
      const screenCenter = project(camera, (row.left + row.right) / 2, top + 0.35, back - 0.55);
      const screenScale = scaleAt(camera, back - 0.55);
      const chair = project(camera, (row.left + row.right) / 2 + (row.left < 0 ? 0.3 : -0.3), 0.9, front - 0.45);
      const chairSeat = project(camera, (row.left + row.right) / 2 + (row.left < 0 ? 0.3 : -0.3), 0.48, front - 0.45);
      const chairScale = scaleAt(camera, front - 0.45);
      desks.push(`
        <ellipse cx="${(legFront.x + legFrontRight.x) / 2}" cy="${legFront.y - 2}" rx="${(legFrontRight.x - legFront.x) * 0.55}" ry="${scaleAt(camera, front) * 0.08}" fill="#1f2226" opacity="0.35" filter="url(#deskBlur)"/>
        <line x1="${legFront.x}" y1="${fl.y}" x2="${legFront.x}" y2="${legFront.y}" stroke="#2b2e33" stroke-width="${Math.max(1.5, scaleAt(camera, front) * 0.03)}"/>
        <line x1="${legFrontRight.x}" y1="${fr.y}" x2="${legFrontRight.x}" y2="${legFrontRight.y}" stroke="#2b2e33" stroke-width="${Math.max(1.5, scaleAt(camera, front) * 0.03)}"/>
        <rect x="${screenCenter.x - 0.3 * screenScale}" y="${screenCenter.y - 0.2 * screenScale}" width="${0.6 * screenScale}" height="${0.36 * screenScale}" fill="#22252a"/>
        <path d="M ${bl.x} ${bl.y} L ${br.x} ${br.y} L ${fr.x} ${fr.y} L ${fl.x} ${fl.y} Z" fill="#f1efe9"/>
        <rect x="${fl.x}" y="${fl.y}" width="${fr.x - fl.x}" height="${Math.max(1.5, scaleAt(camera, front) * 0.03)}" fill="#c9c4ba"/>
        <rect x="${chair.x - 0.22 * chairScale}" y="${chair.y}" width="${0.44 * chairScale}" height="${chairSeat.y - chair.y}" rx="${0.08 * chairScale}" fill="#3b4148"/>
      `);
    }
  }
  const furniture = svgDocument(WIDTH, HEIGHT, desks.reverse().join(''), `<filter id="deskBlur" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="3"/></filter>`);

  return composeLayers(WIDTH, HEIGHT, [{ svg: backWall }, { rgba: surfaces }, { svg: furniture }, vignetteLayer(WIDTH, HEIGHT, 0.16, 0.5)]);
}
