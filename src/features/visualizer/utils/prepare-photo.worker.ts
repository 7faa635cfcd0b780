/**
 * Prepares the visitor's photo (preparePhoto) off the page's thread: decoding a 12 MP photo, scaling it and encoding
 * it hold a phone's main thread for most of a second, while the visitor is typing their name. One photo a worker;
 * the answer is the prepared photo, or null when anything failed here (the page then prepares it itself).
 */
import { preparePhoto, type PreparedPhoto } from './prepare-photo';

export type PreparedInWorker = PreparedPhoto | null;

globalThis.onmessage = async (event: MessageEvent<File>) => {
  let answer: PreparedInWorker = null;
  try {
    answer = await preparePhoto(event.data);
  } catch {
    // answered with null
  }
  globalThis.postMessage(answer);
};
