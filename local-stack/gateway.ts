import http from 'node:http';
import { UNSUBSCRIBE_PATH } from '../contracts/unsubscribe-link';
import { hangUpAfterReply } from '../visualizer-processor/src/hang-up-after-reply';
import { createStorageApi, type StorageApiOptions } from './storage-api';

/**
 * The local stand-in for Supabase's API gateway: one port with the hosted URL shape. It only routes; all
 * rules live in the database (RLS, grants, CHECKs, throttle) and in the processor.
 *   /rest/v1/*                                  -> PostgREST
 *   /storage/v1/*                               -> Storage's API on the storage folder (storage-api.ts)
 *   /functions/v1/floor-visualizer              -> the visualizer processor
 *   /functions/v1/floor-visualizer/unsubscribe  -> its /unsubscribe (the marketing e-mails' link)
 */
export const WEBHOOK_PATH = '/functions/v1/floor-visualizer';

export type GatewayOptions = {
  port: number;
  postgrestPort: number;
  processorPort?: number;
  storageDir: string;
  /** The API keys the gateway accepts, as Supabase's gateway does: anything else is refused before PostgREST. */
  apiKeys: string[];
  /**
   * The new-format keys (`sb_publishable_…`, `sb_secret_…`), each with the role JWT it stands for. Like the platform's
   * gateway, a request bearing one (as `apikey`, and as `Authorization: Bearer` too, as supabase-js sends it) reaches
   * PostgREST with that role's JWT instead, since PostgREST only understands JWTs.
   */
  keyRoles?: Record<string, string>;
  /**
   * How long PostgREST may take to answer a request whose body has arrived (default 10 s, within the page's 15 s
   * deadline): past it the caller gets a plain 504, as a frozen database would otherwise leave it waiting forever.
   */
  restAnswerMs?: number;
  /** The buckets, keys and JWT secret of the Storage API it serves from `storageDir` (none: every call is 404). */
  storage?: Omit<StorageApiOptions, 'storageDir'>;
  log?: (line: string) => void;
};

/** PostgREST answers in milliseconds; a request it holds this long is held by a database that stopped answering. */
export const REST_ANSWER_MS = 10_000;

/**
 * The largest request body the API takes (the database refuses larger declared bodies too: max_body_bytes in
 * private.insert_throttle_settings). A real submission is a few kilobytes at most.
 */
export const MAX_REST_BODY_BYTES = 64 * 1024;

// Address headers a client could send to pass for someone else. Like Cloudflare in front of hosted Supabase,
// the gateway replaces these, passes the client's own X-Forwarded-For on with the connecting address appended,
// and names the connecting address in CF-Connecting-IP, the header the throttle trusts (decision 004).
const REPLACED_HEADERS = [
  'cf-connecting-ip',
  'true-client-ip',
  'x-real-ip',
  'x-client-ip',
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-proto',
];

// Hop-by-hop headers (RFC 9110 section 7.6.1) describe one connection, not the request: the gateway's connection
// to PostgREST and the processor is its own and kept alive. A client's `Connection: close` copied onto it made
// the upstream server close a socket the gateway's agent then reused (issue 27: 63 of 200 leads got 502).
const HOP_BY_HOP_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/** `headers` without the hop-by-hop ones, including any the Connection header itself names. */
function endToEndHeaders<T extends http.IncomingHttpHeaders>(headers: T): T {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const kept = { ...headers };
  for (const name of Object.keys(kept)) {
    if (HOP_BY_HOP_HEADERS.includes(name) || name.startsWith('proxy-') || named.includes(name)) delete kept[name];
  }
  return kept;
}

function clientAddress(request: http.IncomingMessage): string {
  return (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
  });
  response.end(JSON.stringify(body));
}

function refuseTooLarge(request: http.IncomingMessage, response: http.ServerResponse, maxBodyBytes: number) {
  // Say so and hang up rather than read the rest of a body nobody will use.
  hangUpAfterReply(request, response);
  sendJson(response, 413, {
    message: 'The submission is too large.',
    hint: `A request body may be at most ${maxBodyBytes} bytes.`,
  });
}

