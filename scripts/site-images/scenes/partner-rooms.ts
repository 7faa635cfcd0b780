// Hero images for the partner pages: a staged living room for realtors, and a renovation in
// progress (new planks going down over the subfloor, boxes of flooring stacked) for investors.

import { hash2, hexToRgb, mix, scaleRgb, smoothstep, type Rgb } from '../noise.ts';
import { plankFloor, subfloor } from '../floor-materials.ts';
import { project, renderRoomSurfaces, scaleAt, type Camera, type SurfaceHit } from '../room-raycaster.ts';
import { composeLayers, svgDocument, vignetteLayer } from '../raster.ts';
import { windowLight, type WindowOpening } from '../window-light.ts';
import { renderLivingRoom } from './hero-room.ts';

const WIDTH = 1600;
const HEIGHT = 900;

export const partnerImageSize = { width: WIDTH, height: HEIGHT };

export function renderPartnerRealtor(): Promise<Buffer> {
  // Listing-photo staging: cooler greige plank, a navy sofa, crisp white walls; mirrored from the hero.
  return renderLivingRoom({
    floor: plankFloor({
      plankWidth: 0.228,
      minLength: 1.52,
      maxLength: 1.52,
      tones: ['#a8998a', '#b5a797', '#9b8c7d', '#bfb2a3', '#a39383'].map(hexToRgb),
      grainContrast: 0.14,
      ringFrequency: 30,
      seamDarkness: 0.5,
      bevelHighlight: 0.06,
      emboss: 0.2,
      figure: 0.7,
      seed: 8101,
    }),
    wall: '#f1efea',
    fabric: '#4a5a70',
    pillows: ['#d9cdb8', '#c9a36b', '#eee8dc'],
    rugWool: hexToRgb('#e6e1d8'),
    rugBorder: hexToRgb('#5b6b80'),
    mirrored: true,
  });
}

const camera: Camera = { width: WIDTH, height: HEIGHT, focal: 900, centerX: 760, horizonY: 300, eyeHeight: 1.5 };
const BACK_Z = 5.6;
const opening: WindowOpening = { left: -3.2, right: -1.2, bottom: 0.6, top: 2.5, mullionsX: [-2.2], transomsY: [], wallZ: BACK_Z };
const PLANK_WIDTH = 0.18;

/** Installed planks reach from the back wall to a ragged, staggered front edge, as mid-install floors do. */
function installEdge(x: number): number {
  const row = Math.floor(x / PLANK_WIDTH);
  const base = 3.0 + 0.35 * Math.sin(x * 0.6);
  return base + hash2(row, 0, 9) * 0.9;
}

