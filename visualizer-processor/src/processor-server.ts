import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { isIPv6 } from 'node:net';
import { gunzip } from 'node:zlib';
import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  MAX_WEBHOOK_REFUSALS_PER_HOUR,
  WEBHOOK_REFUSAL,
  WEBHOOK_REQUEST_ID_HEADER,
  decodedBase64Length,
  visualizerCorrectionPayloadSchema,
  visualizerRugChoicePayloadSchema,
  visualizerWoodChoicePayloadSchema,
  visualizerWithdrawalPayloadSchema,
  WITHDRAWN_REASON,
  visualizerWebhookPayloadSchema,
  type VisualizerWebhookReply,
} from '../../contracts/visualizer-webhook.ts';
import { DEFAULT_WOOD_STYLE, type WoodStyleId } from '../../contracts/wood-styles.ts';
import { ORIGINAL_RENDITIONS } from '../../contracts/image-renditions.ts';
import { describeError } from '../../job-queue/redact.ts';
import { UNSUBSCRIBE_PATH } from '../../contracts/unsubscribe-link.ts';
import { handleUnsubscribe, type UnsubscribeEndpoint } from './email-unsubscribe.ts';
import { hangUpAfterReply } from './hang-up-after-reply.ts';
import type { RenderFinishedSignal } from './render-finished.ts';
import { firstRenderJob } from './render-job.ts';
import { STORED_PHOTO_ORPHANED_AFTER_MS } from './take-over-stored-photos.ts';
import type { UploadStore } from './upload-store.ts';
import { FAILURE_REASONS } from './visitor-failure-reasons.ts';
import type { VisualizerRequestRepository, VisualizerRequestRow } from './visualizer-request-repository.ts';

/** A 10 MB image is about 13.4 MB as base64; the rest is JSON and slack. */
export const MAX_BODY_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;

export interface ProcessorDependencies {
  repository: VisualizerRequestRepository;
  uploads: UploadStore;
  /** Reported by /health. */
  engineName: string;
  /** `GET /healthz`: 200 when the database, the job queue and storage can take an upload, 503 otherwise (what a host probes; not logged). */
  healthCheck?: () => Promise<{ ok: boolean }>;
  /** `*` or exact origins allowed to call the webhook from a browser. */
  allowedOrigins?: string[];
  /** Reply with the result when the render finishes within this time; otherwise reply 202. */
  syncReplyMs?: number;
  /** How often the row is read while waiting for the render. */
  pollMs?: number;
  /**
   * How long a photo whose row is not there yet waits for it (default 10 s): the page sends the photo beside the
   * row's insert, not after it (decision 025, session 20), so on a fast line the photo can arrive first. Past it the
   * call is refused as for an unknown id. Short: the wait holds an upload slot, as a slow upload does for its grace.
   */
  rowWaitMs?: number;
  /** Wakes that wait as soon as this process's render job has written the row (main.ts gives both the same). */
  renderFinished?: RenderFinishedSignal;
  /**
   * Uploads read into memory at once (each up to ~14 MB of JSON). Further requests wait, unread, in the
   * kernel's socket buffers: the bound on this service's memory for any number of simultaneous uploads.
   */
  maxUploadsInFlight?: number;
  /**
   * The slowest upload kept, in bytes per second on average once `uploadGraceMs` have passed. An upload slot
   * is held while the body arrives, so without a floor four connections sending a byte every few seconds
   * would hold every slot and stall every visitor's upload. 8 KiB/s is a 64 kbit/s link: a photo of a few
   * megabytes still arrives on the worst mobile connection that can load the page.
   */
  minUploadBytesPerSecond?: number;
  uploadGraceMs?: number;
  /**
   * Upload slots one client address may hold at once (default 2): a client that opens many slow uploads waits
   * for its own slots and leaves the rest to other visitors. Its further uploads wait, unread, like any other.
   */
  maxUploadsPerClient?: number;
  /**
   * The header naming the client's address, as the throttle reads it (decision 005): its last entry counts. A
   * request without it is counted by the address that connected; `''` always counts that address (a processor
   * that faces the internet with no proxy in front, where any header is the client's own writing).
   */
  clientAddressHeader?: string;
  /** A request's headers must all arrive within this (default 20 s). */
  headersTimeoutMs?: number;
  /** An upload that sends nothing for this long is cut off with 408 (default 30 s). */
  uploadIdleMs?: number;
  /**
   * How long the row of a call that went half-way stays pending for the browser's own resend (default 10 s): one
   * whose reused connection broke before any answer is sent again at once, photo and all (Chromium does, POST too).
   */
  resendGraceMs?: number;
  /**
   * A request, headers and body, must have arrived within this (default 10 minutes) however it trickles, time
   * spent waiting for an upload slot included; Node answers 408 and closes the connection.
   */
  requestTimeoutMs?: number;
  /** Styles the first render makes; the default style is always among them. */
  renderStyles?: readonly WoodStyleId[];
  /**
   * `GET`/`POST /unsubscribe`: the marketing e-mails' unsubscribe link (email-unsubscribe.ts), with the business its
   * page names; 404 without it.
   */
  unsubscribes?: UnsubscribeEndpoint;
  log?: (line: string) => void;
}