/**
 * PostgREST's answers while it cannot reach the database (503 and 504, codes PGRST000-PGRST003) carry the
 * connection error, with the database's host and port, in `details`. An anonymous caller only needs to know
 * that the service is down for now; the details stay in PostgREST's own log.
 */
const UNAVAILABLE_STATUSES = [502, 503, 504];
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again in a few minutes.';

function proxy(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: {
    port: number;
    targetPath: string;
    maxBodyBytes?: number;
    /** Answer an upstream 502/503/504 with a plain message instead of its body. */
    plainWhenUnavailable?: boolean;
    /** Answer a plain 504 when the upstream has not answered this long after the request's body arrived. */
    answerWithinMs?: number;
    log?: (line: string) => void;
  },
) {
  const { port, targetPath, maxBodyBytes, log } = options;
  if (maxBodyBytes !== undefined && Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
    return refuseTooLarge(request, response, maxBodyBytes);
  }
  const headers: http.OutgoingHttpHeaders = endToEndHeaders(request.headers);
  for (const name of REPLACED_HEADERS) delete headers[name];
  const address = clientAddress(request);
  const forwardedFor = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${address}` : address;
  headers['cf-connecting-ip'] = address;
  headers['x-forwarded-proto'] = 'http';
  headers.host = `127.0.0.1:${port}`;

  const upstream = http.request(
    { host: '127.0.0.1', port, method: request.method, path: targetPath, headers },
    (reply) => {
      clearTimeout(answerDeadline);
      if (options.plainWhenUnavailable && UNAVAILABLE_STATUSES.includes(reply.statusCode ?? 0)) {
        reply.resume();
        const retryAfter = reply.headers['retry-after'];
        if (retryAfter) response.setHeader('retry-after', retryAfter);
        return sendJson(response, reply.statusCode!, { message: SERVICE_UNAVAILABLE_MESSAGE });
      }
      if (!request.complete) {
        // Answered before the body was all there (the processor's 413): the rest would go nowhere.
        answeredEarly = true;
        request.unpipe(upstream);
        reply.on('end', () => upstream.destroy());
        hangUpAfterReply(request, response);
      }
      response.writeHead(reply.statusCode ?? 502, endToEndHeaders(reply.headers));
      reply.on('error', () => response.destroy());
      reply.pipe(response);
    },
  );
  let answeredEarly = false;
  let tooLarge = false;
  let timedOut = false;
  // A client that goes before its answer (it hung up, or the page gave up waiting) must not leave the upstream
  // request open: the processor would go on reading, or waiting to read, an upload nobody waits for, and hold an
  // upload slot for it (an attack audit held all four that way).
  let clientGone = false;
  const goneBeforeAnswer = () => {
    if (response.writableFinished || clientGone) return;
    clientGone = true;
    clearTimeout(answerDeadline);
    upstream.destroy();
  };
  request.on('close', () => {
    if (!request.complete) goneBeforeAnswer();
  });
  response.on('close', goneBeforeAnswer);
  let answerDeadline: NodeJS.Timeout | undefined;
  if (options.answerWithinMs !== undefined) {
    const answerWithinMs = options.answerWithinMs;
    request.on('end', () => {
      if (tooLarge) return;
      answerDeadline = setTimeout(() => {
        timedOut = true;
        log?.(`gateway: no answer from port ${port} within ${answerWithinMs} ms`);
        upstream.destroy();
        if (!response.headersSent) sendJson(response, 504, { message: SERVICE_UNAVAILABLE_MESSAGE });
        else response.destroy();
      }, answerWithinMs);
    });
  }
  upstream.on('error', (error) => {
    clearTimeout(answerDeadline);
    if (tooLarge || clientGone || answeredEarly || timedOut) return;
    log?.(`gateway: upstream on port ${port} failed: ${error.message}`);
    if (!response.headersSent)
      sendJson(response, 502, { message: 'The local service behind the gateway is not answering' });
    else response.destroy();
  });
  if (maxBodyBytes === undefined) {
    request.pipe(upstream);
    return;
  }
  // A body without a declared length (chunked) is counted as it arrives.
  let received = 0;
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (answeredEarly) return;
    if (received <= maxBodyBytes) {
      upstream.write(chunk);
    } else if (!tooLarge) {
      tooLarge = true;
      upstream.destroy();
      if (!response.headersSent) refuseTooLarge(request, response, maxBodyBytes);
    }
  });
  request.on('end', () => upstream.end());
}

function presentedApiKey(request: http.IncomingMessage, url: URL): string | undefined {
  const header = request.headers.apikey;
  return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
}

export async function startGateway(options: GatewayOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const storage = createStorageApi({ storageDir: options.storageDir, buckets: [], jwtSecret: '', serviceKeys: [], anonKeys: [], ...options.storage });
  const route = (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => {
    if (url.pathname.startsWith('/rest/v1/') || url.pathname === '/rest/v1') {
      const key = presentedApiKey(request, url) ?? '';
      const roleJwt = options.keyRoles?.[key];
      if (request.method !== 'OPTIONS' && !options.apiKeys.includes(key) && !roleJwt) {
        return sendJson(response, 401, { message: 'Invalid API key', hint: 'Send the anon key as the apikey header.' });
      }
      if (roleJwt) {
        const bearer = request.headers.authorization;
        if (bearer && bearer !== `Bearer ${key}`) {
          return sendJson(response, 401, { message: 'Invalid API key', hint: 'Authorization must repeat the apikey or be absent.' });
        }
        request.headers.authorization = `Bearer ${roleJwt}`;
      }
      return proxy(request, response, {
        port: options.postgrestPort,
        targetPath: (request.url ?? '/').slice('/rest/v1'.length) || '/',
        maxBodyBytes: MAX_REST_BODY_BYTES,
        plainWhenUnavailable: true,
        answerWithinMs: options.restAnswerMs ?? REST_ANSWER_MS,
        log: options.log,
      });
    }
    if (url.pathname.startsWith('/storage/v1/')) {
      storage.serve(request, response, url).catch((error: unknown) => {
        options.log?.(`gateway: ${request.method} ${url.pathname} failed: ${String(error)}`);
        if (!response.headersSent) sendJson(response, 500, { message: 'Gateway error' });
        else response.destroy();
      });
      return;
    }
    if (url.pathname === `${WEBHOOK_PATH}/healthz`) {
      if (!options.processorPort) return sendJson(response, 503, { error: 'The visualizer processor is not running' });
      return proxy(request, response, { port: options.processorPort, targetPath: '/healthz', log: options.log });
    }
    if (url.pathname === `${WEBHOOK_PATH}${UNSUBSCRIBE_PATH}`) {
      if (!options.processorPort) return sendJson(response, 503, { error: 'The visualizer processor is not running' });
      return proxy(request, response, { port: options.processorPort, targetPath: UNSUBSCRIBE_PATH + url.search, log: options.log });
    }
    if (url.pathname === WEBHOOK_PATH) {
      if (!options.processorPort) return sendJson(response, 503, { error: 'The visualizer processor is not running' });
      return proxy(request, response, { port: options.processorPort, targetPath: '/' + url.search, log: options.log });
    }
    sendJson(response, 404, { message: `No route for ${url.pathname}` });
  };
  // Whatever a client sends, it gets an answer and the gateway keeps running: a request that breaks the
  // routing is the client's fault (400) or ours (500), never a crash of the stack.
  const server = http.createServer((request, response) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://gateway.local');
    } catch {
      return sendJson(response, 400, { message: 'Malformed request URL' });
    }
    try {
      route(request, response, url);
    } catch (error) {
      options.log?.(`gateway: ${request.method} ${request.url} failed: ${String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { message: 'Gateway error' });
      else response.destroy();
    }
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
