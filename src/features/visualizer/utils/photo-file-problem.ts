/**
 * The first bytes of every picture format that this browser or the processor reads: JPEG, PNG, GIF, WebP, BMP,
 * ICO/CUR (Chromium), TIFF (the processor), and the ISO media files HEIC, HEIF and AVIF are (`ftyp` at byte 4).
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
];

export type PhotoFileProblem = 'empty' | 'not-a-picture';

/**
 * What makes a chosen file no photo at all, told on the upload step before anything is sent, or null. A phone
 * gives a 0-byte file for a photo kept only in the cloud that did not download, and a file renamed to .jpg keeps
 * its text: both went on to the details step as "may be damaged, you can send it anyway", and sending them left a
 * row that stayed pending behind a "Please try again" that could never work (the empty one) or a failure a step
 * later (session 34, journeys2). Only the start of the file is read. An SVG is text by nature and is redrawn by
 * the page, so it is not judged by its first bytes; a file this browser cannot read at all is left to the
 * page's usual way (the preview and the sending say so).
 */
export async function photoFileProblem(file: File): Promise<PhotoFileProblem | null> {
  if (file.size === 0) return 'empty';
  if (file.type === 'image/svg+xml') return null;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  } catch {
    return null;
  }
  const known = SIGNATURES.some(({ at, bytes }) => bytes.every((byte, i) => head[at + i] === byte));
  return known ? null : 'not-a-picture';
}
