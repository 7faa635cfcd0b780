import type { VisualizerWebhookPayload } from '@contracts/visualizer-webhook';

/** The webhook's body as it goes over the wire: gzip where the browser can compress, else the JSON text itself. */
export type WireBody = { data: ArrayBuffer | string; size: number; encoding?: 'gzip' };

/** The photo as the body carries it: its data URL, and that text gzipped when it was prepared (null if it could not be). */
export type PhotoForTheBody = { dataUrl: string; gzippedDataUrl: ArrayBuffer | null };

/** `text` gzipped with the browser's CompressionStream (a page's or a worker's), or null where there is none or it fails. */
export async function gzipped(text: string): Promise<ArrayBuffer | null> {
  if (typeof CompressionStream !== 'function') return null;
  try {
    return await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  } catch {
    return null;
  }
}

const IMAGE_FIELD = '"imageBase64":"';

/** CRC-32 (IEEE, as gzip's trailer has it), table made on first use. */
let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A gzip member holding `text` as it is (deflate's stored blocks, RFC 1951 3.2.4): for the few hundred bytes around
 * the photo, written at once on the page's thread, where a CompressionStream's round trip took 70-110 ms at CPU ×4
 * for two such pieces (the bench's breakdown). Compressing them would save about 50 bytes.
 */
export function storedGzip(text: string): Uint8Array {
  const data = new TextEncoder().encode(text);
  const blocks = Math.max(1, Math.ceil(data.length / 0xffff));
  const member = new Uint8Array(10 + blocks * 5 + data.length + 8);
  // ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS.
  member.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  let at = 10;
  for (let block = 0; block < blocks; block++) {
    const piece = data.subarray(block * 0xffff, (block + 1) * 0xffff);
    member[at] = block === blocks - 1 ? 1 : 0; // BFINAL, BTYPE 00 (stored)
    member[at + 1] = piece.length & 0xff;
    member[at + 2] = piece.length >>> 8;
    member[at + 3] = ~piece.length & 0xff;
    member[at + 4] = (~piece.length >>> 8) & 0xff;
    member.set(piece, at + 5);
    at += 5 + piece.length;
  }
  const trailer = new DataView(member.buffer, at, 8);
  trailer.setUint32(0, crc32(data), true);
  trailer.setUint32(4, data.length >>> 0, true);
  return member;
}

/**
 * The payload's JSON text (exactly `JSON.stringify(payload)`), gzipped as three members one after the other: the
 * fields before the photo, the photo's data URL, and the rest. RFC 1952 lets a gzip stream hold several members,
 * which a reader inflates as one text (the processor's gunzip does). The photo's member is the one gzipped when the
 * photo was prepared, in the worker, and the few hundred bytes around it go stored (storedGzip), so "Process Image"
 * compresses nothing: gzipping the whole 0.6 MB text held a phone's page about 0.2 s (CPU x4) before the first byte
 * could go out (decision 025).
 * The base64 text gzips about a quarter smaller (6 bits a character), which a phone's upload feels most.
 *
 * A data URL holds no character JSON escapes, so the photo's text inside the JSON is the data URL itself. Where the
 * browser cannot compress, the JSON text goes as it is; where the photo has no member (or is not this payload's), the
 * whole text is gzipped here as before.
 */
export async function webhookBody(payload: VisualizerWebhookPayload, photo: PhotoForTheBody): Promise<WireBody> {
  const skeleton = JSON.stringify({ ...payload, imageBase64: '' });
  // The field's name and opening quote can only be the key itself: inside a string value a quote is escaped.
  const at = skeleton.indexOf(`${IMAGE_FIELD}"`) + IMAGE_FIELD.length;
  if (photo.gzippedDataUrl && payload.imageBase64 === photo.dataUrl && at >= IMAGE_FIELD.length) {
    const before = storedGzip(skeleton.slice(0, at));
    const after = storedGzip(skeleton.slice(at));
    const data = new Uint8Array(before.length + photo.gzippedDataUrl.byteLength + after.length);
    data.set(before, 0);
    data.set(new Uint8Array(photo.gzippedDataUrl), before.length);
    data.set(after, before.length + photo.gzippedDataUrl.byteLength);
    // Bytes, not a Blob: a Blob body goes out by reference, which DevTools (and so the browser tests) cannot show.
    return { data: data.buffer, size: data.byteLength, encoding: 'gzip' };
  }
  const json = JSON.stringify(payload);
  const whole = await gzipped(json);
  return whole ? { data: whole, size: whole.byteLength, encoding: 'gzip' } : { data: json, size: json.length };
}
