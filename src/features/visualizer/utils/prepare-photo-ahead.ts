import { preparePhoto, type PreparedPhoto } from './prepare-photo';
import type { PreparedInWorker } from './prepare-photo.worker';
import { gzipped, type PhotoForTheBody } from './webhook-body';

/** The photo ready to send: the prepared copy, and its data URL gzipped for the webhook's body (webhook-body.ts). */
export type PhotoReadyToSend = PreparedPhoto & PhotoForTheBody;

/**
 * The photo is prepared for sending as soon as it is chosen, not when "Process Image" is pressed (issue 35): on a
 * phone, decoding, scaling and encoding a 12 MP photo takes one to two seconds, which the visitor spends typing their
 * name and e-mail instead of watching the processing step. Nothing leaves the phone before the click; the prepared
 * copy waits in memory, one per chosen file, so a Retry sends the same bytes without preparing them again.
 */
const preparations = new WeakMap<File, Promise<PhotoReadyToSend>>();

export function preparePhotoAhead(file: File): Promise<PhotoReadyToSend> {
  let preparation = preparations.get(file);
  if (!preparation) {
    preparation = prepareOffThePage(file);
    preparations.set(file, preparation);
    // A read that failed (the file went away) is tried again on the next call, not remembered.
    preparation.catch(() => preparations.delete(file));
  }
  return preparation;
}

/**
 * In a worker where the browser has one with a 2D OffscreenCanvas (every current one), so the visitor's typing never
 * waits for it. A photo the worker could not redraw is prepared on the page as before: some browsers decode on the
 * page what they cannot in a worker (Safari decodes HEIC only through an <img>), and a photo no one can decode is
 * sent as chosen.
 */
async function prepareOffThePage(file: File): Promise<PhotoReadyToSend> {
  const prepared = await prepareInWorker(file);
  if (prepared?.reencoded) return prepared;
  const onThePage = await preparePhoto(file);
  return { ...onThePage, gzippedDataUrl: await gzipped(onThePage.dataUrl) };
}

function prepareInWorker(file: File): Promise<PreparedInWorker> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./prepare-photo.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return resolve(null);
    }
    const answer = (prepared: PreparedInWorker) => {
      worker.terminate();
      resolve(prepared);
    };
    worker.onmessage = (event: MessageEvent<PreparedInWorker>) => answer(event.data);
    worker.onerror = () => answer(null);
    worker.onmessageerror = () => answer(null);
    worker.postMessage(file);
  });
}
