import http from 'node:http';
import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  decodedBase64Length,
  visualizerWebhookPayloadSchema,
} from '../../contracts/visualizer-webhook.ts';
import { DEFAULT_WOOD_STYLE } from '../../contracts/wood-styles.ts';
import type { FloorEngine } from '../engine/floor-engine.ts';
import { MAX_WORKING_SIDE, PhotoRejectedError, decodePhoto, encodeJpeg } from './decode-photo.ts';
import type { ImageStorage } from './image-storage.ts';
import type { VisualizerRequestRepository } from './visualizer-request-repository.ts';

/** A 10 MB image is about 13.4 MB as base64; the rest is JSON and slack. */
export const MAX_BODY_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;

export interface ProcessorDependencies {
  repository: VisualizerRequestRepository;
  storage: ImageStorage;
  engine: FloorEngine;
  /** `*` or exact origins allowed to call the webhook from a browser. */
  allowedOrigins?: string[];
  /** Reply with the result when processing finishes within this time; otherwise reply 202. */
  syncReplyMs?: number;
  maxInputPixels?: number;
  log?: (line: string) => void;
}

export interface ProcessorServer {
  server: http.Server;
  /** Resolves when no request is being processed (including work that continues after a 202). */
  whenIdle(): Promise<void>;
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

function sameName(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function createProcessorServer(deps: ProcessorDependencies): ProcessorServer {
  const allowedOrigins = deps.allowedOrigins ?? ['*'];
  const log = deps.log ?? ((line: string) => console.log(line));
  const running = new Set<Promise<unknown>>();

  function corsHeaders(request: http.IncomingMessage): Record<string, string> {
    const origin = request.headers.origin;
    const headers: Record<string, string> = { vary: 'Origin' };
    if (allowedOrigins.includes('*')) headers['access-control-allow-origin'] = '*';
    else if (origin && allowedOrigins.includes(origin)) headers['access-control-allow-origin'] = origin;
    return headers;
  }

  function sendJson(request: http.IncomingMessage, response: http.ServerResponse, status: number, body: unknown): void {
    if (response.headersSent) return;
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...corsHeaders(request) });
    response.end(JSON.stringify(body));
  }

