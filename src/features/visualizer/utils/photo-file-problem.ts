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
  if (file.size === 0) return { kind: 'empty' };
  if (file.type === 'image/svg+xml') return null;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  } catch {
    return null;
  }
  const known = SIGNATURES.some(({ at, bytes }) => bytes.every((byte, i) => head[at + i] === byte));
  if (!known) return { kind: 'not-a-picture' };
  // A thumbnail or a preview saved from a chat went all the way to the processor, and its refusal came after the
  // upload, with a failed row and the office's e-mail (session 34, journeys2). A size not found here is left to it.
  const size = pictureSize(head);
  if (size && size.width > 0 && size.height > 0 && Math.min(size.width, size.height) < MIN_SHORT_SIDE)
    return { kind: 'too-small', ...size };
  return null;
}

type Size = { width: number; height: number };

/** The picture's size from its header (JPEG, PNG, GIF, WebP), or null for another format or a header not found. */
export function pictureSize(b: Uint8Array): Size | null {
  const u16be = (at: number) => (b[at]! << 8) | b[at + 1]!;
  const u16le = (at: number) => b[at]! | (b[at + 1]! << 8);
  const u24le = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
  const text = (at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
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
