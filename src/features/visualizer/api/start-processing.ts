import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  WEBHOOK_REFUSAL,
  WEBHOOK_REQUEST_ID_HEADER,
  visualizerWebhookCompletedReplySchema,
  visualizerWebhookPayloadSchema,
  visualizerWebhookProcessingReplySchema,
} from '@contracts/visualizer-webhook';
import type { PictureRenditions } from '@contracts/image-renditions';
import { getSiteEnv } from '@/lib/env';
import { answerDeadline } from '@/lib/answer-deadline';
import { pageTexts } from '@/content/spec-texts';
import { preparePhotoAhead } from '../utils/prepare-photo-ahead';
import { webhookBody, type WireBody } from '../utils/webhook-body';
import { getVisualizerRequest, POLL_INTERVAL_MS, VisualizerRequestNotFound } from './get-visualizer-request';

/** How much of the webhook's body the browser has sent so far. */
export type UploadProgress = { sentBytes: number; totalBytes: number };

export type StartProcessingInput = {
  requestId: string;
  name: string;
  email: string;
  file: File;
  /**
   * The request was sent before, and the visitor left it (Back while its floor was laid, decision 056): an earlier
   * send may yet be taken first, so a refusal of this one with the row moved on is followed, as after a lost call.
   */
  resent?: boolean;
  /** Called as the photo goes out (XMLHttpRequest's upload progress), and once all of it is sent. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Aborted when the visitor leaves the visualizer: the upload stops and the answer is no longer awaited, as when a
   * tab is closed (the call then ends as WebhookUnanswered). A photo all out is rendered all the same.
   */
  signal?: AbortSignal;
};

/**
 * The processor's answer: 200 when the render finished within its wait (20 s by default, VISUALIZER_SYNC_REPLY_MS),
 * 202 when it goes on in the background.
 * Either carries the visitor's correction token ("Fix the floor"); a webhook that answers anything else just
 * gives no token, and the page offers no fixing.
 */
const webhookReplySchema = z.union([visualizerWebhookCompletedReplySchema, visualizerWebhookProcessingReplySchema]);

export type WebhookReply = {
  correctionToken: string | null;
  /** The copies of the pictures the result opens on, when the answer is the finished render (fetched ahead). */
  firstPictures: { processed?: PictureRenditions; original?: PictureRenditions };
};

/**
 * The webhook gave no answer the page can trust: a 5xx (the processor restarting under the gateway, a proxy's
 * 502) or a connection that dropped. The photo may well have arrived and its render be queued (issue 27: the
 * row completed 33 s after such a 502), so the page follows the row instead of showing an error at once.
 */
export class WebhookUnanswered extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : pageTexts.visualizer.processingFailure, { cause });
    this.name = 'WebhookUnanswered';
  }
}

/**
 * An answer that says the call was lost on the way, not that the render failed: a 5xx (a gateway or host whose
 * processor died under it: SIGKILL, out of memory, a restart) or a connection that broke after the whole photo went
 * out. Whether the processor kept the photo, only the row can tell: `startProcessing` reads it and sends the photo
 * again while it is still pending (RESEND_PAUSES_MS).
 */
export class WebhookLost extends WebhookUnanswered {
  constructor(cause: unknown) {
    super(cause);
    this.name = 'WebhookLost';
  }
}

/**
 * The upload stopped: no byte of the photo went out for `UPLOAD_STALL_MS`, or the connection broke, while some of it
 * was still to send; or none of it went out at all (the webhook's host refused the connection, or took it and never
 * answered), and the row is still pending. The processor cannot have the photo (its body is incomplete), so no
 * render can come of this request and the page says so and offers to send it again. Once every byte is out, waiting
 * for the answer is the deadline's business.
 */
export class UploadStalled extends Error {
  constructor() {
    super('The photo stopped sending');
    this.name = 'UploadStalled';
  }
}

/**
 * Every send of the photo was lost and its row is still pending (decision 016, items 23 and 26): the visitor is told
 * in the spec's words for a webhook that is not ok ("Failed to process your image. Please try again."), and the page
 * keeps the request, so their next "Process Image" resumes it under its id rather than leave it pending beside a new
 * one (decision 016, item 26).
 */