  /** Reads the body up to MAX_BODY_BYTES; beyond that it stops reading rather than buffer the rest. */
  function readBody(request: http.IncomingMessage): Promise<Buffer> {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      return Promise.reject(new HttpError(413, 'The request is too large: the image must be at most 10 MB.'));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          request.pause();
          request.removeAllListeners('data');
          reject(new HttpError(413, 'The request is too large: the image must be at most 10 MB.'));
          return;
        }
        chunks.push(chunk);
      });
      request.on('end', () => resolve(Buffer.concat(chunks)));
      request.on('error', reject);
    });
  }

  /** Renders and stores; the row is already `processing`. */
  async function processClaimed(requestId: string, imageBytes: Buffer): Promise<{ originalImageUrl: string; processedImageUrl: string }> {
    try {
      const photo = await decodePhoto(imageBytes, { maxInputPixels: deps.maxInputPixels, maxSide: MAX_WORKING_SIDE });
      const originalImageUrl = await deps.storage.save(`${requestId}/original.jpg`, await encodeJpeg(photo), 'image/jpeg');
      const result = await deps.engine.visualize(photo, { styles: [DEFAULT_WOOD_STYLE] });
      const processedImageUrl = await deps.storage.save(`${requestId}/processed.jpg`, result.renders[0]!.image, 'image/jpeg');
      await deps.repository.markCompleted(requestId, { originalImageUrl, processedImageUrl });
      return { originalImageUrl, processedImageUrl };
    } catch (error) {
      const reason =
        error instanceof PhotoRejectedError
          ? error.message
          : `Processing failed: ${error instanceof Error ? error.message : String(error)}`;
      await deps.repository.markFailed(requestId, reason).catch((markError: unknown) => {
        log(`could not mark request=${requestId} failed: ${markError instanceof Error ? markError.message : String(markError)}`);
      });
      throw error;
    }
  }

  async function handleWebhook(request: http.IncomingMessage, response: http.ServerResponse): Promise<string | undefined> {
    const body = await readBody(request);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new HttpError(400, 'The request body must be JSON.');
    }
    const identity = identitySchema.safeParse(json);
    if (!identity.success) throw new HttpError(400, firstIssue(identity.error));
    const { requestId } = identity.data;

    const row = await deps.repository.find(requestId);
    if (!row) throw new HttpError(404, 'Unknown visualizer request.');
    if (!sameName(row.customer_name, identity.data.name) || !sameEmail(row.email, identity.data.email)) {
      throw new HttpError(403, 'The name and email do not match this visualizer request.');
    }
    if (row.status !== 'pending') throw new HttpError(409, `This visualizer request was already received (${row.status}).`);

    const payload = visualizerWebhookPayloadSchema.safeParse(json);
    if (!payload.success) {
      const dataUrl = (json as { imageBase64?: unknown }).imageBase64;
      const tooLarge =
        typeof dataUrl === 'string' && decodedBase64Length(dataUrl.slice(dataUrl.indexOf(',') + 1)) > MAX_IMAGE_BYTES;
      const message = tooLarge ? 'The image must be at most 10 MB.' : firstIssue(payload.error);
      await deps.repository.markFailed(requestId, message);
      throw new HttpError(tooLarge ? 413 : 400, message);
    }

    if (!(await deps.repository.claimPending(requestId))) {
      throw new HttpError(409, 'This visualizer request was already received.');
    }
    const dataUrl = payload.data.imageBase64;
    const imageBytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

    const work = processClaimed(requestId, imageBytes);
    running.add(work);
    void work.catch(() => undefined).finally(() => running.delete(work));

    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      work.then((urls) => ({ kind: 'done' as const, urls })),
      new Promise<{ kind: 'late' }>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'late' }), deps.syncReplyMs ?? 8000);
      }),
    ]).finally(() => clearTimeout(timer));

    if (outcome.kind === 'late') {
      work.catch((error: unknown) => {
        log(`request=${requestId} failed after the reply: ${error instanceof Error ? error.message : String(error)}`);
      });
      sendJson(request, response, 202, { status: 'processing', requestId });
    } else {
      sendJson(request, response, 200, { status: 'completed', requestId, ...outcome.urls });
    }
    return requestId;
  }

  const server = http.createServer((request, response) => {
    const started = performance.now();
    const path = (request.url ?? '/').split('?')[0];
    let requestId: string | undefined;
    response.on('finish', () => {
      const id = requestId ? ` request=${requestId}` : '';
      log(`${request.method} ${path} ${response.statusCode} ${Math.round(performance.now() - started)}ms${id}`);
    });

    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...corsHeaders(request),
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': 'content-type, authorization, apikey, x-client-info',
        'access-control-max-age': '600',
      });
      response.end();
      return;
    }
    if (request.method === 'GET' && path === '/health') {
      sendJson(request, response, 200, { status: 'ok', engine: deps.engine.name });
      return;
    }
    if (request.method !== 'POST' || path !== '/') {
      sendJson(request, response, 404, { error: 'Not found.' });
      return;
    }

    handleWebhook(request, response)
      .then((id) => {
        requestId = id;
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError) {
          if (error.status === 413) response.setHeader('connection', 'close');
          sendJson(request, response, error.status, { error: error.message });
          // An oversized upload is not read to its end; closing is cheaper than draining it.
          if (error.status === 413) response.on('finish', () => request.destroy());
          return;
        }
        if (error instanceof PhotoRejectedError) {
          sendJson(request, response, 422, { error: error.message });
          return;
        }
        log(`webhook error: ${error instanceof Error ? error.message : String(error)}`);
        sendJson(request, response, 500, { error: 'Failed to process the image. Please try again.' });
      });
  });

  return {
    server,
    async whenIdle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
