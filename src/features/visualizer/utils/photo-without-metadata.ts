/**
 * A JPEG's or WebP's own compressed picture with every piece of metadata left out, without decoding it (issue 35,
 * decision 025). A photo that is already small enough to send and already upright needs no redrawing: encoding it again
 * would only add a second round of JPEG loss, which moves the floor the engine finds (on our real set, by up to
 * 0.17 IoU on a 640×480 photo). Leaving its metadata segments out instead sends the very pixels the camera stored,
 * so the render is the one the file itself gives, and still nothing of where, when or with what it was taken.
 *
 * Kept: what a decoder needs (JPEG: frame, tables, scans, the JFIF header, Adobe's colour-transform flag; WebP: the
 * bitstream, alpha and animation chunks) and the ICC colour profile (how the pixels' numbers map to colours: the
 * processor converts to sRGB with it, so leaving it out would change the picture). Left out: EXIF (GPS position,
 * time, camera, the orientation flag), XMP, IPTC and Photoshop blocks, maker notes, multi-picture indexes, comments,
 * unknown chunks, and anything after the end of the picture (second pictures, depth maps, motion-photo videos).
 *
 * Pure byte work with no DOM, so the evaluation (`npm run eval:upload-size`) applies the page's own rule.
 */
// A relative import, not '@/': the evaluation (tsx, no alias) runs this file too.
import { photoUpload } from '../../../config/photo-upload';

/** What a photo file says about itself, read from its segments or chunks. */
export type PhotoFacts = {
  width: number;
  height: number;
  /** EXIF orientation (1 = stored upright); 1 when the file has none. */
  orientation: number;
};

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers that stand alone, with no length after them (TEM, RST0..7, SOI, EOI). */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
/** Start-of-frame markers (SOF0..SOF15 but DHT, JPG and DAC), which hold the picture's size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Whether a segment (its marker, its payload from `at`) is part of the picture rather than metadata. */
function isPictureSegment(bytes: Uint8Array, marker: number, at: number): boolean {
  if (marker === APP0) return startsWith(bytes, at, 'JFIF\0');
  if (marker === APP2) return startsWith(bytes, at, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(bytes, at, 'Adobe');
  if (marker >= 0xe0 && marker <= 0xef) return false; // every other APPn: EXIF, XMP, IPTC, MPF, makers' blocks
  return marker !== COM;
}

/** A photo's own picture without its metadata: the bytes, their MIME type, and what the file said about itself. */
export type PictureWithoutMetadata = {
  bytes: Uint8Array<ArrayBuffer>;
  type: 'image/jpeg' | 'image/webp';
  facts: PhotoFacts;
};

/** The photo's own picture without its metadata, for a JPEG or a WebP this reader can follow; otherwise null. */
export function photoWithoutMetadata(bytes: Uint8Array): PictureWithoutMetadata | null {
  const jpeg = jpegWithoutMetadata(bytes);
  if (jpeg) return { bytes: jpeg.jpeg, type: 'image/jpeg', facts: jpeg.facts };
  const webp = webpWithoutMetadata(bytes);
  return webp && { bytes: webp.webp, type: 'image/webp', facts: webp.facts };
}

/**
 * The photo's own picture, its metadata left out, when the page sends it so (`photoUpload.sentAsStored`: a JPEG or
 * WebP already upright, within the longest side and the byte target); null when it must be redrawn.
 */
export function pictureSentAsStored(
  bytes: Uint8Array,
  longestSidePx: number = photoUpload.storedLongestSidePx,
): PictureWithoutMetadata | null {
  const picture = photoWithoutMetadata(bytes);
  if (!picture || !photoUpload.sentAsStored.includes(picture.type)) return null;
  const { width, height, orientation } = picture.facts;
  const fits =
    orientation === 1 && Math.max(width, height) <= longestSidePx && picture.bytes.length <= photoUpload.targetBytes;
  return fits ? picture : null;
}

/** EXIF orientation (tag 0x0112 of IFD0) in an EXIF block (with or without its "Exif\0\0" header), or null. */
function exifOrientation(bytes: Uint8Array, at: number, end: number): number | null {
  const tiff = startsWith(bytes, at, 'Exif\0\0') ? at + 6 : at;
  if (!startsWith(bytes, tiff, 'II*\0') && !startsWith(bytes, tiff, 'MM\0*')) return null;
  if (tiff + 8 > end) return null;
  const little = bytes[tiff] === 0x49; // "II": little-endian; "MM": big-endian
  const u16 = (p: number) => (little ? bytes[p]! | (bytes[p + 1]! << 8) : (bytes[p]! << 8) | bytes[p + 1]!);
  const u32 = (p: number) => (little ? u16(p) + u16(p + 2) * 0x10000 : u16(p) * 0x10000 + u16(p + 2));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return null;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return null;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return null;
}

/** Where the entropy-coded data that starts at `at` ends: at the first marker that is not a restart or a stuffed byte. */
function endOfScan(bytes: Uint8Array, at: number): number {
  while (at < bytes.length - 1) {
    if (bytes[at] === 0xff) {
      const next = bytes[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        at += 2;
        continue;
      }
      if (next !== 0xff) return at;
    }
    at++;
  }
  return bytes.length;
}

/**
 * The JPEG's picture without its metadata, and what it says about itself; null when the bytes are not a JPEG this
 * reader can follow to its end (the page then redraws the photo instead).
 */
export function jpegWithoutMetadata(bytes: Uint8Array): { jpeg: Uint8Array<ArrayBuffer>; facts: PhotoFacts } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  const facts: PhotoFacts = { width: 0, height: 0, orientation: 1 };
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // a fill byte before a marker
      continue;
    }
    if (marker === EOI) {
      kept.push(bytes.subarray(at, at + 2));
      return facts.width && facts.height ? { jpeg: concat(kept), facts } : null;
    }
    if (standsAlone(marker)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const payload = at + 4;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (isStartOfFrame(marker) && length >= 7) {
      facts.height = (bytes[payload + 1]! << 8) | bytes[payload + 2]!;
      facts.width = (bytes[payload + 3]! << 8) | bytes[payload + 4]!;
    }
    if (marker === APP1 && startsWith(bytes, payload, 'Exif\0\0')) {
      facts.orientation = exifOrientation(bytes, payload, end) ?? facts.orientation;
    }
    if (isPictureSegment(bytes, marker, payload)) kept.push(bytes.subarray(at, end));
    at = end;
    if (marker === SOS) {
      const scanEnd = endOfScan(bytes, at);
      kept.push(bytes.subarray(at, scanEnd));
      at = scanEnd;
    }
  }
  return null; // no end-of-picture marker: a cut-off file
}