export class EverySendLost extends Error {
  constructor(readonly requestId: string) {
    super(pageTexts.visualizer.processingFailure);
    this.name = 'EverySendLost';
  }
}

/**
 * No upload progress for this long, once the upload has begun and with bytes still to send, is a stalled upload
 * (a phone that lost its signal). A phone on slow 4G sends a progress event every fraction of a second. No byte out
 * this long after the call began is one too (a processor that is stopped: its host takes the connection, and the
 * preflight, then the photo, wait unanswered), once the row says the photo has not reached the processor: making
 * the connection and the preflight take a few round trips, a second or two on slow 4G.
 */
export const UPLOAD_STALL_MS = 20_000;

/**
 * How long the page waits for the webhook's answer to a body of `bodyBytes`. The processor drops an upload that
 * arrives slower than 8 KiB/s on average (after a grace of 15 s) and answers within 20 s of the last byte (it replies
 * 202 while the render goes on), so any upload it would take is answered well within this; past it, a proxy or the
 * processor has stalled, and the page treats the call as unanswered and follows the row (WebhookUnanswered), as it
 * does after a dropped connection, instead of "Sending your photo" for as long as the page is open.
 */
/**
 * The pauses before each new send of the photo after a lost call whose row is still pending (decision 016, item 23).
 * A processor killed after the photo reached it and before it was stored keeps nothing of it: its row stays pending,
 * and the page, following the row, said "Photo sent. Your render starts in a moment." for the spec's 30 reads (5
 * minutes), then the spec's timeout. A supervised processor is back within seconds (the local stack's in 3.5 s at
 * load 10); the page holds the photo, so it sends it again under the same id, which the processor takes for a pending
 * row. After the last (about 17 s and four sends), the visitor is told at once with the spec's processing failure:
 * back to their details, photo kept, "Process Image" to send again.
 */
export const RESEND_PAUSES_MS = [2_000, 5_000, 10_000] as const;

/**
 * How long the answer is still awaited once the row reads `completed` while it is: the call that rendered it answers
 * within moments of writing it (with the visitor's correction token), but a send made again that waits in the
 * processor's line while the first call's render completed the row answers only 409 when its turn comes, after up to
 * its deadline (60 s and the upload's time): the result, there all along, stood behind "Photo sent" meanwhile.
 */
export const ANSWER_AFTER_COMPLETED_ROW_MS = 2_000;

export const WEBHOOK_MIN_BYTES_PER_SECOND = 8 * 1024;
export const WEBHOOK_ANSWER_SLACK_MS = 60_000;
export function webhookAnswerDeadlineMs(bodyBytes: number): number {
  return WEBHOOK_ANSWER_SLACK_MS + Math.ceil((bodyBytes / WEBHOOK_MIN_BYTES_PER_SECOND) * 1000);
}

/**
 * Spec call 8: POST the photo (as a data URL) with the request id, name and e-mail to the webhook. The photo is
 * the page's own upright, scaled JPEG without metadata when the browser can decode it (preparePhoto, begun when
 * the photo was chosen: preparePhotoAhead); the payload
 * is checked against the schema the processor uses, so a bad payload fails here, not over the wire. Only whether
 * the reply is ok matters; the page learns the outcome by reading the row. A 4xx is a refusal unless the row says why
 * it failed; a 5xx or a dropped connection is WebhookUnanswered (after the photo is sent again while the row is still
 * pending: RESEND_PAUSES_MS, then the spec's processing failure); an upload that stops moving, or whose connection
 * drops mid-photo, is UploadStalled. A row that fails while the answer is awaited ends the wait, as one that
 * completes does (ANSWER_AFTER_COMPLETED_ROW_MS later).
 */
