/**
 * npm run visualizer:samples [-- --out <folder>]: before/after contact sheets of the floor evaluation set, to
 * judge the engine as a homeowner would ("is this my room with a new floor?").
 *
 * - The rendered rooms (always available): `rendered-rooms.jpg`, every room before and after in the default
 *   style, and all five styles for two of them. Written to docs/visualizer-samples/ and committed.
 * - The real photos, when imported (`npm run eval:import`): the same sheets under
 *   docs/visualizer-samples/real/, which is gitignored like the photos themselves.
 *
 * Each sheet comes twice: on the engine's own floor (what a visitor gets), and, named `*.true-floor.jpg`,
 * on the hand-labelled floor, which judges the renderer apart from the floor finder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_WOOD_STYLE, WOOD_STYLES, type WoodStyleId } from '../../contracts/wood-styles.ts';
import { createOfflineFloorEngine } from '../engine/offline-floor-engine.ts';
import type { DecodedPhoto } from '../engine/floor-engine.ts';
import { prepareWoodStyles } from '../engine/rendering/render-wood-styles.ts';
import { loadRealSet } from '../evaluation/load-real-set.ts';
import { loadRenderedSet } from '../evaluation/rendered/load-rendered-set.ts';
import type { EvaluationCase } from '../evaluation/score-floor-masks.ts';
import { optionProblem } from '../evaluation/cli/command-options.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// A misspelt `--out` was ignored, and the committed sheets in docs/ rewritten instead of the folder asked for.
const problem = optionProblem(args, { values: ['--out'], switches: [] }) ?? (args.length > 0 && args[0] !== '--out' ? `Unexpected argument "${args[0]}".` : null);
if (problem || args.length > 2) {
  console.error(`${problem ?? `Unexpected argument "${args[2]}".`} Nothing was written.\nUsage: npm run visualizer:samples [-- --out <folder>]`);
  process.exit(1);
}
const outIndex = args.indexOf('--out');
const outputDir = path.resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1]! : path.join(here, '..', '..', 'docs', 'visualizer-samples'));
/** Rooms shown in all five styles: ones with light, shadows and furniture worth judging the woods by. */
const STYLE_ROOMS = {
  rendered: ['rendered-living-rug', 'rendered-window-sun'],
  // Real rooms with a large floor, furniture and daylight; others stand in when these are not imported.
  real: ['dining-bench-pexels-4044789', 'kitchen-galley-oak-pexels-19846379'],
};

const PANEL = 480;
const CAPTION = 30;
const GAP = 8;

const engine = createOfflineFloorEngine();

interface RoomResult {
  id: string;
  photo: DecodedPhoto;
  renders: Map<WoodStyleId, Buffer>;
}

async function visualizeCase(testCase: EvaluationCase, styles: readonly WoodStyleId[], trueFloor: boolean): Promise<RoomResult> {
  const started = performance.now();
  const truth = testCase.truth;
  const chosen = trueFloor ? createOfflineFloorEngine({ findFloor: async () => truth, prepareStyles: prepareWoodStyles }) : engine;
  const result = await chosen.visualize(testCase.photo, { styles });
  console.log(`${testCase.id}${trueFloor ? ' (true floor)' : ''}: ${styles.length} style(s) in ${Math.round(performance.now() - started)} ms`);
  return { id: testCase.id, photo: testCase.photo, renders: new Map(result.renders.map((render) => [render.style, render.image])) };
}

async function panel(image: Buffer | DecodedPhoto, caption: string): Promise<Buffer> {
  const source = Buffer.isBuffer(image) ? sharp(image) : sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } });
  const picture = await source.resize(PANEL).png().toBuffer();
  const { height = 0 } = await sharp(picture).metadata();
  const text = `<svg width="${PANEL}" height="${CAPTION}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="white"/><text x="6" y="21" font-family="sans-serif" font-size="16" fill="#222">${escapeXml(caption)}</text></svg>`;
  return sharp({ create: { width: PANEL, height: height + CAPTION, channels: 3, background: '#ffffff' } })
    .composite([
      { input: picture, left: 0, top: 0 },
      { input: Buffer.from(text), left: 0, top: height },
    ])
    .png()
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Panels in a grid, `columns` wide, rows as tall as their tallest panel. */
async function grid(panels: Buffer[], columns: number, file: string): Promise<void> {
  const sizes = await Promise.all(panels.map(async (p) => (await sharp(p).metadata()).height ?? 0));
  const rows = Math.ceil(panels.length / columns);
  const rowHeights = Array.from({ length: rows }, (_, r) => Math.max(...sizes.slice(r * columns, (r + 1) * columns)));
  const width = columns * PANEL + (columns - 1) * GAP;
  const height = rowHeights.reduce((sum, h) => sum + h, 0) + (rows - 1) * GAP;
  const composites = panels.map((input, i) => ({
    input,
    left: (i % columns) * (PANEL + GAP),
    top: rowHeights.slice(0, Math.floor(i / columns)).reduce((sum, h) => sum + h + GAP, 0),
  }));
  await sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite(composites).jpeg({ quality: 84 }).toFile(file);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const styleLabel = (style: WoodStyleId) => WOOD_STYLES.find((s) => s.id === style)!.label;

async function writeSheets(name: string, cases: EvaluationCase[], styleRoomIds: string[], directory: string, trueFloor: boolean): Promise<void> {
  const suffix = trueFloor ? '.true-floor' : '';
  fs.mkdirSync(directory, { recursive: true });
  const overview: Buffer[] = [];
  for (const testCase of cases) {
    const allStyles = styleRoomIds.includes(testCase.id);
    const room = await visualizeCase(testCase, allStyles ? WOOD_STYLES.map((s) => s.id) : [DEFAULT_WOOD_STYLE], trueFloor);
    overview.push(await panel(room.photo, `${room.id}: before`), await panel(room.renders.get(DEFAULT_WOOD_STYLE)!, `after: ${styleLabel(DEFAULT_WOOD_STYLE)}`));
    if (allStyles) {
      const panels = [await panel(room.photo, `${room.id}: before`)];
      for (const [style, image] of room.renders) panels.push(await panel(image, styleLabel(style)));
      await grid(panels, 3, path.join(directory, `${room.id}.styles${suffix}.jpg`));
    }
  }
  await grid(overview, 4, path.join(directory, `${name}${suffix}.jpg`));
}

const rendered = loadRenderedSet();
const real = await loadRealSet();
for (const trueFloor of [false, true]) {
  await writeSheets('rendered-rooms', rendered, STYLE_ROOMS.rendered, outputDir, trueFloor);
  const present = real.cases.map((c) => c.id);
  const preferred = STYLE_ROOMS.real.filter((id) => present.includes(id));
  const realIds = [...preferred, ...present.filter((id) => !preferred.includes(id))].slice(0, 2);
  if (real.cases.length > 0) await writeSheets('real-photos', real.cases, realIds, path.join(outputDir, 'real'), trueFloor);
}
if (real.cases.length === 0) console.log('No real photos imported (npm run eval:import -- <folder>): only the rendered rooms were drawn.');
else if (real.missing.length > 0) console.log(`Real photos not imported: ${real.missing.join(', ')}`);
