import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OBJECT_CLASSES } from '../engine/segmentation/clear-around-objects.ts';
import { SCENE_CLASS } from '../engine/segmentation/scene-classes.ts';
import { DEFAULT_TUNING, segmentForFloor, zoomedCells, type SegmentedFloorPhoto, type ZoomedRun } from '../engine/segmentation/find-floor-with-segmenter.ts';
import { segmentedFromRuns, type Run } from '../engine/segmentation/segment-photo.ts';
import type { DecodedPhoto } from '../engine/floor-engine.ts';

/**
 * The network's passes over the evaluation photos kept on disk between experiments (`--cache <folder>` of the
 * evaluation commands): on a shared machine the four runs of the network are most of a photo's time, and they
 * do not change while the steps after them are tuned. Keyed by photo id and size; delete the folder when the
 * network or the way it is run changes.
 */
interface StoredPass {
  guideWidth: number;
  guideHeight: number;
  grid: { width: number; height: number };
  runs: { placement: Run['placement'] }[];
  zoomed: { region: ZoomedRun['region'] }[];
}

export async function cachedSegmentForFloor(folder: string | undefined, id: string, photo: DecodedPhoto): Promise<SegmentedFloorPhoto> {
  if (!folder) return segmentForFloor(photo, DEFAULT_TUNING);
  const base = path.join(folder, `${id}-${photo.width}x${photo.height}`);
  try {
    const stored = JSON.parse(await readFile(`${base}.json`, 'utf8')) as StoredPass;
    const bytes = await readFile(`${base}.bin`);
    let at = 0;
    const take = (length: number) => {
      const part = new Uint8Array(bytes.buffer, bytes.byteOffset + at, length);
      at += length;
      return part;
    };
    const guidePixels = Buffer.from(take(stored.guideWidth * stored.guideHeight * 3));
    const runs = stored.runs.map(({ placement }) => ({ placement, classes: new Uint8Array(take(512 * 512)) }));
    const zoomed = stored.zoomed.map(({ region }) => ({ region, classes: new Uint8Array(take(512 * 512)) }));
    const segmented = segmentedFromRuns(stored.grid, runs);
    const guide = { width: stored.guideWidth, height: stored.guideHeight };
    return {
      guidePixels,
      guideWidth: guide.width,
      guideHeight: guide.height,
      segmented,
      zoomed,
      zoomedObjects: zoomedCells(zoomed, guide, segmented.scene, OBJECT_CLASSES),
      zoomedWall: zoomedCells(zoomed, guide, segmented.scene, [SCENE_CLASS.wall]),
      zoomedRug: zoomedCells(zoomed, guide, segmented.scene, [SCENE_CLASS.rug]),
    };
  } catch {
    // Not stored yet: run the network and keep what it saw.
  }
  const pass = await segmentForFloor(photo, DEFAULT_TUNING);
  const stored: StoredPass = {
    guideWidth: pass.guideWidth,
    guideHeight: pass.guideHeight,
    grid: { width: pass.segmented.scene.width, height: pass.segmented.scene.height },
    runs: pass.segmented.runs.map(({ placement }) => ({ placement })),
    zoomed: pass.zoomed.map(({ region }) => ({ region })),
  };
  await mkdir(folder, { recursive: true });
  await writeFile(`${base}.bin`, Buffer.concat([pass.guidePixels, ...pass.segmented.runs.map((run) => run.classes), ...pass.zoomed.map((run) => run.classes)]));
  await writeFile(`${base}.json`, JSON.stringify(stored));
  return pass;
}

/** The bare network's mask, kept beside the passes (it runs the network on its own input). */
export async function cachedMask<T extends { mask: Buffer; width: number; height: number }>(folder: string | undefined, key: string, make: () => Promise<T>): Promise<T> {
  if (!folder) return make();
  const file = path.join(folder, `${key}.mask`);
  try {
    const bytes = await readFile(file);
    const width = bytes.readUInt32LE(0);
    const height = bytes.readUInt32LE(4);
    return { width, height, mask: bytes.subarray(8) } as T;
  } catch {
    const made = await make();
    const header = Buffer.alloc(8);
    header.writeUInt32LE(made.width, 0);
    header.writeUInt32LE(made.height, 4);
    await mkdir(folder, { recursive: true });
    await writeFile(file, Buffer.concat([header, made.mask]));
    return made;
  }
}
