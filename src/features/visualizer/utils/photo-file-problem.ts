/**
 * The first bytes of every picture format that this browser or the processor reads: JPEG, PNG, GIF, WebP, BMP,
 * ICO/CUR (Chromium), TIFF (the processor), the ISO media files HEIC, HEIF and AVIF are (`ftyp` at byte 4), and
 * Safari's JPEG XL and JPEG 2000.
 */
const SIGNATURES: { at: number; bytes: number[] }[] = [
  { at: 0, bytes: [0xff, 0xd8, 0xff] },
  { at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { at: 0, bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8
  { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] }, // RIFF....WEBP
  { at: 0, bytes: [0x42, 0x4d] }, // BM
  { at: 0, bytes: [0x00, 0x00, 0x01, 0x00] },
  { at: 0, bytes: [0x00, 0x00, 0x02, 0x00] },
  { at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] },
  { at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { at: 4, bytes: [0x66, 0x74, 0x79, 0x70] }, // ftyp
  // Safari draws JPEG XL (17 on) and JPEG 2000 (before 18), and the page sends its own JPEG of what it draws.
  { at: 0, bytes: [0xff, 0x0a] }, // JPEG XL codestream
  { at: 4, bytes: [0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a] }, // JPEG XL box: "JXL \r\n\x87\n"
  { at: 4, bytes: [0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] }, // JPEG 2000 (JP2) box: "jP  \r\n\x87\n"
];

import { photoUpload } from '@/config/photo-upload';

export type PhotoFileProblem =
  { kind: 'empty' } | { kind: 'not-a-picture' } | { kind: 'too-small'; width: number; height: number };

/**
 * The processor refuses a photo shorter than this on either side (MIN_PHOTO_SHORT_SIDE, decode-photo.ts): a
 * thumbnail's floor is too few pixels to find or show. The page's copy is never made shorter (photo-upload.ts).
 */
const MIN_SHORT_SIDE = photoUpload.shortestSidePx;

/** How much of the file is read for its size: a camera JPEG's EXIF and colour profile come before its frame header. */
const HEAD_BYTES = 256 * 1024;

/**
 * What makes a chosen file no photo at all, told on the upload step before anything is sent, or null. A phone
 * gives a 0-byte file for a photo kept only in the cloud that did not download, and a file renamed to .jpg keeps
 * its text: both went on to the details step as "may be damaged, you can send it anyway", and sending them left a
 * row that stayed pending behind a "Please try again" that could never work (the empty one) or a failure a step
 * later (session 34, journeys2). Only the start of the file is read (its first 256 KiB). An SVG is text by nature and is redrawn by
 * the page, so it is not judged by its first bytes; a file this browser cannot read at all is left to the
 * page's usual way (the preview and the sending say so).
 */
export async function photoFileProblem(file: File): Promise<PhotoFileProblem | null> {
  return (await checkPhotoFile(file)).problem;
}

/**
 * photoFileProblem's answer, and the picture's size when its header says it (null when it does not: the processor
 * then checks it, and the info step says so).
 */
export async function checkPhotoFile(file: File): Promise<{ problem: PhotoFileProblem | null; size: Size | null }> {
  if (file.size === 0) return { problem: { kind: 'empty' }, size: null };
  if (file.type === 'image/svg+xml') return { problem: null, size: null };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  } catch {
    return { problem: null, size: null };
  }
  const known = SIGNATURES.some(({ at, bytes }) => bytes.every((byte, i) => head[at + i] === byte));
  if (!known) return { problem: { kind: 'not-a-picture' }, size: null };
  // A thumbnail or a preview saved from a chat went all the way to the processor, and its refusal came after the
  // upload, with a failed row and the office's e-mail (session 34, journeys2): an iPhone's HEIC and a TIFF too, which
  // most browsers cannot open (session 35). A size not found here is left to the processor.
  const found = sizeOrNull(head) ?? (await tiffSizeAfterPixels(file, head));
  const size = found && found.width > 0 && found.height > 0 ? found : null;
  if (size && Math.min(size.width, size.height) < MIN_SHORT_SIDE)
    return { problem: { kind: 'too-small', ...size }, size };
  return { problem: null, size };
}

export type Size = { width: number; height: number };

