/**
 * Each wood style's boards (its coloured board stock and their mip levels, wood-board-textures.ts), made once and kept
 * on disk (decision 034), as the converted floor network is (decision 030). They depend on no photo, yet a fresh
 * process made the default style's on the path to its first picture: about 0.18 s of the 12 MP bench photo's 1.6-1.8 s
 * (V8 runs their loops cold, once). The kept file is derived, never committed: named by the style, its look and seed,
 * the sha256 of the sources that make boards and the JavaScript engine that ran them (a changed look, board code or
 * engine gives another name, so a stale file is never read), checked against the sha256 it records of its numbers when read, written to a temporary name and
 * renamed into place; anything wrong with it (absent, cut short, altered, unreadable, a folder that cannot be written)
 * means making the boards as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WoodStyleId } from '../../../contracts/wood-styles.ts';
import { makeBoardFigures, makeBoardTextures, type BoardFigures, type BoardTextureSet } from './wood-board-textures.ts';
import { WOOD_LOOKS, type WoodLook } from './wood-looks.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** `.ts` run from the sources, `.js` once built: the sources hashed are this module's own kind. */
const SOURCE_EXTENSION = path.extname(fileURLToPath(import.meta.url));

/** Where the boards are kept: beside the renderer, gitignored (`kept-boards/`). */
export const KEPT_BOARDS_DIR = path.join(HERE, 'kept-boards');

/** The modules a style's boards are computed by: wood-board-textures and what it imports (a test holds the list to its imports). */
export const BOARD_SOURCES = [path.join(HERE, 'wood-board-textures'), path.join(HERE, 'color-space'), path.join(HERE, '..', 'value-noise')].map(
  (file) => file + SOURCE_EXTENSION,
);

/**
 * The engine whose arithmetic the numbers are: Math.exp, Math.sin and ** are not exact in JavaScript (ECMAScript leaves
 * them to the implementation), and V8 may be built with another sin and cos (v8_use_libm_trig_functions, which Node
 * weighed turning on in 2025); its build for another processor may round a multiply-add differently. A host's Node
 * upgrade, or a checkout shared by a Mac and a Linux container, must not read boards another engine made.
 */
export const BOARDS_RUNTIME = `v8 ${process.versions.v8} ${process.arch}`;

/** What the kept file's first line records; the levels' numbers (float32, one after the other) follow it. */
interface KeptHeader {
  numbersSha256: string;
  numbers: number;
  levels: Array<{ across: number; along: number }>;
  texelAcross: number;
  texelAlong: number;
  count: number;
  flatSawn: number[];
  mean: [number, number, number];
}

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const sourcesSha256 = new Map<readonly string[], string>();

/** What the boards are made by: the modules that compute them and the engine that runs them. */
export interface BoardsMadeBy {
  sources?: readonly string[];
  runtime?: string;
}

/**
 * The kept file's name for a style: its look, its seed, the board sources and the engine decide its boards. Throws
 * when a source cannot be read (a bundled build has none beside it): the boards are then made, and not kept.
 */
export function keptBoardsName(style: string, look: WoodLook, seed: number, { sources = BOARD_SOURCES, runtime = BOARDS_RUNTIME }: BoardsMadeBy = {}): string {
  let sourcesHash = sourcesSha256.get(sources);
  if (sourcesHash === undefined) {
    sourcesHash = sha256(sources.map((file) => readFileSync(file, 'utf8')).join('\0'));
    sourcesSha256.set(sources, sourcesHash);
  }
  return `${style}-${sha256(`${JSON.stringify(look)}\0${seed}\0${sourcesHash}\0${runtime}`).slice(0, 24)}.boards`;
}

/** The boards from a kept file's bytes, or null if they are not a whole, unaltered one. */
function readKept(bytes: Buffer): BoardTextureSet | null {
  const lineEnd = bytes.indexOf(0x0a);
  if (lineEnd < 0) return null;
  let header: KeptHeader | null;
  try {
    header = JSON.parse(bytes.subarray(0, lineEnd).toString('utf8')) as KeptHeader | null;
  } catch {
    return null;
  }
  const payload = bytes.subarray(lineEnd + 1);
  if (!header || payload.length !== header.numbers * 4 || sha256(payload) !== header.numbersSha256) return null;
  // A copy: the payload starts wherever the header ends, and a Float32Array must start on a multiple of 4.
  const numbers = new Float32Array(header.numbers);
  new Uint8Array(numbers.buffer).set(payload);
  let at = 0;
  const levels = header.levels.map(({ across, along }) => {
    const length = header.count * along * across * 3;
    const rgb = numbers.subarray(at, at + length);
    at += length;
    return { across, along, rgb };
  });
  if (at !== numbers.length) return null;
  const { texelAcross, texelAlong, count, mean } = header;
  return { levels, texelAcross, texelAlong, count, flatSawn: Uint8Array.from(header.flatSawn), mean };
}

