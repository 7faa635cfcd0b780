/**
 * The floor network as ONNX Runtime runs it, converted once and kept on disk (decision 030). Converting the
 * TensorFlow Lite file (`tflite-to-onnx.mjs`) costs ~60-75 ms of the main thread in every fresh process, and the
 * network's threads wait for it before they can create their sessions, so it sits on the path to a photo's first
 * run. The kept file is derived, never committed: it is named by the .tflite's sha256 and the converter's own source's
 * sha256 (a changed model or converter gives another name, so a stale file is never read), checked against the sha256
 * it records of its ONNX bytes when read, written to a temporary name and renamed into place, and anything wrong with
 * it (absent, cut short, altered, unreadable, a folder that cannot be written) means converting as before.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertTfliteToOnnx, type ConvertedNetwork } from './tflite-to-onnx.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Where the converted network is kept: beside the model, gitignored (`model/converted/`). */
export const CONVERTED_NETWORK_DIR = path.join(HERE, 'model', 'converted');

/**
 * The converter whose output is kept: its source's sha256 is part of the kept file's name. It imports nothing and only
 * copies and re-encodes the model's bytes (its floats are read and written as float32, exactly), so Node's, ONNX
 * Runtime's or sharp's version changes none of the kept bytes and need not be in the name.
 */
const CONVERTER_SOURCE = path.join(HERE, 'tflite-to-onnx.mjs');

/** What the kept file's first line records; the ONNX bytes follow it. */
interface KeptHeader {
  onnxSha256: string;
  onnxBytes: number;
  inputName: string;
  inputShape: number[];
  scoresName: string;
  tail: ConvertedNetwork['tail'];
}

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The kept file's name for this model and converter. */
export function keptNetworkName(tfliteBytes: Uint8Array, converterSource: string): string {
  return `${sha256(tfliteBytes).slice(0, 16)}-${sha256(converterSource).slice(0, 16)}.onnx-network`;
}

/** The network from a kept file's bytes, or null if they are not a whole, unaltered one. */
function readKept(bytes: Uint8Array): ConvertedNetwork | null {
  const lineEnd = bytes.indexOf(0x0a);
  if (lineEnd < 0) return null;
  // Null when the first line is JSON's `null`: reading its fields would throw, and the network not load at all.
  let header: KeptHeader | null;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, lineEnd))) as KeptHeader | null;
  } catch {
    return null;
  }
  const onnx = bytes.subarray(lineEnd + 1);
  if (onnx.length !== header?.onnxBytes || sha256(onnx) !== header.onnxSha256) return null;
  const { inputName, inputShape, scoresName, tail } = header;
  return { onnx, inputName, inputShape, scoresName, tail };
}

/** Writes the kept file under a temporary name and renames it into place, so a reader never sees half of it. */
async function keep(file: string, network: ConvertedNetwork): Promise<void> {
  const header: KeptHeader = {
    onnxSha256: sha256(network.onnx),
    onnxBytes: network.onnx.length,
    inputName: network.inputName,
    inputShape: network.inputShape,
    scoresName: network.scoresName,
    tail: network.tail,
  };
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), network.onnx]));
    await rename(partial, file);
  } catch {
    // A folder that cannot be written (a read-only install): the next process converts again.
    await rm(partial, { force: true }).catch(() => {});
    return;
  }
  await removeStaleFiles(file);
}

/** A partial file this old belongs to a process that ended before renaming it: a conversion takes well under a second. */
const ABANDONED_PARTIAL_MS = 60_000;

/**
 * Once a new file is kept, what nothing will read again goes: the same model's files from earlier converters (each
 * converter edit left 2.7 MB in the folder) and partial files of processes that exited between writing and renaming
 * (nothing awaits `keeping`). Another model's file stays: a checkout may switch between models. Best effort.
 */
async function removeStaleFiles(kept: string): Promise<void> {
  const directory = path.dirname(kept);
  const modelPrefix = `${path.basename(kept).split('-')[0]}-`;
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(directory, name);
    if (file === kept) continue;
    const earlierConverter = name.startsWith(modelPrefix) && name.endsWith('.onnx-network');
    const abandoned =
      name.endsWith('.partial') && (await stat(file).then((info) => Date.now() - info.mtimeMs > ABANDONED_PARTIAL_MS, () => false));
    if (earlierConverter || abandoned) await rm(file, { force: true }).catch(() => {});
  }
}

export interface ConvertedNetworkSource {
  /** Where kept files are; CONVERTED_NETWORK_DIR by default. */
  directory?: string;
  /** The conversion (for tests: to see whether it ran). */
  convert?: (tfliteBytes: Uint8Array) => ConvertedNetwork;
  /** The converter's source file, hashed into the kept file's name; CONVERTER_SOURCE by default. */
  converterSource?: string;
}

/**
 * The converted network for `tfliteBytes`: the kept file when there is a sound one for this model and converter, else
 * converted now. `keeping` settles when a newly converted network has been written for the next process (or could not
 * be); nothing waits for it but tests.
 */
export async function convertedNetwork(
  tfliteBytes: Uint8Array,
  { directory = CONVERTED_NETWORK_DIR, convert = convertTfliteToOnnx, converterSource = CONVERTER_SOURCE }: ConvertedNetworkSource = {},
): Promise<{ network: ConvertedNetwork; keeping: Promise<void> }> {
  // A build whose converter source is not beside it (bundled) has no name for a kept file: it converts, as before.
  const name = await readFile(converterSource, 'utf8').then(
    (source) => keptNetworkName(tfliteBytes, source),
    () => undefined,
  );
  const file = name && path.join(directory, name);
  const kept = file
    ? await readFile(file).then(
        (bytes) => readKept(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)),
        () => null,
      )
    : null;
  if (kept) return { network: kept, keeping: Promise.resolve() };
  const network = convert(tfliteBytes);
  return { network, keeping: file ? keep(file, network) : Promise.resolve() };
}