/** pictureSize, or null for a header that ends or points outside the bytes read (a damaged or cut-off file). */
function sizeOrNull(head: Uint8Array): Size | null {
  try {
    return pictureSize(head);
  } catch {
    return null;
  }
}

/**
 * The picture's size from its header (JPEG, PNG, GIF, WebP, BMP, TIFF, and the HEIC, HEIF and AVIF of ISO media
 * files), or null for another format or a header not found in the bytes read.
 */
export function pictureSize(b: Uint8Array): Size | null {
  const u16be = (at: number) => (b[at]! << 8) | b[at + 1]!;
  const u16le = (at: number) => b[at]! | (b[at + 1]! << 8);
  const u24le = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
  const text = (at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
  if (b.length >= 12 && text(4, 4) === 'ftyp') return isoMediaSize(b);
  if (b.length >= 8 && (text(0, 4) === 'II*\0' || text(0, 4) === 'MM\0*')) return tiffSize(b);
  if (b.length >= 26 && text(0, 2) === 'BM') {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    // The DIB header's own size says which: OS/2's 12-byte header holds 16-bit sides, every later one 32-bit (a
    // negative height is a picture stored top down).
    if (view.getUint32(14, true) === 12) return { width: u16le(18), height: u16le(20) };
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  if (b.length >= 24 && b[0] === 0x89 && text(12, 4) === 'IHDR') {
    return { width: u16be(16) * 65536 + u16be(18), height: u16be(20) * 65536 + u16be(22) };
  }
  if (b.length >= 10 && text(0, 4) === 'GIF8') return { width: u16le(6), height: u16le(8) };
  if (b.length >= 30 && text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') {
    const chunk = text(12, 4);
    if (chunk === 'VP8X') return { width: 1 + u24le(24), height: 1 + u24le(27) };
    if (chunk === 'VP8 ') return { width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    if (chunk === 'VP8L') {
      return {
        width: 1 + (((b[22]! & 0x3f) << 8) | b[21]!),
        height: 1 + (((b[24]! & 0x0f) << 10) | (b[23]! << 2) | ((b[22]! & 0xc0) >> 6)),
      };
    }
    return null;
  }
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  // JPEG: the segments up to the frame header (SOF0-15 but DHT, JPG and DAC), which holds the size.
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(at + 5), width: u16be(at + 7) };
    }
    at += 2 + u16be(at + 2);
  }
  return null;
}

/**
 * TIFF: the first image's ImageWidth and ImageLength (tags 256 and 257) in its first directory, what the processor's
 * decoder reads (libvips takes the first page). Null when that directory lies past the bytes read (libtiff writes it
 * after the pixels: tiffSizeAfterPixels reads it there), or marks a reduced copy (NewSubfileType bit 0: some raw
 * formats open on a thumbnail).
 */
function tiffSize(b: Uint8Array): Size | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const little = b[0] === 0x49;
  return tiffDirectorySize(b, view.getUint32(4, little), little);
}

/** How much of a TIFF's first directory is read when it comes after the pixels: 682 entries, far more than written. */
const TIFF_DIRECTORY_BYTES = 8 * 1024;

/**
 * A TIFF's size when its first directory lies after the bytes read: libtiff writes it after the pixels, so an
 * uncompressed TIFF over 256 KiB (a scan, a photo editor's export) has it at its end. Read there; null otherwise.
 */
async function tiffSizeAfterPixels(file: File, head: Uint8Array): Promise<Size | null> {
  const little = head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a && head[3] === 0;
  const big = head[0] === 0x4d && head[1] === 0x4d && head[2] === 0 && head[3] === 0x2a;
  if ((!little && !big) || head.length < 8) return null;
  const directory = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(4, little);
  if (directory < head.length || directory + 2 > file.size) return null;
  try {
    const bytes = new Uint8Array(await file.slice(directory, directory + TIFF_DIRECTORY_BYTES).arrayBuffer());
    return tiffDirectorySize(bytes, 0, little);
  } catch {
    return null;
  }
}