export async function renderPartnerInvestor(): Promise<Buffer> {
  const planks = plankFloor({
    plankWidth: PLANK_WIDTH,
    minLength: 1.2,
    maxLength: 1.2,
    tones: ['#b48a62', '#a67b54', '#c09770', '#ad835b'].map(hexToRgb),
    grainContrast: 0.2,
    ringFrequency: 28,
    seamDarkness: 0.5,
    bevelHighlight: 0.04,
    emboss: 0,
    figure: 0.8,
    seed: 8202,
  });
  const osb = subfloor({ sheetWidth: 1.22, sheetLength: 2.44, tone: hexToRgb('#c4a77c'), seed: 8203 });
  const floorShader = (hit: SurfaceHit): Rgb => {
    const edge = installEdge(hit.x);
    const installed = hit.z > edge;
    let albedo = installed ? planks(hit.x, hit.z + 0.6 * hash2(Math.floor(hit.x / PLANK_WIDTH), 1, 9), hit.footprint, hit.footprintDepth) : osb(hit.x, hit.z, hit.footprint, hit.footprintDepth);
    // The new floor is 6 mm proud of the subfloor: a thin lit edge and a shadow line at its front.
    if (!installed && hit.z > edge - 0.02) albedo = scaleRgb(albedo, 0.7);
    const light = windowLight(opening, hit.x, hit.z, { sunDirection: [-0.35, 0.8, 0.6], glossiness: installed ? 0.12 : 0, eye: camera });
    const ambient = 0.72 + 0.22 * smoothstep(1.5, 5.5, hit.z) + light.skyGlow * 0.2;
    const contact = 1 - 0.3 * Math.exp(-(BACK_Z - hit.z) / 0.07);
    const sun = light.sun * 0.5;
    return [
      albedo[0] * (ambient + sun) * contact + light.reflection,
      albedo[1] * (ambient + sun * 0.95) * contact + light.reflection,
      albedo[2] * (ambient + sun * 0.85) * contact + light.reflection,
    ];
  };
  const surfaces = renderRoomSurfaces(camera, { backZ: BACK_Z }, { floor: floorShader });

  const wallScale = scaleAt(camera, BACK_Z);
  const floorLine = project(camera, 0, 0, BACK_Z).y;
  const windowTopLeft = project(camera, opening.left, opening.top, BACK_Z);
  const windowBottomRight = project(camera, opening.right, opening.bottom, BACK_Z);
  const mullion = project(camera, opening.mullionsX[0]!, 0, BACK_Z).x;
  const wall = svgDocument(
    WIDTH,
    HEIGHT,
    `<rect width="${WIDTH}" height="${floorLine + 2}" fill="url(#primer)"/>
     <rect x="${windowTopLeft.x - 10}" y="${windowTopLeft.y - 10}" width="${windowBottomRight.x - windowTopLeft.x + 20}" height="${windowBottomRight.y - windowTopLeft.y + 20}" fill="#fbfaf7"/>
     <rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${windowBottomRight.x - windowTopLeft.x}" height="${windowBottomRight.y - windowTopLeft.y}" fill="url(#outside)"/>
     <rect x="${mullion - 4}" y="${windowTopLeft.y}" width="8" height="${windowBottomRight.y - windowTopLeft.y}" fill="#f4f2ee"/>
     <rect x="${windowTopLeft.x}" y="${windowTopLeft.y}" width="${windowBottomRight.x - windowTopLeft.x}" height="${windowBottomRight.y - windowTopLeft.y}" fill="none" stroke="#f4f2ee" stroke-width="8"/>
     <rect x="0" y="${floorLine - 3}" width="${WIDTH}" height="3" fill="#8f8678" opacity="0.5"/>
     <rect x="${project(camera, 2.4, 0.02, BACK_Z).x}" y="${project(camera, 0, 0.14, BACK_Z).y}" width="${0.9 * wallScale}" height="${0.12 * wallScale}" fill="#f7f5f0"/>`,
    `<linearGradient id="primer" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f2efe9"/><stop offset="1" stop-color="#e4dfd6"/></linearGradient>
     <linearGradient id="outside" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9e8f3"/><stop offset="0.65" stop-color="#eef4f4"/><stop offset="0.66" stop-color="#b8c8a8"/><stop offset="1" stop-color="#cfd9c0"/></linearGradient>
`,
  );

  // Cartons of flooring: long, flat boxes stacked cross-wise near the camera, drawn from world coordinates.
  const boxes: string[] = [];
  const boxLength = 1.32;
  const boxWidth = 0.2;
  const boxHeight = 0.11;
  const drawBox = (x0: number, y0: number, z0: number, alongX: boolean, tint: number) => {
    const x1 = alongX ? x0 + boxLength : x0 + boxWidth;
    const z1 = alongX ? z0 + boxWidth : z0 + boxLength;
    const y1 = y0 + boxHeight;
    const p = (x: number, y: number, z: number) => project(camera, x, y, z);
    const frontTopLeft = p(x0, y1, z0);
    const frontTopRight = p(x1, y1, z0);
    const frontBottomRight = p(x1, y0, z0);
    const frontBottomLeft = p(x0, y0, z0);
    const backTopLeft = p(x0, y1, z1);
    const backTopRight = p(x1, y1, z1);
    const backBottomRight = p(x1, y0, z1);
    const cardboard = (factor: number) => {
      const [red, green, blue] = scaleRgb(hexToRgb('#c69c6d'), factor * tint);
      return `rgb(${Math.round(red * 255)},${Math.round(green * 255)},${Math.round(blue * 255)})`;
    };
    const polygon = (points: ReadonlyArray<{ x: number; y: number }>, fill: string) =>
      `<polygon points="${points.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')}" fill="${fill}" stroke="#7d5f3e" stroke-width="0.8" stroke-opacity="0.6"/>`;
    // Side faces: whichever one faces the camera is visible.
    const sideVisible = x1 < (camera.eyeX ?? 0) ? [frontTopRight, backTopRight, backBottomRight, frontBottomRight] : [frontTopLeft, backTopLeft, p(x0, y0, z1), frontBottomLeft];
    boxes.push(polygon(sideVisible, cardboard(0.78)));
    boxes.push(polygon([backTopLeft, backTopRight, frontTopRight, frontTopLeft], cardboard(1.08)));
    boxes.push(polygon([frontTopLeft, frontTopRight, frontBottomRight, frontBottomLeft], cardboard(0.9)));
    // Printed label band on the front face.
    // Printed end-panel: a white label with a brand-colour band and a plank swatch, as on real cartons.
    const labelLeft = mix(frontTopLeft.x, frontTopRight.x, 0.34);
    const labelRight = mix(frontTopLeft.x, frontTopRight.x, 0.66);
    const faceHeight = frontBottomLeft.y - frontTopLeft.y;
    const labelTop = frontTopLeft.y + faceHeight * 0.14;
    const labelHeight = faceHeight * 0.72;
    boxes.push(`<rect x="${labelLeft}" y="${labelTop}" width="${labelRight - labelLeft}" height="${labelHeight}" fill="#f4f1ea"/>`);
    boxes.push(`<rect x="${labelLeft}" y="${labelTop}" width="${(labelRight - labelLeft) * 0.22}" height="${labelHeight}" fill="#2f4a5f"/>`);
    boxes.push(`<rect x="${labelLeft + (labelRight - labelLeft) * 0.3}" y="${labelTop + labelHeight * 0.3}" width="${(labelRight - labelLeft) * 0.4}" height="${labelHeight * 0.4}" fill="#b48a62"/>`);
  };
  // Two stacks: one left of centre on the subfloor, one smaller stack further back on the new floor.
  const stacks = [
    { x: -1.75, z: 3.0, layers: 5 },
    { x: 1.6, z: 4.2, layers: 3 },
  ];
  const shadows: string[] = [];
  for (const stack of stacks) {
    const center = project(camera, stack.x + boxLength / 2, 0, stack.z + 0.35);
    const stackScale = scaleAt(camera, stack.z + 0.35);
    shadows.push(`<ellipse cx="${center.x}" cy="${center.y}" rx="${0.85 * stackScale}" ry="${0.16 * stackScale}" fill="#2b2118" opacity="0.4" filter="url(#stackShadow)"/>`);
    for (let layer = 0; layer < stack.layers; layer++) {
      const y = layer * boxHeight;
      const tint = 0.94 + 0.1 * hash2(layer, stack.layers, 3);
      // Back boxes first so nearer boxes overlap them.
      for (let slot = 2; slot >= 0; slot--) drawBox(stack.x + (layer % 2) * 0.03, y, stack.z + slot * (boxWidth + 0.01), true, tint);
    }
  }
  // A loose plank waiting to be clicked in, and a pull bar / tapping block beside it.
  const loosePlank = [project(camera, -0.2, 0.006, 2.05), project(camera, 1.0, 0.006, 2.05), project(camera, 1.0, 0.006, 2.23), project(camera, -0.2, 0.006, 2.23)];
  const tappingBlock = [project(camera, 1.25, 0.04, 2.0), project(camera, 1.55, 0.04, 2.0), project(camera, 1.55, 0.04, 2.1), project(camera, 1.25, 0.04, 2.1)];
  const tappingBlockFront = [project(camera, 1.25, 0.04, 2.0), project(camera, 1.55, 0.04, 2.0), project(camera, 1.55, 0, 2.0), project(camera, 1.25, 0, 2.0)];
  const bucketBase = project(camera, 2.55, 0, 3.4);
  const bucketTop = project(camera, 2.55, 0.36, 3.4);
  const bucketScale = scaleAt(camera, 3.4);
  const bucket = `<ellipse cx="${bucketBase.x}" cy="${bucketBase.y}" rx="${0.26 * bucketScale}" ry="${0.06 * bucketScale}" fill="#2b2118" opacity="0.35" filter="url(#stackShadow)"/>
     <path d="M ${bucketTop.x - 0.15 * bucketScale} ${bucketTop.y} L ${bucketTop.x + 0.15 * bucketScale} ${bucketTop.y} L ${bucketBase.x + 0.13 * bucketScale} ${bucketBase.y} L ${bucketBase.x - 0.13 * bucketScale} ${bucketBase.y} Z" fill="url(#bucket)"/>
     <ellipse cx="${bucketBase.x}" cy="${bucketBase.y}" rx="${0.13 * bucketScale}" ry="${0.03 * bucketScale}" fill="#d9d9d6"/>
     <ellipse cx="${bucketTop.x}" cy="${bucketTop.y}" rx="${0.15 * bucketScale}" ry="${0.035 * bucketScale}" fill="#f2f2ef" stroke="#b9b9b4" stroke-width="1"/>
     <rect x="${bucketTop.x - 0.15 * bucketScale}" y="${bucketTop.y + 0.12 * bucketScale}" width="${0.3 * bucketScale}" height="${0.1 * bucketScale}" fill="#e05a2b"/>`;
  const points = (list: ReadonlyArray<{ x: number; y: number }>) => list.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');
  const props = svgDocument(
    WIDTH,
    HEIGHT,
    `${shadows.join('')}
     <polygon points="${points(loosePlank)}" fill="#b88e66"/>
     <polygon points="${points(loosePlank.slice(0, 2).concat([project(camera, 1.0, 0, 2.05), project(camera, -0.2, 0, 2.05)]))}" fill="#8a6a4a"/>
     <polygon points="${points(tappingBlock)}" fill="#f0c419"/>
     <polygon points="${points(tappingBlockFront)}" fill="#c99c0c"/>
     ${boxes.join('')}
     ${bucket}`,
    `<linearGradient id="bucket" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d8d8d4"/><stop offset="0.45" stop-color="#fbfbf9"/><stop offset="1" stop-color="#c9c9c4"/></linearGradient>
     <filter id="stackShadow" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="12"/></filter>`,
  );
  return composeLayers(WIDTH, HEIGHT, [{ svg: wall }, { rgba: surfaces }, { svg: props }, vignetteLayer(WIDTH, HEIGHT, 0.18, 0.55)]);
}
