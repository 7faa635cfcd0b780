import sharp from 'sharp';
import { JobAttemptFailed } from '../../job-queue/job-attempt-failed.ts';
import { describeError } from '../../job-queue/redact.ts';
import { visualizerImagesExpireAt } from '../../src/config/data-retention.ts';
import { ORIGINAL_RENDITIONS, type ImageRenditions } from '../../contracts/image-renditions.ts';
import type { RugChoice, VisualizerFailureKind } from '../../contracts/visualizer-webhook.ts';
import { DEFAULT_WOOD_STYLE } from '../../contracts/wood-styles.ts';
import type { DecodedPhoto, FloorEngine, FloorMask, FloorScene, FloorVisualization, StyleRender } from '../engine/floor-engine.ts';
import { describeRugCovering } from './default-rug-choice.ts';
import { floorAsShown, type ChosenFloor } from './floor-as-shown.ts';
import { MAX_WORKING_SIDE, MIN_PHOTO_SHORT_SIDE, PhotoRejectedError, decodePhoto, encodeJpeg } from './decode-photo.ts';
import { encodeFloorMask, floorShare } from './encode-floor-mask.ts';
import { photoContent } from './photo-content.ts';
import type { RenderFinishedSignal } from './render-finished.ts';
import type { ImageStorage } from './image-storage.ts';
import { tryAgainOnTransientFault } from './transient-fault.ts';
import { floorMaskPath, originalImagePath, renderJobSchema, renderedImagePath, rugChoiceFloorPath, sceneClassesPath } from './render-job.ts';
import type { UploadStore } from './upload-store.ts';
import { encodeWebRenditions, renditionPath, type EncodedFile } from './web-renditions.ts';
import { FAILURE_REASONS } from './visitor-failure-reasons.ts';
import type { RenderedImages, VisualizerRequestRepository, VisualizerRequestRow } from './visualizer-request-repository.ts';

type ParsedRenderJob = ReturnType<typeof renderJobSchema.parse>;

/** A web-sized copy as stored, before its link is signed. */
type StoredFile = { width: number; height: number; objectPath: string };
type StoredCopies = { webp: StoredFile[]; jpeg: StoredFile };

/** Encodes one picture's web-sized copies (web-renditions.ts) and stores them beside it. */
async function storeWebCopies(storage: ImageStorage, fullPath: string, picture: Parameters<typeof encodeWebRenditions>[0]): Promise<StoredCopies> {
  const copies = await encodeWebRenditions(picture);
  const store = async ({ width, height, bytes }: EncodedFile, format: 'webp' | 'jpg'): Promise<StoredFile> => {
    const objectPath = renditionPath(fullPath, width, format);
    await storage.save(objectPath, bytes, format === 'webp' ? 'image/webp' : 'image/jpeg');
    return { width, height, objectPath };
  };
  const [jpeg, ...webp] = await Promise.all([store(copies.jpeg, 'jpg'), ...copies.webp.map((copy) => store(copy, 'webp'))]);
  return { webp, jpeg: jpeg! };
}

/** Where each style's full picture of the render is stored, by style. */
function pathsOfRenders(job: ParsedRenderJob, renders: readonly StyleRender[]): Record<string, string> {
  const { requestId, renderNumber } = job;
  return Object.fromEntries(renders.map(({ style }) => [style, renderedImagePath(requestId, renderNumber, style)]));
}

/** Every stored copy's object path, to sign in one batch. */
function copyPaths(copies: Record<string, StoredCopies>): string[] {
  return Object.values(copies).flatMap(({ webp, jpeg }) => [...webp, jpeg].map((file) => file.objectPath));
}

function signedStyles(stylePaths: Record<string, string>, links: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(stylePaths).map(([style, objectPath]) => [style, links[objectPath]!]));
}

function signedCopies(copies: Record<string, StoredCopies>, links: Record<string, string>): ImageRenditions {
  const signed = ({ width, height, objectPath }: StoredFile) => ({ width, height, url: links[objectPath]! });
  return Object.fromEntries(Object.entries(copies).map(([key, { webp, jpeg }]) => [key, { webp: webp.map(signed), jpeg: signed(jpeg) }]));
}