export async function startProcessing({
  requestId,
  name,
  email,
  file,
  resent = false,
  onUploadProgress,
  signal,
}: StartProcessingInput): Promise<WebhookReply> {
  // Usually ready: the page began preparing it when the photo was chosen.
  const photo = await preparePhotoAhead(file);
  const payload = visualizerWebhookPayloadSchema.parse({
    requestId,
    name,
    email,
    imageBase64: photo.dataUrl,
    fileName: file.name || 'photo',
  });

  const body = await webhookBody(payload, photo);
  for (let resends = 0; ; resends += 1) {
    try {
      return await sendPhoto(requestId, body, signal, onUploadProgress, resent || resends > 0);
    } catch (error) {
      if (!(error instanceof WebhookLost) || signal?.aborted) throw error;
      // A row that moved on (the render queued, or failed with its reason) or cannot be read is followed, as before.
      if (!(await rowIsPending(requestId))) throw error;
      const pause = RESEND_PAUSES_MS[resends];
      if (pause === undefined) throw new EverySendLost(requestId);
      // The photo is to go out again: "Photo sent. Finding the floor ..." stood through the pause, of a photo lost.
      onUploadProgress?.({ sentBytes: 0, totalBytes: body.size });
      await pauseUnlessLeft(pause, signal);
    }
  }
}

/** Waits `ms`, or rejects as an unanswered call once the visitor leaves (nothing more is said then). */
function pauseUnlessLeft(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onLeft = () => {
      clearTimeout(timer);
      reject(new WebhookUnanswered(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onLeft);
      resolve();
    }, ms);
    if (signal?.aborted) onLeft();
    else signal?.addEventListener('abort', onLeft, { once: true });
  });
}

/**
 * One send of the photo and its answer. `resent`: an earlier send of this request was lost, and may yet have been
 * taken (a proxy's 502 for a call the processor went on with): its render queued first, this send is refused (409)
 * and the row, moved on, is followed.
 */
async function sendPhoto(
  requestId: string,
  body: WireBody,
  signal: AbortSignal | undefined,
  onUploadProgress: ((progress: UploadProgress) => void) | undefined,
  resent: boolean,
): Promise<WebhookReply> {
  const deadline = answerDeadline(webhookAnswerDeadlineMs(body.size));
  // Ends the call early: the deadline, or the row failed while its answer was awaited (watchRow below).
  const stop = new AbortController();
  const onDeadline = () => stop.abort(deadline.signal.reason);
  deadline.signal.addEventListener('abort', onDeadline, { once: true });
  const onLeft = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onLeft, { once: true });
  if (signal?.aborted) onLeft();
  // Once every byte is out, the row is read every 10 s (the spec's poll interval) while the answer is awaited: a
  // photo the processor never received in full (an upload the phone's buffers took and the network lost, a
  // connection left open with nothing arriving) ends with the row failed, "No photo was received for this request."
  // (the processor cuts such an upload after 30 s of nothing), and an answer that is lost with it would otherwise
  // keep "Photo sent" on screen until the deadline, then the spec's 30 reads: 5 minutes.
  // The row failed (with its reason) or completed while the answer was awaited: the page follows it instead.
  let rowEnded = false;
  let awaitingAnswer = true;
  let rowCheck: ReturnType<typeof setTimeout> | undefined;
  const watchRow = () => {
    rowCheck = setTimeout(async () => {
      if (stop.signal.aborted || !awaitingAnswer) return;
      const ended = await rowHasEnded(requestId);
      // The answer may have come while the row was read: the wait is over, and no next read may be set.
      if (!awaitingAnswer) return;
      const endWait = () => {
        rowEnded = true;
        stop.abort();
      };
      if (ended === 'failed') endWait();
      // The call that rendered it answers in a moment, with the correction token: it is given that moment.
      else if (ended === 'completed') rowCheck = setTimeout(endWait, ANSWER_AFTER_COMPLETED_ROW_MS);
      else watchRow();
    }, POLL_INTERVAL_MS);
  };
  const onProgress = (progress: UploadProgress) => {
    if (progress.sentBytes >= progress.totalBytes && rowCheck === undefined) watchRow();
    onUploadProgress?.(progress);
  };
  try {
    const response = await postWithUploadProgress(
      getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL,
      requestId,
      body,
      stop.signal,
      onProgress,
      () => photoNotReceived(requestId),
    );
    if (response.status >= 500) throw new WebhookLost(new Error(pageTexts.visualizer.processingFailure));
    if (resent && response.status === WEBHOOK_REFUSAL.status && (await rowHasMovedOn(requestId)))
      return { correctionToken: null, firstPictures: {} };
    // Our processor's 4xx is not always a refusal of the call: the render ran within the webhook's wait and failed
    // (422: a photo too small, not a photo, damaged), the payload was one it cannot use (400, 413), the photo never
    // arrived in full (408), and it wrote the reason for the visitor on the row first. Then the row is followed as
    // after a 202, so the page shows that reason with "Choose another photo", as when the render fails later; the
    // spec's default "Failed to process your image. Please try again." sent the visitor back to send the same photo,
    // to fail again. Any other not-ok answer, a 4xx with no reason on the row included, raises the spec's error.
    if (response.status >= 400 && response.status <= 499 && (await rowSaysWhyItFailed(requestId)))
      return { correctionToken: null, firstPictures: {} };
    if (response.status < 200 || response.status > 299) throw new Error(pageTexts.visualizer.processingFailure);

    const reply = webhookReplySchema.safeParse(parseJson(response.text));
    if (!reply.success) return { correctionToken: null, firstPictures: {} };
    const firstPictures =
      reply.data.status === 'completed'
        ? { processed: reply.data.processedImageRenditions, original: reply.data.originalImageRenditions }
        : {};
    return { correctionToken: reply.data.correctionToken, firstPictures };
  } catch (error) {
    // The row says why, or has the result: the page follows it and shows either, as after a refusal with a reason.
    if (rowEnded) return { correctionToken: null, firstPictures: {} };
    throw error;
  } finally {
    awaitingAnswer = false;
    clearTimeout(rowCheck);
    deadline.signal.removeEventListener('abort', onDeadline);
    signal?.removeEventListener('abort', onLeft);
    deadline.clear();
  }
}