/** ImageWidth and ImageLength of the directory at `directory` in `b`, or null (see tiffSize). */
function tiffDirectorySize(b: Uint8Array, directory: number, little: boolean): Size | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (directory + 2 > b.length) return null;
  const entries = view.getUint16(directory, little);
  let width = 0;
  let height = 0;
  for (let i = 0; i < entries; i++) {
    const at = directory + 2 + i * 12;
    if (at + 12 > b.length) return null;
    const tag = view.getUint16(at, little);
    const type = view.getUint16(at + 2, little);
    // SHORT (3) or LONG (4), one value, held in the entry itself.
    const value = type === 3 ? view.getUint16(at + 8, little) : type === 4 ? view.getUint32(at + 8, little) : null;
    if (tag === 254 && value !== null && (value & 1) === 1) return null;
    if (tag === 256 && value !== null) width = value;
    if (tag === 257 && value !== null) height = value;
  }
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * HEIC, HEIF and AVIF (ISO/IEC 23008-12 in ISO media boxes): the size (`ispe`) of the primary item (`pitm`), as the
 * item's properties (`iprp`: `ipco` lists them, `ipma` says which are whose) give it. An iPhone's photo is a grid of
 * tiles with a thumbnail beside it, each an item with its own `ispe`; the primary item is the grid, the whole photo,
 * and its size is what the processor reads. A crop (`clap`) can only make it smaller, so a primary item under the
 * limit is under it however it is shown. Null when a box is missing or past the bytes read.
 */
function isoMediaSize(b: Uint8Array): Size | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const type = (at: number) => String.fromCharCode(...b.subarray(at + 4, at + 8));
  /** The boxes between `start` and `end`: their type, and where their content begins and ends. */
  const boxes = (start: number, end: number) => {
    const found: { type: string; body: number; end: number }[] = [];
    for (let at = start; at + 8 <= end; ) {
      let size = view.getUint32(at);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) break;
        size = view.getUint32(at + 8) * 2 ** 32 + view.getUint32(at + 12);
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header) break;
      found.push({ type: type(at), body: at + header, end: Math.min(at + size, end) });
      at += size;
    }
    return found;
  };
  const meta = boxes(0, b.length).find((box) => box.type === 'meta');
  // meta, pitm, ipma and ispe are full boxes: a version byte and three flag bytes before their content.
  if (!meta) return null;
  const inMeta = boxes(meta.body + 4, meta.end);
  const pitm = inMeta.find((box) => box.type === 'pitm');
  const iprp = inMeta.find((box) => box.type === 'iprp');
  if (!pitm || !iprp || pitm.body + (b[pitm.body] === 0 ? 6 : 8) > pitm.end) return null;
  const primary = b[pitm.body] === 0 ? view.getUint16(pitm.body + 4) : view.getUint32(pitm.body + 4);
  const inIprp = boxes(iprp.body, iprp.end);
  const ipco = inIprp.find((box) => box.type === 'ipco');
  if (!ipco) return null;
  const properties = boxes(ipco.body, ipco.end);
  let stored: Size | null = null;
  // A quarter turn (irot) shows the stored picture on its side: its size as shown, as the processor's words give it.
  let turned = false;
  for (const ipma of inIprp.filter((box) => box.type === 'ipma')) {
    const version = b[ipma.body]!;
    const wideIndex = (b[ipma.body + 3]! & 1) === 1;
    let at = ipma.body + 4;
    if (at + 4 > ipma.end) return null;
    const count = view.getUint32(at);
    at += 4;
    for (let entry = 0; entry < count; entry++) {
      if (at + (version < 1 ? 3 : 5) > ipma.end) return null;
      const item = version < 1 ? view.getUint16(at) : view.getUint32(at);
      at += version < 1 ? 2 : 4;
      const associations = b[at]!;
      at += 1;
      for (let n = 0; n < associations; n++) {
        if (at + (wideIndex ? 2 : 1) > ipma.end) return null;
        // The top bit says whether the property is essential; the rest is its 1-based place in ipco.
        const index = wideIndex ? view.getUint16(at) & 0x7fff : b[at]! & 0x7f;
        at += wideIndex ? 2 : 1;
        const property = properties[index - 1];
        if (item !== primary || !property) continue;
        if (property.type === 'irot' && property.body < property.end) turned = (b[property.body]! & 1) === 1;
        if (property.type === 'ispe' && property.body + 12 <= property.end)
          stored = { width: view.getUint32(property.body + 4), height: view.getUint32(property.body + 8) };
      }
    }
  }
  return stored && turned ? { width: stored.height, height: stored.width } : stored;
}