export interface RenderFloorDependencies {
  repository: VisualizerRequestRepository;
  uploads: UploadStore;
  storage: ImageStorage;
  engine: FloorEngine;
  /**
   * Deletes every stored file of a request (visitor-data/visitor-files.ts): a render whose row was deleted while it
   * ran (`npm run data:forget`, lead retention) removes what it wrote, so no photo outlives its row.
   */
  deleteRequestFiles: (requestId: string) => Promise<number>;
  maxInputPixels?: number;
  log?: (line: string) => void;
  /** Told as soon as the row has the render's outcome, so the webhook waiting for it answers at once. */
  renderFinished?: RenderFinishedSignal;
  /** For tests: how long the later woods may take before the row says they were not made (LATER_STYLES_TIMEOUT_MS). */
  laterStylesTimeoutMs?: number;
  /**
   * For the end-to-end stack (VISUALIZER_LATE_WOODS_TEST_DOMAIN, refused in production): the later woods of a request
   * from a mailbox at this domain are said not made as soon as the default is shown, and join the row when laid, as
   * woods past the 90 s bound do; a journey sees it in seconds, while every other request of the stack keeps 90 s.
   */
  lateWoodsTestDomain?: string;
  /** For tests: the waits between a later wood's tries of one storage or row call (LATER_WOOD_RETRY_DELAYS_MS). */
  laterWoodRetryDelaysMs?: readonly number[];
}

/**
 * How long the woods after the default may take, from the moment the default is shown, before the row says they
 * could not be made (decision 025, session 18). They took 2-17 s on the phone bench at load 19-29; a later wood that
 * hangs (an engine call or an upload that never answers) would otherwise leave them "still coming" for good, and
 * the page, which follows the row for two minutes (src/features/visualizer/api/wait-for-later-styles.ts), could only
 * say they were taking longer. Below those two minutes, so the page hears "not made" while it still listens.
 */
export const LATER_STYLES_TIMEOUT_MS = 90_000;

/**
 * For the end-to-end setting only (`lateWoodsTestDomain`): how long that domain's later woods wait, once laid, before
 * they join the row. The page reads the row every half second while woods are coming; 5 s leaves it many reads to see
 * "not made" first, at any load.
 */
const LATE_WOODS_TEST_HOLD_MS = 5_000;

/**
 * A later wood's upload, link signing or row write that fails with a passing fault (no answer, a reset, storage's
 * 5xx or 429: transient-fault.ts) is made again after each of these waits, four tries in all (decision 049, session
 * 35): one upload's "fetch failed" under load had cost the visitor two woods. 4.3 s of waiting at most per call, far
 * inside LATER_STYLES_TIMEOUT_MS, which still bounds the whole.
 */
export const LATER_WOOD_RETRY_DELAYS_MS: readonly number[] = [300, 1_000, 3_000];

class LaterStylesTimedOut extends Error {
  constructor(ms: number) {
    super(`the later woods were not laid within ${Math.round(ms / 1000)} s`);
    this.name = 'LaterStylesTimedOut';
  }
}

/**
 * Where a render's time went, stage by stage (each the wall time since the previous stage ended), for the log: a
 * phone's wait for its picture is mostly this render, and the line says which part of it to look at.
 */
function stageClock() {
  const ended: string[] = [];
  let last = performance.now();
  return {
    end(stage: string) {
      const now = performance.now();
      ended.push(`${stage} ${Math.round(now - last)}ms`);
      last = now;
    },
    describe: () => ended.join(', '),
  };
}

/** What the queue tells a job about itself (graphile-worker's `helpers.job`). */
export interface RenderAttempt {
  attempts: number;
  max_attempts: number;
}

/** Both rug choices' floors are kept at full size: the next render lays wood on one of them as it is. */
function encodeFullMask(mask: Buffer | Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } }).toColourspace('b-w').png({ compressionLevel: 6 }).toBuffer();
}

async function decodeFullMask(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(bytes).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) throw new Error(`A stored floor is ${info.width}×${info.height}, the photo ${width}×${height}`);
  return data;
}

async function storeRugChoiceFloors(storage: ImageStorage, requestId: string, renderNumber: number, floors: { width: number; height: number; keep: Buffer; replace: Buffer; scene: FloorScene }) {
  const { width, height, scene } = floors;
  await Promise.all([
    storage.save(rugChoiceFloorPath(requestId, renderNumber, 'keep'), await encodeFullMask(floors.keep, width, height), 'image/png'),
    storage.save(rugChoiceFloorPath(requestId, renderNumber, 'replace'), await encodeFullMask(floors.replace, width, height), 'image/png'),
    storage.save(sceneClassesPath(requestId, renderNumber), await encodeFullMask(scene.classes, scene.width, scene.height), 'image/png'),
  ]);
}