/**
 * Nothing says the processor has the photo: its row is still pending (the processor moves it on once it has the
 * whole photo), or cannot be read. Asked when the browser saw none of the photo go out; a photo that reached the
 * processor all the same (a proxy in the way that reports nothing, Playwright's request interception in the
 * end-to-end tests) has its row processing, completed or failed, and is followed as before.
 */
async function photoNotReceived(requestId: string): Promise<boolean> {
  try {
    return (await getVisualizerRequest(requestId)).status === 'pending';
  } catch {
    return true;
  }
}

/**
 * No render was queued for the request: its row is pending, or not there yet (the page inserts it beside the photo,
 * and a processor that died while it waited for the row answered first: seen end to end). False if the row moved on
 * or cannot be read.
 */
async function rowIsPending(requestId: string): Promise<boolean> {
  try {
    return (await getVisualizerRequest(requestId)).status === 'pending';
  } catch (error) {
    return error instanceof VisualizerRequestNotFound;
  }
}

/** The request's row is past pending (its render queued, done, or failed); false if pending or unreadable. */
async function rowHasMovedOn(requestId: string): Promise<boolean> {
  try {
    return (await getVisualizerRequest(requestId)).status !== 'pending';
  } catch {
    return false;
  }
}

/**
 * The request's row is failed with a reason written for the visitor, or completed with its result; null if neither,
 * or it cannot be read.
 */
async function rowHasEnded(requestId: string): Promise<'failed' | 'completed' | null> {
  try {
    const row = await getVisualizerRequest(requestId);
    if (row.status === 'failed' && row.failure_reason !== null) return 'failed';
    return row.status === 'completed' && row.processed_image_url ? 'completed' : null;
  } catch {
    return null;
  }
}

