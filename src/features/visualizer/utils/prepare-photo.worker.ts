/**
 * Prepares the visitor's photo (preparePhoto) off the page's thread: decoding a 12 MP photo, scaling it and encoding
 * it hold a phone's main thread for most of a second, while the visitor is typing their name. One photo a worker;
 * the answer is the prepared photo, or null when anything failed here (the page then prepares it itself).
 */
import { preparePhoto, type PreparedPhoto } from './prepare-photo';
import { gzipped } from './webhook-body';

/** The prepared photo, and its data URL gzipped for the webhook's body (webhook-body.ts), when this browser can. */
export type PreparedInWorker = (PreparedPhoto & { gzippedDataUrl: ArrayBuffer | null }) | null;

globalThis.onmessage = async (event: MessageEvent<File>) => {
  let answer: PreparedInWorker = null;
  try {
    const prepared = await preparePhoto(event.data);
    answer = { ...prepared, gzippedDataUrl: await gzipped(prepared.dataUrl) };
  } catch {
    // answered with null
  }
  // The gzipped bytes move to the page rather than being copied.
  globalThis.postMessage(answer, { transfer: answer?.gzippedDataUrl ? [answer.gzippedDataUrl] : [] });
};