function keptBytes(boards: BoardTextureSet): Buffer {
  const numbers = Buffer.concat(boards.levels.map((level) => Buffer.from(level.rgb.buffer, level.rgb.byteOffset, level.rgb.byteLength)));
  const header: KeptHeader = {
    numbersSha256: sha256(numbers),
    numbers: numbers.length / 4,
    levels: boards.levels.map(({ across, along }) => ({ across, along })),
    texelAcross: boards.texelAcross,
    texelAlong: boards.texelAlong,
    count: boards.count,
    flatSawn: [...boards.flatSawn],
    mean: boards.mean,
  };
  return Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), numbers]);
}

/** A partial file this old belongs to a process that ended before renaming it: writing one takes milliseconds. */
const ABANDONED_PARTIAL_MS = 60_000;

/** Writes the kept file under a temporary name and renames it into place, so a reader never sees half of it. */
async function keep(file: string, boards: BoardTextureSet): Promise<void> {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, keptBytes(boards));
    await rename(partial, file);
  } catch {
    // A folder that cannot be written (a read-only install): the next process makes them again.
    await rm(partial, { force: true }).catch(() => {});
    return;
  }
  // What nothing will read again goes: the style's files of earlier looks or board code, and abandoned partials.
  const directory = path.dirname(file);
  const stylePrefix = path.basename(file).slice(0, path.basename(file).lastIndexOf('-') + 1);
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    const other = path.join(directory, name);
    if (other === file) continue;
    const earlier = name.startsWith(stylePrefix) && name.endsWith('.boards') && /^[0-9a-f]{24}\.boards$/.test(name.slice(stylePrefix.length));
    const abandoned = name.endsWith('.partial') && (await stat(other).then((info) => Date.now() - info.mtimeMs > ABANDONED_PARTIAL_MS, () => false));
    if (earlier || abandoned) await rm(other, { force: true }).catch(() => {});
  }
}

export interface KeptBoardsSource extends BoardsMadeBy {
  /** Where kept files are; KEPT_BOARDS_DIR by default. */
  directory?: string;
}

/**
 * A style's boards: the kept file when there is a sound one for this look, seed and board code, else `make()` now.
 * Synchronous, as the renderer asks for boards in the middle of its work; `keeping` settles when newly made boards
 * have been written for the next process (or could not be), and nothing waits for it but tests and the build.
 */
export function keptBoardTextures(
  style: string,
  look: WoodLook,
  seed: number,
  make: () => BoardTextureSet,
  { directory = KEPT_BOARDS_DIR, ...madeBy }: KeptBoardsSource = {},
): { boards: BoardTextureSet; keeping: Promise<void> } {
  let file: string | undefined;
  let kept: BoardTextureSet | null = null;
  try {
    // Inside the try: a build whose board sources are not beside it (bundled) renders with boards made, not an error.
    file = path.join(directory, keptBoardsName(style, look, seed, madeBy));
    kept = readKept(readFileSync(file));
  } catch {
    // Not kept yet, unreadable, or no name for it: made below.
  }
  if (kept) return { boards: kept, keeping: Promise.resolve() };
  const boards = make();
  return { boards, keeping: file ? keep(file, boards) : Promise.resolve() };
}

/** The boards' figures are the same for every style: made once per process (about 8 MB), when a style's boards are not kept. */
let figures: BoardFigures | null = null;

/** A style's boards, kept or made (keptBoardTextures), from its look and its own seed. */
export function boardTexturesOfStyle(style: WoodStyleId, source?: KeptBoardsSource): { boards: BoardTextureSet; keeping: Promise<void> } {
  const look = WOOD_LOOKS[style];
  const seed = styleSeed(style);
  return keptBoardTextures(style, look, seed, () => makeBoardTextures((figures ??= makeBoardFigures()), look, seed), source);
}

/**
 * Every given style's boards kept on disk, made where they are not: the services' build ships them (a container that
 * cannot write there still reads them); settles once they are written.
 */
export async function keepBoardsOfStyles(styles: readonly WoodStyleId[], source?: KeptBoardsSource): Promise<void> {
  for (const style of styles) await boardTexturesOfStyle(style, source).keeping;
}

/** A style's own seed for its boards' rings and sapwood. */
function styleSeed(style: WoodStyleId): number {
  let hash = 17;
  for (let i = 0; i < style.length; i++) hash = (hash * 31 + style.charCodeAt(i)) | 0;
  return hash;
}