export interface ProcessorServer {
  server: http.Server;
  /** Resolves when no webhook call is in progress. */
  whenIdle(): Promise<void>;
}

/** The client hung up before its body was all there: nothing to answer. */
class ClientGone extends Error {
  constructor() {
    super('The client went before its upload ended.');
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const identitySchema = visualizerWebhookPayloadSchema.pick({ requestId: true, name: true, email: true, fileName: true });

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request body is invalid.';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

function sameIdentity(row: VisualizerRequestRow, name: string, email: string): boolean {
  return row.customer_name.trim() === name.trim() && row.email.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Upload slots: at most `size` holders at once and at most `perClient` per client address; the rest wait in
 * arrival order, each for a slot its own address may take. A waiter whose client goes is dropped from the line,
 * so a connection that was abandoned while it waited never takes a slot at all.
 */
function createUploadSlots(size: number, perClient: number) {
  let free = size;
  const held = new Map<string, number>();
  const waiting: { client: string; grant: () => void }[] = [];
  const mayTake = (client: string) => free > 0 && (held.get(client) ?? 0) < perClient;
  const take = (client: string) => {
    free--;
    held.set(client, (held.get(client) ?? 0) + 1);
  };
  const giveBack = (client: string) => {
    free++;
    const left = (held.get(client) ?? 1) - 1;
    if (left > 0) held.set(client, left);
    else held.delete(client);
    const next = waiting.findIndex((waiter) => mayTake(waiter.client));
    if (next >= 0) waiting.splice(next, 1)[0]?.grant();
  };
  return {
    /** Resolves with the slot's release once it is this client's turn, or with null if `gone` fired first. */
    acquire(client: string, gone: AbortSignal): Promise<(() => void) | null> {
      if (gone.aborted) return Promise.resolve(null);
      const release = () => {
        let released = false;
        return () => {
          if (released) return;
          released = true;
          giveBack(client);
        };
      };
      if (mayTake(client)) {
        take(client);
        return Promise.resolve(release());
      }
      return new Promise((resolve) => {
        const waiter = {
          client,
          grant: () => {
            gone.removeEventListener('abort', leave);
            take(client);
            resolve(release());
          },
        };
        const leave = () => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          resolve(null);
        };
        gone.addEventListener('abort', leave, { once: true });
        waiting.push(waiter);
      });
    },
  };
}

/**
 * Fires when the client has gone before its request body was all there: it hung up, or its connection broke.
 * Listened for from the moment the request arrives, so a client that goes while its upload waits for a slot is
 * seen too (the events have passed by the time the body would be read).
 */
function whenClientGoes(request: http.IncomingMessage, response: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  const { socket } = request;
  const check = () => {
    if (!request.complete) controller.abort();
  };
  request.once('aborted', check);
  request.once('close', check);
  socket.once('close', check);
  // A kept-alive socket carries many requests: each one's listener goes with its answer.
  response.once('close', () => socket.removeListener('close', check));
  if (socket.destroyed) check();
  return controller.signal;
}

/** The client's address by the throttle's rule (decision 005): the named header's last entry, else the connection's. */
function clientAddressOf(request: http.IncomingMessage, header: string): string {
  const named = header ? request.headers[header.toLowerCase()] : undefined;
  const value = Array.isArray(named) ? named.join(',') : named;
  const last = value?.split(',').at(-1)?.trim();
  return last || (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/**
 * Who holds an upload slot (createUploadSlots' `perClient`): an IPv6 address's /64 network, as the write throttle
 * counts it (decision 005), since a single IPv6 host is given a /64 and may send from any address in it; any other
 * address whole. Keyed by the exact address, one host took every slot by sending from two of its addresses.
 */
export function uploadSlotHolder(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  // Groups after '::' sit at the end; the network's four are the first four, which zeros fill when '::' cuts them.
  const groups = tail === undefined ? headGroups : [...headGroups, '0', '0', '0', '0'];
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * How often a row not there yet is looked for (findOrWaitForRow), a read by primary key: every 50 ms for the first
 * second, when the row of a photo that beat its insert comes (two round trips); then less and less often, the pause
 * doubling from 100 ms to 1 s. A made-up id's 10 s wait reads the row about 33 times instead of 200.
 */
const ROW_WAIT_POLL_MS = 50;
const ROW_WAIT_OFTEN_MS = 1000;
const ROW_WAIT_LONGEST_POLL_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The deepest nesting and the most values (a comma each) a webhook body may have. The three calls' bodies are an
 * object of strings, or one holding an array of at most 40 taps of three fields: depth 3, about 160 commas.
 */
const MAX_BODY_DEPTH = 8;
const MAX_BODY_COMMAS = 1000;
export const TOO_INTRICATE = 'The request body is not a visualizer call: it nests too deep or holds too many values.';

/**
 * Whether a body goes beyond MAX_BODY_DEPTH or MAX_BODY_COMMAS, read before JSON.parse. V8 parses deep nesting
 * slowly and all at once: 2 MB of `[` and `]` (2 KB gzipped) held the processor's one thread for 7 s, every visitor's
 * call and render waiting, and the 14 MB a body may be would hold it for minutes with 650 MB. Strings are stepped
 * over with indexOf, so a photo's base64 costs next to nothing; a body that is not JSON is left to JSON.parse.
 */
function tooIntricate(body: Buffer): boolean {
  let depth = 0;
  let commas = 0;
  for (let at = 0; at < body.length; at++) {
    const byte = body[at];
    if (byte === 0x22) {
      // To the closing quote: the next one not escaped (an odd run of backslashes before a quote escapes it).
      for (;;) {
        const end = body.indexOf(0x22, at + 1);
        if (end < 0) return false;
        let backslashes = 0;
        while (body[end - 1 - backslashes] === 0x5c) backslashes++;
        at = end;
        if (backslashes % 2 === 0) break;
      }
    } else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > MAX_BODY_DEPTH) return true;
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--;
    } else if (byte === 0x2c && ++commas > MAX_BODY_COMMAS) {
      return true;
    }
  }
  return false;
}

export const NOT_SENT_AS_JSON = 'The request must be sent as JSON (Content-Type: application/json).';

/**
 * Whether a webhook call says its body is JSON. Only such a call makes a browser ask the processor first (a CORS
 * preflight), so only then does ALLOWED_ORIGINS decide which pages may send it: a page on any other site can post
 * `text/plain`, a form's encodings or no type at all without asking, and the processor parsed any body as JSON, so
 * such a page could post a photo from its visitor's browser (it could only not read the answer). The site, the
 * corrections and the deployment check all send `application/json`.
 */
function sentAsJson(request: http.IncomingMessage): boolean {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * The webhook (spec call 8). It validates the payload against the request row, stores the photo durably in
 * private storage, and queues its render (the row turns `processing` in the same transaction). Then it waits
 * a few seconds for the render: 200 with both URLs if it finished, 422 with the reason if the photo was
 * refused, otherwise 202 while the queue carries on. Nothing about the render lives in this process's memory.
 */
export function createProcessorServer(deps: ProcessorDependencies): ProcessorServer {
  const allowedOrigins = deps.allowedOrigins ?? ['*'];
  const log = deps.log ?? ((line: string) => console.log(line));
  const uploadSlots = createUploadSlots(deps.maxUploadsInFlight ?? 4, deps.maxUploadsPerClient ?? 2);
  const minUploadBytesPerSecond = deps.minUploadBytesPerSecond ?? 8 * 1024;
  const uploadGraceMs = deps.uploadGraceMs ?? 15_000;
  const uploadIdleMs = deps.uploadIdleMs ?? 30_000;
  const resendGraceMs = deps.resendGraceMs ?? 10_000;
  /** Read at each call, as syncReplyMs is (a test may change it between calls). */
  const rowWaitMs = () => deps.rowWaitMs ?? 10_000;
  /** How many calls naming each request in their header are being handled now (handleWebhook). */
  const namedCallsNow = new Map<string, number>();
  const clientAddressHeader = deps.clientAddressHeader ?? 'cf-connecting-ip';
  const styles = [...new Set<WoodStyleId>([DEFAULT_WOOD_STYLE, ...(deps.renderStyles ?? [])])];
  const inProgress = new Set<Promise<unknown>>();

  function corsHeaders(request: http.IncomingMessage): Record<string, string> {
    const origin = request.headers.origin;
    const headers: Record<string, string> = { vary: 'Origin' };
    if (allowedOrigins.includes('*')) headers['access-control-allow-origin'] = '*';
    else if (origin && allowedOrigins.includes(origin)) headers['access-control-allow-origin'] = origin;
    return headers;
  }

  function sendJson(request: http.IncomingMessage, response: http.ServerResponse, status: number, body: VisualizerWebhookReply | Record<string, unknown>): void {
    if (response.headersSent) return;
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...corsHeaders(request) });
    response.end(JSON.stringify(body));
  }

  /** The request's body as sent (plain, or gzip as the page sends it: Content-Encoding), at most MAX_BODY_BYTES. */
  async function readBody(request: http.IncomingMessage, gone: AbortSignal): Promise<Buffer> {
    const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== 'gzip') {
      throw new HttpError(415, 'The request body must be plain or gzip-compressed JSON.');
    }
    const wire = await readWireBody(request, gone);
    return encoding === 'gzip' ? decompress(wire) : wire;
  }

  /**
   * A gzip body (the page compresses the photo's base64 text, about a quarter smaller on a phone's upload),
   * decompressed to at most MAX_BODY_BYTES: a small body that would inflate beyond it is refused as too large
   * without ever being held whole.
   */
  function decompress(wire: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      gunzip(wire, { maxOutputLength: MAX_BODY_BYTES }, (error, body) => {
        if (!error) return resolve(body);
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          return reject(new HttpError(413, 'The request is too large: the image must be at most 10 MB.'));
        }
        reject(new HttpError(400, 'The request body could not be decompressed.'));
      });
    });
  }

  /**
   * Reads the body as it comes over the wire, up to MAX_BODY_BYTES; beyond that it stops reading rather than buffer
   * the rest. A body that trickles in slower than `minUploadBytesPerSecond`, or sends nothing for `uploadIdleMs`,
   * ends the read, so its upload slot goes to the next visitor; a client that goes ends it at once.
   */
  function readWireBody(request: http.IncomingMessage, gone: AbortSignal): Promise<Buffer> {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      return Promise.reject(new HttpError(413, 'The request is too large: the image must be at most 10 MB.'));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const started = Date.now();
      let lastData = started;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearInterval(rateCheck);
        gone.removeEventListener('abort', onGone);
        finish();
      };
      /** Stops reading the rest of the body and answers with `error`. */
      const stopReading = (error: HttpError) => {
        request.pause();
        request.removeAllListeners('data');
        settle(() => reject(error));
      };
      const onGone = () => settle(() => reject(new ClientGone()));
      const rateCheck = setInterval(() => {
        const now = Date.now();
        if (now - lastData >= uploadIdleMs) {
          return stopReading(new HttpError(408, 'The upload stopped arriving. Please try again on a stronger connection.'));
        }
        const elapsed = now - started;
        if (elapsed < uploadGraceMs || size >= (elapsed / 1000) * minUploadBytesPerSecond) return;
        stopReading(new HttpError(408, 'The upload was too slow. Please try again on a stronger connection.'));
      }, Math.min(1000, uploadGraceMs, uploadIdleMs));
      gone.addEventListener('abort', onGone, { once: true });
      if (gone.aborted) return onGone();
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        lastData = Date.now();
        if (size > MAX_BODY_BYTES) return stopReading(new HttpError(413, 'The request is too large: the image must be at most 10 MB.'));
        chunks.push(chunk);
      });
      request.on('end', () => settle(() => resolve(Buffer.concat(chunks))));
      // A connection that broke half-way ('aborted'): the slot is freed at once.
      request.on('error', (error) => settle(() => reject(request.complete ? error : new ClientGone())));
    });
  }

  /**
   * Counts a refusal for a request that exists (a guess at its name and e-mail), then answers the same way
   * whatever the reason was. An unknown id is not counted: a row per made-up id would let anyone grow the
   * table without limit, and there is nothing behind such an id to protect.
   */
  async function refuse(requestId: string, { count = true } = {}): Promise<never> {
    if (count) await deps.repository.recordRefusal(requestId);
    throw new HttpError(WEBHOOK_REFUSAL.status, WEBHOOK_REFUSAL.error);
  }

  /**
   * The request's row, waited for while it is not there yet (rowWaitMs), the upload slot still held: the page
   * inserts the row and sends the photo at once, and on a fast line the whole photo can be here before the insert's
   * answer (two round trips and the data client's work on a slow phone). An id made up costs its caller the wait,
   * in one of its own two upload slots, and one write of its allowance in the write throttle (recordRowlessCall); an
   * address past its allowance is not waited for at all. `client`: the caller's address (clientAddressOf).
   */
  async function findOrWaitForRow(
    requestId: string,
    request: http.IncomingMessage,
    named: string | undefined,
    client: string,
  ): Promise<VisualizerRequestRow | null> {
    const started = Date.now();
    const deadline = started + rowWaitMs();
    let pause = ROW_WAIT_POLL_MS;
    let allowanceAsked = false;
    for (;;) {
      // A caller who hung up after its whole body (a page whose insert failed stops its photo; a made-up id sent and
      // dropped) is not waited for in its upload slot, which goes back now, not at the wait's end. (whenClientGoes'
      // signal does not see it: the body is complete.) Its row, if one comes, fails as a photo that never arrived.
      if (request.socket.destroyed) {
        if (named) failUnlessResent(named);
        throw new ClientGone();
      }
      const row = await deps.repository.find(requestId);
      if (row) return row;
      // Asked once, only of a call whose row is not there at first: a photo that found its row costs nothing more.
      if (!allowanceAsked) {
        allowanceAsked = true;
        if (await callerBeyondAllowance(client)) return null;
      }
      const now = Date.now();
      const left = deadline - now;
      if (left <= 0) {
        await countRowlessCall(client);
        return null;
      }
      // Often at first, as the row is usually a round trip or two away: a fast line's photo is held no longer than that.
      if (now - started >= ROW_WAIT_OFTEN_MS) pause = Math.min(pause * 2, ROW_WAIT_LONGEST_POLL_MS);
      await sleep(Math.min(pause, left));
    }
  }

  /** Whether to skip the wait for a row (findOrWaitForRow); a database that cannot say is no reason to refuse. */
  async function callerBeyondAllowance(client: string): Promise<boolean> {
    try {
      return await deps.repository.isBeyondAllowance(client);
    } catch (error) {
      log(`could not read the write allowance of a webhook caller: ${describeError(error)}`);
      return false;
    }
  }

  /** The refusal is answered whatever becomes of its count (recordRowlessCall). */
  async function countRowlessCall(client: string): Promise<void> {
    try {
      await deps.repository.recordRowlessCall(client);
    } catch (error) {
      log(`could not count a webhook call whose row never came: ${describeError(error)}`);
    }
  }

  async function waitForOutcome(requestId: string): Promise<VisualizerRequestRow | null> {
    const deadline = Date.now() + (deps.syncReplyMs ?? 8000);
    for (;;) {
      const row = await deps.repository.find(requestId);
      if (!row || row.status === 'completed' || row.status === 'failed') return row;
      const left = deadline - Date.now();
      if (left <= 0) return row;
      const pause = Math.min(deps.pollMs ?? 200, left);
      await (deps.renderFinished ? deps.renderFinished.wait(requestId, pause) : sleep(pause));
    }
  }

  /**
   * The photo of the request the call names in its header (WEBHOOK_REQUEST_ID_HEADER) will never arrive: the client
   * went, or its upload stopped arriving. Its row, if still pending, fails with `reason` for the visitor (the 408's
   * own words, else "No photo was received for this request."), so the page that waits for it, or reloads and
   * follows it, says so instead of following a row nobody will take.
   */
  async function failNeverArrived(named: string, reason: string = FAILURE_REASONS.neverArrived): Promise<void> {
    try {
      await deps.repository.markPendingFailed(named, reason, 'try_again');
    } catch (error) {
      // The hour's sweep fails the row anyway (PENDING_DEADLINE_SECONDS); nothing else waits on this.
      log(`could not fail request ${named} whose photo never arrived: ${describeError(error)}`);
    }
  }

  /** The request the call names in its header (WEBHOOK_REQUEST_ID_HEADER), if it names one. */
  function namedRequest(request: http.IncomingMessage): string | undefined {
    const named = visualizerWebhookPayloadSchema.shape.requestId.safeParse(request.headers[WEBHOOK_REQUEST_ID_HEADER]);
    return named.success ? named.data : undefined;
  }

  /**
   * The client went before its photo was all there: the row fails as failNeverArrived says, unless within
   * `resendGraceMs` another call naming the same request is being handled. A browser sends a call again by itself,
   * photo and all, when the reused connection it went on broke before any answer (the preflight's, nearly always);
   * failing the row at once had that resend refused and the visitor told no photo was received.
   */
  function failUnlessResent(named: string): void {
    const check = setTimeout(() => {
      // The resend's own outcome stands: its photo moves the row on, or it fails the row in turn when it goes.
      if (namedCallsNow.has(named)) return;
      const work = failNeverArrived(named);
      inProgress.add(work);
      void work.finally(() => inProgress.delete(work));
    }, resendGraceMs);
    // A processor stopped meanwhile leaves the row to the hour's sweep, as before this header.
    check.unref();
  }

  /**
   * The page inserts the row beside the photo (decision 025, session 20): a photo given up on before its row was
   * there (a 408 within the insert's round trips) would leave the row, inserted after, pending until the hour's
   * sweep, its page following it all that while. So it is failed again once the row has had the time a photo waits
   * for it (rowWaitMs), unless a call naming it is being handled then (markPendingFailed leaves a row that moved on).
   */
  function failOnceItsRowMayBeThere(named: string, reason: string): void {
    const check = setTimeout(() => {
      if (namedCallsNow.has(named)) return;
      const work = failNeverArrived(named, reason);
      inProgress.add(work);
      void work.finally(() => inProgress.delete(work));
    }, rowWaitMs());
    check.unref();
  }

  /**
   * The body, or the reason it will never arrive told to the row the header names, if it names one
   * (failNeverArrived), before the error goes on.
   */
  async function readBodyOrFailRow(request: http.IncomingMessage, gone: AbortSignal, named: string | undefined): Promise<Buffer> {
    try {
      return await readBody(request, gone);
    } catch (error) {
      if (named && error instanceof ClientGone) failUnlessResent(named);
      // The 408's own words say what to do: "The upload was too slow. Please try again on a stronger connection."
      if (named && error instanceof HttpError && error.status === 408) {
        await failNeverArrived(named, error.message);
        failOnceItsRowMayBeThere(named, error.message);
      }
      throw error;
    }
  }

  async function handleWebhook(request: http.IncomingMessage, response: http.ServerResponse): Promise<string | undefined> {
    const named = namedRequest(request);
    if (!named) return handleWebhookCall(request, response, undefined);
    namedCallsNow.set(named, (namedCallsNow.get(named) ?? 0) + 1);
    try {
      return await handleWebhookCall(request, response, named);
    } finally {
      const left = namedCallsNow.get(named)! - 1;
      if (left > 0) namedCallsNow.set(named, left);
      else namedCallsNow.delete(named);
    }
  }

  /** `named`: the request the call names in its header (namedRequest, read once by handleWebhook), if any. */
  /**
   * A fault (a 500) after the call was found to carry the photo of its pending row, before its render was queued:
   * storage refusing the photo, a connection to it or to the database dropped (undici reusing a kept-alive socket the
   * other side had just closed, seen under load). The visitor's page makes a new request to send again, and nothing
   * else would move this row: left `pending`, its page followed it for 5 minutes ("taking longer") and the hour's
   * sweep then failed it as a photo never received. So it fails now, saying so (a row that moved on is left alone).
   */
  async function failAfterFault(requestId: string | undefined, error: unknown): Promise<void> {
    if (!requestId || error instanceof HttpError || error instanceof ClientGone) return;
    try {
      await deps.repository.markPendingFailed(requestId, FAILURE_REASONS.notTaken, 'try_again');
    } catch (failError) {
      log(`could not fail request ${requestId} after a fault: ${describeError(failError)}`);
    }
  }

  async function handleWebhookCall(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    named: string | undefined,
  ): Promise<string | undefined> {
    const gone = whenClientGoes(request, response);
    const client = clientAddressOf(request, clientAddressHeader);
    const release = await uploadSlots.acquire(uploadSlotHolder(client), gone);
    // Gone while it waited: nobody to read from or answer, and no photo to come (unless the browser sends it again).
    if (!release) {
      if (named) failUnlessResent(named);
      return undefined;
    }
    let requestId: string;
    let uploadPath: string;
    /** Set once the row is found pending with this call's name and e-mail: the photo is this row's (failAfterFault). */
    let photoOfRow: string | undefined;
    // Where the call's time went (the log line below): the body's arrival is the phone's upload as we see it.
    const arrivedAt = performance.now();
    let bodyReadAt = arrivedAt;
    let wireBytes = 0;
    let storedAt = arrivedAt;
    try {
      const body = await readBodyOrFailRow(request, gone, named);
      bodyReadAt = performance.now();
      wireBytes = Number(request.headers['content-length']) || body.length;
      if (tooIntricate(body)) throw new HttpError(400, TOO_INTRICATE);
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new HttpError(400, 'The request body must be JSON.');
      }
      if (typeof json === 'object' && json !== null && 'correctionToken' in json) {
        if ('wood' in json) return await handleWoodChoice(request, response, json);
        return 'rugs' in json ? await handleRugChoice(request, response, json) : await handleCorrection(request, response, json);
      }
      if (typeof json === 'object' && json !== null && 'withdraw' in json) return await handleWithdrawal(request, response, json);
      const identity = identitySchema.safeParse(json);
      if (!identity.success) throw new HttpError(400, firstIssue(identity.error));
      requestId = identity.data.requestId;

      if ((await deps.repository.refusalsThisHour(requestId)) >= MAX_WEBHOOK_REFUSALS_PER_HOUR) {
        // No call takes this row within the hour, and the hour's sweep fails a row pending that long anyway: fail it
        // now with the reason, so a page that reloaded before this answer reads it instead of following the row.
        const tooMany = 'Too many attempts for this visualizer request. Please start a new one later.';
        await deps.repository.markPendingFailed(requestId, tooMany, 'try_again');
        throw new HttpError(429, tooMany);
      }
      const row = await findOrWaitForRow(requestId, request, named, client);
      if (!row || row.status !== 'pending' || !sameIdentity(row, identity.data.name, identity.data.email)) {
        return await refuse(requestId, { count: row !== null });
      }
      photoOfRow = requestId;

      const payload = visualizerWebhookPayloadSchema.safeParse(json);
      if (!payload.success) {
        const dataUrl = (json as { imageBase64?: unknown }).imageBase64;
        const tooLarge =
          typeof dataUrl === 'string' && decodedBase64Length(dataUrl.slice(dataUrl.indexOf(',') + 1)) > MAX_IMAGE_BYTES;
        const message = tooLarge ? 'The image must be at most 10 MB.' : 'The file is not an image the visualizer can read.';
        await deps.repository.markFailed(requestId, message, 'another_photo');
        throw new HttpError(tooLarge ? 413 : 400, tooLarge ? message : firstIssue(payload.error));
      }

      const dataUrl = payload.data.imageBase64;
      uploadPath = `${requestId}/${randomUUID()}`;
      await deps.uploads.put(uploadPath, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      storedAt = performance.now();
    } catch (error) {
      await failAfterFault(photoOfRow, error);
      throw error;
    } finally {
      release();
    }

    // The visitor's secret for corrections: only this reply ever carries it; the row keeps its hash.
    const correctionToken = randomBytes(32).toString('base64url');
    let started: boolean;
    try {
      started = await deps.repository.startRender(requestId, firstRenderJob(requestId, uploadPath, styles), sha256(correctionToken));
    } catch (error) {
      await failAfterFault(requestId, error);
      throw error;
    }
    if (!started) {
      // Another call for the same request won the race. A photo stored longer ago than the takeover waits may be the
      // one it queued (take-over-stored-photos.ts): it stays, for the retention job.
      if (performance.now() - storedAt < STORED_PHOTO_ORPHANED_AFTER_MS) await deps.uploads.delete(uploadPath).catch(() => undefined);
      return await refuse(requestId);
    }

    const queuedAt = performance.now();
    const outcome = await waitForOutcome(requestId);
    const ms = (from: number, to: number) => `${Math.round(to - from)}ms`;
    log(
      `request=${requestId} webhook: body ${ms(arrivedAt, bodyReadAt)} (${wireBytes} bytes), checked and stored ${ms(bodyReadAt, storedAt)}, ` +
        `queued ${ms(storedAt, queuedAt)}, waited for the render ${ms(queuedAt, performance.now())}`,
    );
    if (outcome?.status === 'completed' && outcome.original_image_url && outcome.processed_image_url) {
      const processedImageRenditions = outcome.image_renditions[DEFAULT_WOOD_STYLE];
      const originalImageRenditions = outcome.image_renditions[ORIGINAL_RENDITIONS];
      sendJson(request, response, 200, {
        status: 'completed',
        requestId,
        originalImageUrl: outcome.original_image_url,
        processedImageUrl: outcome.processed_image_url,
        ...(processedImageRenditions ? { processedImageRenditions } : {}),
        ...(originalImageRenditions ? { originalImageRenditions } : {}),
        correctionToken,
      });
    } else if (outcome?.status === 'failed') {
      sendJson(request, response, 422, { error: outcome.failure_reason ?? 'The photo could not be processed.' });
    } else {
      sendJson(request, response, 202, { status: 'processing', requestId, correctionToken });
    }
    return requestId;
  }

  /** A fix or a rug choice for a result whose photo the retention job has deleted: nothing is left to render on. */
  const RESULT_EXPIRED = 'This result has expired and its photo has been deleted. Please start a new request.';

  const WOOD_PICKS_USED_UP = 'This photo has recorded as many wood picks as it can; the e-mails show the wood recorded last.';

  /**
   * The visitor's page withdraws a request it left before the floor was laid, as it sends a new one with changed
   * details (decision 056): a pending or processing row is failed with WITHDRAWN_REASON, so neither its render nor the
   * processor's takeover completes it, and no result e-mail goes. The name and e-mail must be the row's, as for its
   * photo; anything else (a row that has ended included: its render's e-mail is on its way) is the one refusal, counted
   * as a photo's is, so it tells no more than a photo would.
   */
  async function handleWithdrawal(request: http.IncomingMessage, response: http.ServerResponse, json: object): Promise<string> {
    const payload = visualizerWithdrawalPayloadSchema.safeParse(json);
    if (!payload.success) throw new HttpError(400, firstIssue(payload.error));
    const { requestId, name, email } = payload.data;
    if ((await deps.repository.refusalsThisHour(requestId)) >= MAX_WEBHOOK_REFUSALS_PER_HOUR) {
      throw new HttpError(429, 'Too many attempts for this visualizer request. Please start a new one later.');
    }
    const row = await deps.repository.find(requestId);
    const open = row !== null && (row.status === 'pending' || row.status === 'processing');
    if (!open || !sameIdentity(row, name, email)) return await refuse(requestId, { count: row !== null });
    await deps.repository.markFailed(requestId, WITHDRAWN_REASON, 'withdrawn');
    log(`request=${requestId} withdrawn by the visitor (was ${row.status})`);
    sendJson(request, response, 200, { status: 'withdrawn', requestId });
    return requestId;
  }

  /** "Fix the floor": the visitor's taps, with the token from the first reply, queue the next render. */
  async function handleCorrection(request: http.IncomingMessage, response: http.ServerResponse, json: object): Promise<string> {
    const payload = visualizerCorrectionPayloadSchema.safeParse(json);
    if (!payload.success) throw new HttpError(400, firstIssue(payload.error));
    const { requestId, correctionToken, taps } = payload.data;
    // No count of refusals here: a 256-bit token cannot be guessed, and a count per id would let anyone who
    // holds a shared image link (which carries the id) lock the visitor out of their own corrections.
    const started = await deps.repository.startCorrection(requestId, sha256(correctionToken), taps);
    switch (started.kind) {
      case 'refused':
        return await refuse(requestId, { count: false });
      case 'busy':
        throw new HttpError(409, 'A correction of this photo is still rendering. Please wait for it.');
      case 'used-up':
        throw new HttpError(429, 'This photo has had all its corrections. Please start a new request.');
      case 'expired':
        throw new HttpError(410, RESULT_EXPIRED);
      case 'started':
        sendJson(request, response, 202, { status: 'rendering', requestId, renderNumber: started.renderNumber });
        return requestId;
    }
  }

  /** "Keep my rugs" / "Replace carpet and rugs too": the same token and refusals as a fix, its own allowance. */
  async function handleRugChoice(request: http.IncomingMessage, response: http.ServerResponse, json: object): Promise<string> {
    const payload = visualizerRugChoicePayloadSchema.safeParse(json);
    if (!payload.success) throw new HttpError(400, firstIssue(payload.error));
    const { requestId, correctionToken, rugs } = payload.data;
    const started = await deps.repository.startRugChoice(requestId, sha256(correctionToken), rugs);
    switch (started.kind) {
      case 'refused':
        return await refuse(requestId, { count: false });
      case 'busy':
        throw new HttpError(409, 'Your floor is still rendering. Please wait for it.');
      case 'used-up':
        throw new HttpError(429, 'This photo has switched rugs and carpet as often as it can. Please start a new request.');
      case 'expired':
        throw new HttpError(410, RESULT_EXPIRED);
      case 'started':
        sendJson(request, response, 202, { status: 'rendering', requestId, renderNumber: started.renderNumber });
        return requestId;
    }
  }

  /**
   * The wood the visitor shows, and whether they left the result step (decision 046): the same token and refusal as a
   * fix; nothing is rendered, but each call writes the row, so MAX_WOOD_PICKS_PER_REQUEST bounds them. The e-mails,
   * composed when they are sent, show that wood.
   */
  async function handleWoodChoice(request: http.IncomingMessage, response: http.ServerResponse, json: object): Promise<string> {
    const payload = visualizerWoodChoicePayloadSchema.safeParse(json);
    if (!payload.success) throw new HttpError(400, firstIssue(payload.error));
    const { requestId, correctionToken, wood, left = false } = payload.data;
    const recorded = await deps.repository.recordWoodChoice(requestId, sha256(correctionToken), wood, left);
    if (typeof recorded === 'object') {
      // The page names the wood kept from `wood`; the text is for a caller that reads only `error`.
      sendJson(request, response, 429, { error: WOOD_PICKS_USED_UP, wood: recorded.keeps });
      return requestId;
    }
    switch (recorded) {
      case 'refused':
        return await refuse(requestId, { count: false });
      case 'not-shown':
        throw new HttpError(409, 'That wood is not ready for this photo yet.');
      case 'expired':
        throw new HttpError(410, RESULT_EXPIRED);
      case 'recorded':
        sendJson(request, response, 200, { status: 'recorded', requestId });
        return requestId;
    }
  }

  // Headers and whole requests have deadlines of their own (Node answers 408 and closes); checked every second
  // rather than Node's default 30 s, so a deadline is kept to the second.
  const server = http.createServer({ connectionsCheckingInterval: 1_000 }, (request, response) => {
    const started = performance.now();
    const path = (request.url ?? '/').split('?')[0];
    let requestId: string | undefined;
    response.on('finish', () => {
      // A host probes every few seconds: those answers would drown the lines that matter.
      if (request.method === 'GET' && (path === '/healthz' || path === '/health')) return;
      const id = requestId ? ` request=${requestId}` : '';
      log(`${request.method} ${path} ${response.statusCode} ${Math.round(performance.now() - started)}ms${id}`);
    });

    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...corsHeaders(request),
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': `content-type, content-encoding, authorization, apikey, x-client-info, ${WEBHOOK_REQUEST_ID_HEADER}`,
        'access-control-max-age': '600',
      });
      response.end();
      return;
    }
    if (request.method === 'GET' && path === '/health') {
      sendJson(request, response, 200, { status: 'ok', engine: deps.engineName });
      return;
    }
    if (request.method === 'GET' && path === '/healthz' && deps.healthCheck) {
      void deps.healthCheck().then((health) => sendJson(request, response, health.ok ? 200 : 503, health));
      return;
    }
    if (path === UNSUBSCRIBE_PATH && deps.unsubscribes && ['GET', 'HEAD', 'POST'].includes(request.method ?? '')) {
      const work = handleUnsubscribe(request, response, deps.unsubscribes, log);
      inProgress.add(work);
      void work.finally(() => inProgress.delete(work));
      return;
    }
    if (request.method !== 'POST' || path !== '/') {
      sendJson(request, response, 404, { error: 'Not found.' });
      return;
    }
    if (!sentAsJson(request)) {
      // Its body is not read: the connection closes once the answer is out, as for an upload too large.
      hangUpAfterReply(request, response);
      sendJson(request, response, 415, { error: NOT_SENT_AS_JSON });
      return;
    }

    const work = handleWebhook(request, response)
      .then((id) => {
        requestId = id;
      })
      .catch((error: unknown) => {
        if (error instanceof ClientGone) return;
        if (error instanceof HttpError) {
          // An oversized or trickling upload is not read to its end; closing is cheaper than draining it.
          if ((error.status === 413 || error.status === 408) && !request.complete) hangUpAfterReply(request, response);
          sendJson(request, response, error.status, { error: error.message });
          return;
        }
        log(`webhook error: ${describeError(error)}`);
        sendJson(request, response, 500, { error: 'Failed to process the image. Please try again.' });
      });
    inProgress.add(work);
    void work.finally(() => inProgress.delete(work));
  });

  server.headersTimeout = deps.headersTimeoutMs ?? 20_000;
  server.requestTimeout = deps.requestTimeoutMs ?? 10 * 60_000;

  return {
    server,
    async whenIdle() {
      while (inProgress.size > 0) await Promise.allSettled([...inProgress]);
    },
  };
}