/**
 * The floor this render lays wood on, and the rug choice it shows. A render of the other rug choice reads the
 * floors the previous render stored; any other render finds the floor once, with both choices when the engine
 * can, and the first render picks the photo's default (floor-as-shown.ts, shared with the commands). An engine that offers no rug
 * choice renders as before (it finds its own floor, no choice is recorded).
 */
async function floorToRender(deps: RenderFloorDependencies, job: ParsedRenderJob, photo: DecodedPhoto): Promise<{ floor?: ChosenFloor; rugs?: RugChoice }> {
  const { requestId, renderNumber } = job;
  if (job.reuseFloor) {
    const previous = renderNumber - 1;
    const rugs = job.rugs ?? 'keep';
    const [keep, replace, classes] = await Promise.all([
      deps.storage.read(rugChoiceFloorPath(requestId, previous, 'keep')),
      deps.storage.read(rugChoiceFloorPath(requestId, previous, 'replace')),
      deps.storage.read(sceneClassesPath(requestId, previous)),
    ]);
    const keptRugsMask = await decodeFullMask(keep, photo.width, photo.height);
    const rugsReplacedMask = await decodeFullMask(replace, photo.width, photo.height);
    const { data, info } = await sharp(classes).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const scene = { width: info.width, height: info.height, classes: new Uint8Array(data) };
    const mask = rugs === 'replace' ? rugsReplacedMask : keptRugsMask;
    return { floor: { width: photo.width, height: photo.height, mask, rugsReplacedMask, keptRugsMask, scene }, rugs };
  }
  if (!deps.engine.offersRugChoice) return {};
  return (await floorAsShown((shown, options) => deps.engine.findFloor(shown, options), photo, { taps: job.taps, rugs: job.rugs })) ?? {};
}

/**
 * The `render_floor` job: the visitor's photo from private storage → decoded upright, metadata dropped →
 * the original, each requested style and the floor mask stored, with signed links → the row completed. A photo the processor refuses
 * (not an image, damaged, too many pixels) fails the row at once with its own message; any other error is
 * retried by the queue, and the last attempt fails the row with a human reason while the technical detail
 * goes to the log (never the visitor's name or address).
 */
