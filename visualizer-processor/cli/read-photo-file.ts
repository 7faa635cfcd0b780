import { readFile } from 'node:fs/promises';
import type { DecodedPhoto } from '../engine/floor-engine.ts';
import { DamagedPhotoError, PhotoRejectedError, decodePhoto } from '../src/decode-photo.ts';

/**
 * The commands read the operator's own files, not strangers' uploads, so they take what a 108 MP phone camera
 * writes (12000×9000), which the processor's 50 MP guard refuses. The floor mask of such a photo takes about
 * 2 s and 660 MB here; the limit still stops a decompression bomb's billions of pixels.
 */
const COMMAND_MAX_INPUT_PIXELS = 250_000_000;

/** The commands' shared start: arguments, reading and decoding, with a readable error and exit code 1. */
export async function readPhotoArgument(usage: string): Promise<{ photo: DecodedPhoto; outputPath: string }> {
  const [inputPath, outputPath] = process.argv.slice(2);
  if (!inputPath || !outputPath) fail(`Usage: ${usage}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(inputPath);
  } catch (error) {
    fail(`Cannot read ${inputPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // Full size: the mask must match the photo's upright width and height.
    return { photo: await decodePhotoOrWhatIsLeft(inputPath, bytes), outputPath };
  } catch (error) {
    if (error instanceof PhotoRejectedError) fail(`${inputPath}: ${error.message}`);
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

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
