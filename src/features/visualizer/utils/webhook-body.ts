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

/**
 * The payload's JSON text (exactly `JSON.stringify(payload)`), gzipped as three members one after the other: the
 * fields before the photo, the photo's data URL, and the rest. RFC 1952 lets a gzip stream hold several members,
 * which a reader inflates as one text (the processor's gunzip does). The photo's member is the one gzipped when the
 * photo was prepared, in the worker, so "Process Image" compresses only the few hundred bytes around it: gzipping
 * the whole 0.6 MB text held a phone's page about 0.2 s (CPU x4) before the first byte could go out (decision 025).
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
    const [before, after] = await Promise.all([gzipped(skeleton.slice(0, at)), gzipped(skeleton.slice(at))]);
    if (before && after) {
      const data = new Uint8Array(before.byteLength + photo.gzippedDataUrl.byteLength + after.byteLength);
      data.set(new Uint8Array(before), 0);
      data.set(new Uint8Array(photo.gzippedDataUrl), before.byteLength);
      data.set(new Uint8Array(after), before.byteLength + photo.gzippedDataUrl.byteLength);
      // Bytes, not a Blob: a Blob body goes out by reference, which DevTools (and so the browser tests) cannot show.
      return { data: data.buffer, size: data.byteLength, encoding: 'gzip' };
    }
  }
  const json = JSON.stringify(payload);
  const whole = await gzipped(json);
  return whole ? { data: whole, size: whole.byteLength, encoding: 'gzip' } : { data: json, size: json.length };
}
