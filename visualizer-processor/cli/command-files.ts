import { chmod, mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { DecodedPhoto } from '../engine/floor-engine.ts';
import { DamagedPhotoError, PhotoRejectedError, decodePhoto } from '../src/decode-photo.ts';

/**
 * The commands read the operator's own files, not strangers' uploads, so they take what a 108 MP phone camera
 * writes (12000×9000), which the processor's 50 MP guard refuses. The floor mask of such a photo takes about
 * 2 s and 660 MB here; the limit still stops a decompression bomb's billions of pixels.
 */
const COMMAND_MAX_INPUT_PIXELS = 250_000_000;

/**
 * A path as the caller meant it. `npm run` moves to the project's root before the command starts, so a path
 * relative to where the caller stood (`cd photos && npm --prefix ../site run floor-mask -- a.jpg a.png`)
 * would land in the wrong folder; npm keeps that folder in INIT_CWD. Only when npm started this very script:
 * a process started some other way may have inherited an INIT_CWD from an npm script that ran it.
 */
export function callerPath(given: string, script: string): string {
  const startedByNpm = process.env.npm_lifecycle_event === script && process.env.INIT_CWD;
  return path.resolve(startedByNpm ? process.env.INIT_CWD! : process.cwd(), given);
}

/**
 * The commands' shared start: arguments, reading and decoding, with a readable error and exit code 1. The
 * output's folder is made here, so a batch run can write to `masks/<id>.png` without making it first.
 */
export async function readPhotoArgument(
  script: 'floor-mask' | 'visualize',
  usage: string,
  /** The arguments that are not flags: the input and the output first. */
  positional: readonly string[] = process.argv.slice(2),
): Promise<{ photo: DecodedPhoto; outputPath: string }> {
  const [givenInput, givenOutput] = positional;
  if (!givenInput || !givenOutput) fail(`Usage: ${usage}`);
  const inputPath = callerPath(givenInput, script);
  const outputPath = callerPath(givenOutput, script);
  try {
    await mkdir(path.dirname(outputPath), { recursive: true });
  } catch (error) {
    fail(`Cannot write ${givenOutput}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(inputPath);
  } catch (error) {
    fail(`Cannot read ${givenInput}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // Full size: the mask must match the photo's upright width and height.
    return { photo: await decodePhotoOrWhatIsLeft(givenInput, bytes), outputPath };
  } catch (error) {
    if (error instanceof PhotoRejectedError) fail(`${givenInput}: ${error.message}`);
    throw error;
  }
}

/** A damaged file (a dataset photo cut short, say) still gets a mask of its size: its readable rows are used. */
async function decodePhotoOrWhatIsLeft(inputPath: string, bytes: Buffer): Promise<DecodedPhoto> {
  try {
    return await decodePhoto(bytes, { maxInputPixels: COMMAND_MAX_INPUT_PIXELS });
  } catch (error) {
    if (!(error instanceof DamagedPhotoError)) throw error;
  }
  const photo = await decodePhoto(bytes, { maxInputPixels: COMMAND_MAX_INPUT_PIXELS, readDamaged: true });
  console.warn(`${inputPath}: the image is damaged or incomplete; what could be read of it is used.`);
  return photo;
}

/**
 * Writes the command's image, or fails with a readable error (a full disk, a folder without write access). The
 * image goes to a file beside the output and is renamed onto it once whole: written in place, a full disk left
 * a half JPEG under the output's name (32 KB of a render, with exit code 1), which a batch run's next step
 * reads as a picture. A failed write leaves the output's name as it was.
 */
export async function writeImage(image: Sharp, outputPath: string): Promise<void> {
  // An output that is a link is written through, as an in-place write did: the rename replaces the file it points
  // at, not the link; and the picture keeps the mode of the file it replaces (a rename would give the default).
  const target = await realpath(outputPath).catch(() => outputPath);
  const replacedMode = await stat(target).then((info) => (info.isFile() ? info.mode & 0o7777 : undefined), () => undefined);
  const partialPath = `${target}.${process.pid}.partial`;
  try {
    await writeFile(partialPath, await image.toBuffer());
    if (replacedMode !== undefined) await chmod(partialPath, replacedMode);
    await rename(partialPath, target);
  } catch (error) {
    await rm(partialPath, { force: true });
    fail(`Cannot write ${outputPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