/** The request's row is failed with a reason written for the visitor; false if it is not, or cannot be read. */
async function rowSaysWhyItFailed(requestId: string): Promise<boolean> {
  try {
    const row = await getVisualizerRequest(requestId);
    return row.status === 'failed' && row.failure_reason !== null;
  } catch {
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POSTs the JSON body with XMLHttpRequest, the one browser API that reports how much of a request body has gone
 * out (fetch has no upload progress over HTTP/1.1). Resolves with the status and text of any answer; rejects with
 * WebhookUnanswered when no answer comes (a dropped connection, the deadline) and UploadStalled when the body stops
 * moving, or its connection drops, before it is all sent, or when none of it has gone out (the connection refused,
 * or nothing out for UPLOAD_STALL_MS) and `notReceived` says the processor does not have it either.
 */
function postWithUploadProgress(
  url: string,
  requestId: string,
  body: WireBody,
  signal: AbortSignal,
  onUploadProgress: (progress: UploadProgress) => void,
  notReceived: () => Promise<boolean>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let settled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let uploaded = false;
    // The body began to go out and some of it was still to send: a connection that breaks now broke mid-photo.
    let partlySent = false;
    // Some of the body was seen going out (a progress event with bytes, or the upload's end).
    let anyOut = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    // Without one byte seen out, the processor cannot have the photo, unless its row says it has (see notReceived):
    // Chromium reports no upload progress for a refused connection, nor while a stopped processor's preflight waits,
    // and none either for a call Playwright intercepts. Pending, it is a failed send, told at once; the row read
    // takes one round trip. Before, the page followed the row for the spec's 30 reads (5 minutes) after the
    // answer's deadline (about a minute and a half), saying "Waiting for our visualizer to answer." throughout.
    const failIfNotReceived = (otherwise: () => void) =>
      void notReceived().then((stillPending) => {
        if (settled || anyOut) return;
        if (!stillPending) return otherwise();
        finish(() => reject(new UploadStalled()));
        request.abort();
      });
    const watchForStall = () => {
      clearTimeout(stallTimer);
      if (uploaded) return;
      stallTimer = setTimeout(() => {
        finish(() => reject(new UploadStalled()));
        request.abort();
      }, UPLOAD_STALL_MS);
    };
    const onAbort = () => {
      finish(() => reject(new WebhookUnanswered(signal.reason)));
      request.abort();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);

    request.open('POST', url);
    request.setRequestHeader('Content-Type', 'application/json');
    if (body.encoding) request.setRequestHeader('Content-Encoding', body.encoding);
    // Arrives before the body, so the processor can fail the row if the body never does (WEBHOOK_REQUEST_ID_HEADER).
    request.setRequestHeader(WEBHOOK_REQUEST_ID_HEADER, requestId);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      const totalBytes = event.lengthComputable ? event.total : body.size;
      onUploadProgress({ sentBytes: Math.min(event.loaded, totalBytes), totalBytes });
      // An event with no byte out yet leaves the watch for the first byte running.
      if (event.loaded === 0) return;
      partlySent = event.loaded < totalBytes;
      anyOut = true;
      watchForStall();
    });
    request.upload.addEventListener('load', () => {
      uploaded = true;
      anyOut = true;
      clearTimeout(stallTimer);
      onUploadProgress({ sentBytes: body.size, totalBytes: body.size });
    });
    request.addEventListener('load', () =>
      finish(() => resolve({ status: request.status, text: request.responseText })),
    );
    // A connection that breaks with part of the photo still to send (a phone losing its signal, the browser's own
    // retry failing too) is a stalled upload, known at once: the processor cannot have the photo, and the row,
    // which only it moves on, stays pending, so following it kept "Photo sent. Your render starts in a moment."
    // on screen for the spec's 30 reads (5 minutes) before a timeout. Broken after the last byte, the photo may
    // have arrived and the row is followed (issue 27).
    request.addEventListener('error', () => {
      const networkError = new TypeError('Network error: the webhook could not be reached');
      const unanswered = () => finish(() => reject(new WebhookUnanswered(networkError)));
      if (partlySent && !uploaded) finish(() => reject(new UploadStalled()));
      else if (!anyOut) failIfNotReceived(unanswered);
      else finish(() => reject(new WebhookLost(networkError)));
    });
    request.addEventListener('abort', () => finish(() => reject(new WebhookUnanswered(signal.reason))));
    request.addEventListener('timeout', () => finish(() => reject(new WebhookUnanswered(signal.reason))));
    request.send(body.data);
    // Until the first bytes are out the connection is being made: nothing out after UPLOAD_STALL_MS, with the row
    // pending, is a failed send; with the row moved on, the processor has the photo and its answer is awaited.
    stallTimer = setTimeout(() => failIfNotReceived(() => undefined), UPLOAD_STALL_MS);
    // The photo is ready and going out: said so at once. Until the first progress event (a processor or proxy that
    // does not answer the connection holds it back: 60 s and more) the step said "Getting your photo ready to send."
    onUploadProgress({ sentBytes: 0, totalBytes: body.size });
  });
}

export function useStartProcessing() {
  return useMutation({ mutationFn: startProcessing });
}