/** WebP chunks that make the picture; EXIF, XMP and anything unknown are left out. */
const WEBP_PICTURE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X flags for the EXIF and XMP chunks, cleared once those chunks are gone. */
const VP8X_EXIF_AND_XMP = 0x08 | 0x04;

/**
 * A WebP's own picture without its EXIF and XMP chunks, and what it says about itself; null when the bytes are not
 * a WebP this reader can follow to its end.
 */
export function webpWithoutMetadata(bytes: Uint8Array): { webp: Uint8Array<ArrayBuffer>; facts: PhotoFacts } | null {
  const text = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  const u32 = (at: number) => u24(at) + bytes[at + 3]! * 0x1000000;
  if (bytes.length < 20 || text(0, 4) !== 'RIFF' || text(8, 4) !== 'WEBP') return null;
  const riffEnd = 8 + u32(4);
  if (riffEnd > bytes.length) return null;
  const kept: Uint8Array[] = [];
  const facts: PhotoFacts = { width: 0, height: 0, orientation: 1 };
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) return null;
    const fourCC = text(at, 4);
    const size = u32(at + 4);
    const data = at + 8;
    const end = data + size + (size % 2); // chunks are padded to an even length
    if (end > riffEnd + (size % 2)) return null;
    if (fourCC === 'VP8X' && size >= 10) {
      facts.width = u24(data + 4) + 1;
      facts.height = u24(data + 7) + 1;
    } else if (fourCC === 'VP8 ' && size >= 10 && !facts.width) {
      facts.width = (bytes[data + 6]! | (bytes[data + 7]! << 8)) & 0x3fff;
      facts.height = (bytes[data + 8]! | (bytes[data + 9]! << 8)) & 0x3fff;
    } else if (fourCC === 'VP8L' && size >= 5 && !facts.width) {
      const bits = u32(data + 1);
      facts.width = (bits & 0x3fff) + 1;
      facts.height = ((bits >>> 14) & 0x3fff) + 1;
    } else if (fourCC === 'EXIF') {
      facts.orientation = exifOrientation(bytes, data, data + size) ?? facts.orientation;
    }
    if (WEBP_PICTURE_CHUNKS.has(fourCC)) {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      if (fourCC === 'VP8X') chunk[8] = chunk[8]! & ~VP8X_EXIF_AND_XMP;
      kept.push(chunk);
    }
    at = end;
  }
  if (!facts.width || !facts.height) return null;
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  const riffSize = 4 + body.length;
  header.set([riffSize & 0xff, (riffSize >> 8) & 0xff, (riffSize >> 16) & 0xff, (riffSize >>> 24) & 0xff], 4);
  return { webp: concat([header, body]), facts };
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