export function createRenderFloorTask(deps: RenderFloorDependencies) {
  const log = deps.log ?? ((line: string) => console.log(line));

  /** After a render: if its row is gone, so are the files it wrote (and anything else under the request). */
  async function removeFilesOfADeletedRow(requestId: string): Promise<void> {
    if (await deps.repository.find(requestId)) return;
    const deleted = await deps.deleteRequestFiles(requestId);
    log(`request=${requestId} row deleted during the render: ${deleted} stored file(s) removed`);
  }

  /** Stores each style's full picture under the render's folder; the paths by style. */
  async function storeRenders(job: ParsedRenderJob, renders: StyleRender[], storage = deps.storage): Promise<Record<string, string>> {
    const stylePaths = pathsOfRenders(job, renders);
    for (const render of renders) await storage.save(stylePaths[render.style]!, render.image, 'image/jpeg');
    if (Object.keys(stylePaths).length === 0) throw new Error('The engine returned no image');
    return stylePaths;
  }

  /**
   * The page and the e-mails show web-sized copies; the full pictures stay for the download (issue 35). Two styles
   * at a time: sharp's threads share the cores and the uploads overlap the encoding, while at most two decoded
   * pictures are held at once (visualizer-processor/README.md, "Memory").
   */
  async function storeCopiesOfRenders(renders: StyleRender[], stylePaths: Record<string, string>, storage = deps.storage): Promise<Record<string, StoredCopies>> {
    const copies: Record<string, StoredCopies> = {};
    for (let next = 0; next < renders.length; next += 2) {
      await Promise.all(
        renders.slice(next, next + 2).map(async (render) => {
          // From the render's raw pixels when the engine kept them, not a decode of its JPEG: about 10 ms of libvips
          // less for a 1600 px picture, and copies a little nearer the render and smaller (decision 028, session 20).
          copies[render.style] = await storeWebCopies(storage, stylePaths[render.style]!, render.raw ?? render.image);
        }),
      );
    }
    return copies;
  }

  function fromLateWoodsTestDomain(email: string): boolean {
    const domain = deps.lateWoodsTestDomain;
    return domain !== undefined && email.toLowerCase().endsWith(`@${domain}`);
  }

  function laterStylesTimeout(email: string): number {
    return fromLateWoodsTestDomain(email) ? 0 : (deps.laterStylesTimeoutMs ?? LATER_STYLES_TIMEOUT_MS);
  }

  /**
   * The styles after a first render's default wood, on the floor it was laid on, added to the row that already shows
   * the default. A failure here is the later woods' only: it is logged and said on the row (`styles_not_made`), and
   * the default picture stays; the job is not tried again, since its row is completed and shown. `options.first` is
   * the default's visualization when this process made it: its engine may lay more styles from what it prepared for
   * the default (the same pictures, without working out the floor's camera and light again).
   */
  async function layLaterStyles(
    job: ParsedRenderJob,
    photo: DecodedPhoto,
    styles: ParsedRenderJob['styles'],
    options: { floor: FloorMask | undefined; keepRugs: boolean; first?: FloorVisualization; email: string },
    linksEnd: Date,
    stages: ReturnType<typeof stageClock>,
  ): Promise<void> {
    const { requestId, renderNumber } = job;
    const startedAt = performance.now();
    // Once the row shows another render (a fix or a rug choice, which brings every wood itself), the woods after are
    // neither stored nor offered.
    let replaced = false;
    // The end-to-end setting's hold (LATE_WOODS_TEST_HOLD_MS): one wait, started by the first wood, that every wood
    // awaits, since the two lanes join the row side by side.
    let hold: Promise<void> | undefined;
    let joined = 0;
    const timeoutMs = laterStylesTimeout(options.email);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LaterStylesTimedOut(timeoutMs)), timeoutMs);
    });
    // The work cannot be stopped mid-way (an engine call, an upload): past the bound it is left to finish or fail on
    // its own. Should it finish after all, its woods are added to the row (addLaterStyles), and a reload shows them.
    const laid = layThem();
    laid.catch((error: unknown) => {
      if (performance.now() - startedAt >= timeoutMs) log(`request=${requestId} render ${renderNumber} later styles, past the bound: ${describeError(error)}`);
    });
    try {
      await Promise.race([laid, timedOut]);
    } catch (error) {
      log(`request=${requestId} render ${renderNumber} later styles failed after ${Math.round(performance.now() - startedAt)}ms: ${describeError(error)}`);
      await deps.repository.markStylesNotMade(requestId, renderNumber);
    } finally {
      clearTimeout(timer);
    }

    async function layThem(): Promise<void> {
      // Each wood joins the row on its own as soon as it is stored, its copies made and its links signed, while the
      // engine lays the next (decision 049): a phone gets the first later wood about when it would have had one of
      // four, not when the last is laid. Two woods at a time after the engine (their copies, uploads and row writes),
      // as the copies were made two at a time before: one at a time, the last wood came seconds later on a busy
      // machine (the copies' steps wait for the engine's planks, which hold this thread, between each).
      const lanes: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
      const handedOn = new Set<string>();
      // One wood that could not be stored (its tries used up) is noted and the lane goes on: the woods after it still
      // join the row, and only those left coming are said not made, once every lane is done (session 35: one upload's
      // "fetch failed" had failed the woods not yet in the row, and said so while the other lane was adding its own).
      const notStored: string[] = [];
      const join = (render: StyleRender) => {
        const lane = handedOn.size % lanes.length;
        handedOn.add(render.style);
        lanes[lane] = lanes[lane]!.then(() => joinTheRow(render)).catch((error: unknown) => {
          notStored.push(`${render.style} not stored: ${describeError(error)}`);
        });
      };
      let renders: StyleRender[];
      try {
        renders = options.first?.renderMoreStyles
          ? await options.first.renderMoreStyles(styles, join)
          : (await deps.engine.visualize(photo, { styles, taps: job.taps, keepRugs: options.keepRugs, floor: options.floor })).renders;
      } catch (error) {
        // The woods already handed on finish joining first, so the row says not made only of those never laid.
        await Promise.all(lanes);
        throw error;
      }
      // An engine that gives its pictures only at the end (one that keeps nothing between calls) has them joined now.
      for (const render of renders) if (!handedOn.has(render.style)) join(render);
      stages.end('later woods');
      await Promise.all(lanes);
      stages.end('later row');
      if (notStored.length > 0) throw new Error(`${notStored.join('; ')}; ${joined} of ${handedOn.size} joined the row`);
    }

    /** One later wood: its full picture uploaded while its web copies are made, its links signed, then the row. */
    async function joinTheRow(render: StyleRender): Promise<void> {
      if (replaced) return;
      const again = <T>(what: string, work: () => Promise<T>) =>
        tryAgainOnTransientFault(work, deps.laterWoodRetryDelaysMs ?? LATER_WOOD_RETRY_DELAYS_MS, (error, delayMs, nextTry) =>
          log(`request=${requestId} render ${renderNumber} later wood ${render.style}: ${what} failed (${describeError(error)}), try ${nextTry} in ${delayMs}ms`),
        );
      // Each call on its own: a retried upload does not make the wood's copies again. Every path is written once with
      // upsert, and links may be signed twice, so a try whose answer was lost after it landed does no harm.
      const storage: ImageStorage = {
        save: (objectPath, bytes, contentType) => again(`upload of ${objectPath.split('/').at(-1)}`, () => deps.storage.save(objectPath, bytes, contentType)),
        read: (objectPath) => deps.storage.read(objectPath),
        links: (objectPaths, expiresAt) => again('signing', () => deps.storage.links(objectPaths, expiresAt)),
      };
      const stylePaths = pathsOfRenders(job, [render]);
      const stored = storeRenders(job, [render], storage);
      // Awaited below, after the copies; a failure of the copies first must not leave it an unhandled rejection.
      stored.catch(() => undefined);
      const renditionPaths = await storeCopiesOfRenders([render], stylePaths, storage);
      await stored;
      const links = await storage.links([...Object.values(stylePaths), ...copyPaths(renditionPaths)], linksEnd);
      // On an idle machine the woods are laid within half a second of the row saying they were not made, before the
      // page's next read: held, the journey sees "not made in time" first, as a visitor does after a slow render.
      // Once, from the first wood: the others wait for its end, then follow as they would (a flag set by the first
      // let the other lane's woods join at once, and a fresh-clone check's page first read the row with two woods
      // already in it, session 32).
      if (fromLateWoodsTestDomain(options.email)) {
        hold ??= new Promise((resolve) => setTimeout(resolve, LATE_WOODS_TEST_HOLD_MS));
        await hold;
      }
      // Adding the same wood twice writes the same keys: a write whose answer was lost may be made again.
      const added = await again('row write', () =>
        deps.repository.addLaterStyles(requestId, {
          renderNumber,
          styleImageUrls: signedStyles(stylePaths, links),
          imageRenditions: signedCopies(renditionPaths, links),
        }),
      );
      // When each wood reached the row, from the moment the default was shown (the phone bench reads these).
      if (added) joined++;
      if (added) log(`request=${requestId} render ${renderNumber} later wood ${render.style} in the row after ${Math.round(performance.now() - startedAt)}ms`);
      else {
        replaced = true;
        log(`request=${requestId} render ${renderNumber} later styles not added: the row shows another render now`);
      }
    }
  }

  /**
   * The job tried again after its process died while laying the later woods (the row shows the default wood, the
   * others still coming): they are laid now, from the stored photo, on the stored floor the visitor's rug choice
   * shows (or a floor found again, for an engine that keeps none), so the visitor gets them after all.
   */
  async function resumeLaterStyles(job: ParsedRenderJob, row: VisualizerRequestRow): Promise<void> {
    const stages = stageClock();
    let photo: DecodedPhoto;
    let found: Awaited<ReturnType<typeof floorToRender>>;
    try {
      photo = await decodePhoto(await deps.storage.read(originalImagePath(job.requestId)), { maxInputPixels: deps.maxInputPixels, maxSide: MAX_WORKING_SIDE });
      const storedFloor = row.rug_choice ? { ...job, renderNumber: job.renderNumber + 1, reuseFloor: true, rugs: row.rug_choice } : job;
      found = await floorToRender(deps, storedFloor, photo);
    } catch (error) {
      log(`request=${job.requestId} render ${job.renderNumber} later styles not resumed: ${describeError(error)}`);
      await deps.repository.markStylesNotMade(job.requestId, job.renderNumber);
      return;
    }
    const { floor, rugs } = found;
    stages.end('floor');
    const styles = job.styles.filter((style) => row.styles_coming.includes(style));
    await layLaterStyles(job, photo, styles, { floor, keepRugs: rugs !== 'replace', email: row.email }, visualizerImagesExpireAt(row.created_at), stages);
    log(`request=${job.requestId} render ${job.renderNumber} later styles resumed: ${stages.describe()}`);
  }

  return async (payload: unknown, helpers: { job: RenderAttempt }): Promise<void> => {
    const job = renderJobSchema.parse(payload);
    const { requestId } = job;
    try {
      await render(job, helpers);
    } finally {
      await removeFilesOfADeletedRow(requestId);
    }
  };

  async function render(job: ReturnType<typeof renderJobSchema.parse>, helpers: { job: RenderAttempt }): Promise<void> {
    const { requestId } = job;
    const correction = job.renderNumber > 1;
    const row = await deps.repository.find(requestId);
    // Failed by the deadline, or already done by an earlier attempt that lost its acknowledgement.
    if (!row) return;
    if (!correction && row.status === 'completed' && row.render_number === job.renderNumber && row.styles_coming.length > 0) {
      await resumeLaterStyles(job, row);
      return;
    }
    if (correction ? row.correction_state !== 'rendering' || row.render_number >= job.renderNumber : row.status !== 'processing') return;

    const dropUpload = async () => {
      if (job.uploadPath) {
        await deps.uploads.delete(job.uploadPath).catch((error: unknown) => log(`request=${requestId} upload not deleted: ${describeError(error)}`));
      }
    };
    // `another_photo`: the engine refused the file itself (PhotoRejectedError); any other fault may not come again.
    const fail = async (reason: string, kind: VisualizerFailureKind) => {
      if (correction) await deps.repository.markCorrectionFailed(requestId);
      else await deps.repository.markFailed(requestId, reason, kind);
      deps.renderFinished?.finished(requestId);
    };

    const startedAt = performance.now();
    const stages = stageClock();
    try {
      // A first render starts from the upload; a correction from the stored (already upright, clean) original.
      const source = job.uploadPath ? await deps.uploads.get(job.uploadPath) : await deps.storage.read(originalImagePath(requestId));
      stages.end('read');
      // A screenshot's flat bands round the photo are no part of the room (photo-content.ts): the stored original is
      // the photo inside them, so a fix or a later wood, which start from it, find none.
      const photo = photoContent(
        await decodePhoto(source, {
          maxInputPixels: deps.maxInputPixels,
          maxSide: MAX_WORKING_SIDE,
          minShortSide: MIN_PHOTO_SHORT_SIDE,
        }),
        MIN_PHOTO_SHORT_SIDE,
      );
      stages.end('decode');
      // The photo's copies are made while the engine works: its floor finding holds one core, sharp takes the other.
      const originalCopies = correction ? undefined : storeWebCopies(deps.storage, originalImagePath(requestId), photo);
      // Awaited below; an engine failure first must not leave them unhandled rejections.
      originalCopies?.catch(() => undefined);
      const { floor, rugs } = await floorToRender(deps, job, photo);
      stages.end('floor');
      // A first render shows its default wood as soon as it is stored, and lays the other styles after: a phone's
      // first picture waits for one wood, not five (decision 025, session 16). A fix or a rug choice comes whole, in
      // the wood the visitor was looking at.
      const firstStyles = !correction && job.styles.length > 1 && job.styles.includes(DEFAULT_WOOD_STYLE) ? [DEFAULT_WOOD_STYLE] : job.styles;
      const laterStyles = job.styles.filter((style) => !firstStyles.includes(style));
      const result = await deps.engine.visualize(photo, { styles: firstStyles, taps: job.taps, keepRugs: rugs !== 'replace', floor });
      stages.end('woods');
      // The full pictures and the floor's outline are uploaded while the web copies, which the page fetches first,
      // are made: an upload is a round trip that the copies' encoding need not wait for. All are stored before any
      // link is signed. The photo as shown (its JPEG) and both rug choices' floors (three PNGs) are encoded and
      // stored here too, beside the copies, not before the floor and after the links as they were: libvips makes
      // the copies one size after another, leaving a core, and the floor's network phase and the woods leave none
      // (decision 028, session 19: the 1600 px photo's first render 25-60 ms sooner).
      const stylePaths = pathsOfRenders(job, result.renders);
      const maskPath = floorMaskPath(requestId, job.renderNumber);
      // `floor.mask` is the chosen floor; with the rugs replaced, the kept-rugs floor is `keptRugsMask`.
      const rugFloors =
        floor?.rugsReplacedMask && floor.scene && rugs
          ? { ...floor, keep: floor.keptRugsMask ?? floor.mask, replace: floor.rugsReplacedMask, scene: floor.scene }
          : undefined;
      const stored = Promise.all([
        storeRenders(job, result.renders),
        encodeFloorMask(result).then((png) => deps.storage.save(maskPath, png, 'image/png')),
        correction ? undefined : encodeJpeg(photo).then((jpeg) => deps.storage.save(originalImagePath(requestId), jpeg, 'image/jpeg')),
        rugFloors && storeRugChoiceFloors(deps.storage, requestId, job.renderNumber, rugFloors),
      ]);
      // Awaited below, after the copies; a failure of the copies first must not leave it an unhandled rejection.
      stored.catch(() => undefined);
      const renderCopies = storeCopiesOfRenders(result.renders, stylePaths);
      renderCopies.catch(() => undefined);
      // Worked out on this thread (20-30 ms) while libvips makes the copies.
      const rugShare = rugFloors ? describeRugCovering({ ...rugFloors, mask: rugFloors.keep }).coveringShare : null;
      const renditionPaths: Record<string, StoredCopies> = {};
      if (originalCopies) renditionPaths[ORIGINAL_RENDITIONS] = await originalCopies;
      Object.assign(renditionPaths, await renderCopies);
      stages.end('copies');
      await stored;
      stages.end('store');
      // Private files, public links: each signed until the retention job deletes the files (decision 022). A
      // correction signs its new files with the same end, and keeps the original's links.
      const linksEnd = visualizerImagesExpireAt(row.created_at);
      const links = await deps.storage.links([...(correction ? [] : [originalImagePath(requestId)]), ...Object.values(stylePaths), maskPath, ...copyPaths(renditionPaths)], linksEnd);
      stages.end('links');
      const originalImageUrl = correction ? row.original_image_url! : links[originalImagePath(requestId)]!;
      const styleImageUrls = signedStyles(stylePaths, links);
      const processedImageUrl = styleImageUrls[DEFAULT_WOOD_STYLE] ?? Object.values(styleImageUrls)[0]!;
      const floorMaskUrl = links[maskPath]!;
      const imageRenditions: ImageRenditions = {
        ...(correction && row.image_renditions[ORIGINAL_RENDITIONS] ? { [ORIGINAL_RENDITIONS]: row.image_renditions[ORIGINAL_RENDITIONS] } : {}),
        ...signedCopies(renditionPaths, links),
      };
      const rugChoice: RenderedImages['rugChoice'] = rugFloors && rugs ? rugs : null;
      const images = {
        originalImageUrl,
        processedImageUrl,
        styleImageUrls,
        imageRenditions,
        renderNumber: job.renderNumber,
        floorMaskUrl,
        floorShare: floorShare(result),
        rugChoice,
        rugShare,
        ...(laterStyles.length > 0 ? { stylesComing: laterStyles } : {}),
      };
      const written = correction ? await deps.repository.markCorrectionRendered(requestId, images) : await deps.repository.markCompleted(requestId, images);
      deps.renderFinished?.finished(requestId);
      stages.end('row');
      await dropUpload();
      log(`request=${requestId} render ${job.renderNumber} done in ${Math.round(performance.now() - startedAt)}ms`);
      if (written && laterStyles.length > 0) {
        // The same floor, so the later woods match the default's; an engine that cannot take a floor finds its own.
        await layLaterStyles(job, photo, laterStyles, { floor: floor ?? result, keepRugs: rugs !== 'replace', first: result, email: row.email }, linksEnd, stages);
      }
      // The render's last line (the phone bench and production-install read it): every stage, the later woods' too.
      log(`request=${requestId} render ${job.renderNumber} stages: ${stages.describe()}`);
    } catch (error) {
      if (error instanceof PhotoRejectedError) {
        await fail(error.message, 'another_photo');
        log(`request=${requestId} photo refused: ${error.message}`);
        await dropUpload();
        return;
      }
      const attempt = `attempt ${helpers.job.attempts} of ${helpers.job.max_attempts}`;
      log(`request=${requestId} render ${job.renderNumber} ${attempt} failed: ${describeError(error)}`);
      if (helpers.job.attempts < helpers.job.max_attempts) throw new JobAttemptFailed(describeError(error), { cause: error });
      await fail(FAILURE_REASONS.renderFailed, 'try_again');
      await dropUpload();
    }
  }
}
