import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /**
   * The body's bytes, decoded from its content-encoding only (session 35): the secret-key line looks in a file's bytes
   * for what `body`, read as UTF-8, has lost (a gzip member appended to an image, a zip of the project's .env).
   */
  bytes?: Buffer;
  /** The address this machine sent from (which the deployment saw, unless a NAT is between). */
  localAddress?: string;
};

export type RequestOptions = {
  method?: string;
  /** Added to VISITOR_HEADERS; one given as undefined is not sent (Safari sends no client hints). */
  headers?: Record<string, string | undefined>;
  body?: string;
  /** Send from this local address, or from this address family (fetch can choose neither). */
  localAddress?: string;
  family?: 4 | 6;
  /** Silence allowed before giving up (20 s); longer where the other side may rightly think that long. */
  idleTimeoutMs?: number;
  /**
   * Sent even to a host given up on (GIVE_UP_AFTER): the removal of the test rows, which a host that was silent a
   * while may take again; one more wait of its timeout is worth rows not left in the deployment.
   */
  evenIfGivenUp?: boolean;
};

/**
 * Sent with every request, as a visitor's browser sends them: Node sends no User-Agent, so a proxy in front of the
 * site or the processor could tell the check from a visitor by its absence alone and show it a healthy answer
 * (a cached page, a processor that works) while visitors get another.
 */
/**
 * Chrome asks for zstd too (since 123), and a host may serve its .zst copy, stale or not, to Chrome alone. Node's
 * zlib decodes zstd from 22.15 and 23.8 only: there the check asks as Chrome does; on Node 20 it cannot read the
 * copy, so it does not ask for it (and says so in the README: run it on Node 22.15 or later to see zstd copies).
 */
const zstd = (zlib as unknown as { zstdDecompressSync?: (body: Buffer) => Buffer }).zstdDecompressSync;
export const ACCEPTS_ZSTD = typeof zstd === 'function';
/**
 * Said on stderr when a run starts where zstd cannot be asked for (session 23): the README said to run on Node 22.15
 * or later to see a host's .zst copies, but nothing at run time did, and a run on Node 20 ended PASS without them.
 */
export const ZSTD_NOTE = ACCEPTS_ZSTD
  ? undefined
  : `note: Node ${process.version} cannot decode zstd, so this run does not ask for it as Chrome (123 and later) does: a host that gives Chrome a .zst copy of a page or script, stale or not, is not seen from here; run the check on Node 22.15 or later to see it`;

export const VISITOR_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
  accept: '*/*',
  // As a browser asks: hosts serve their compressed copies (nginx's brotli_static, a CDN's), which may not be the
  // file the identity body is (a stale index.html.br beside a fresh index.html reached every visitor but the check).
  'accept-encoding': ACCEPTS_ZSTD ? 'gzip, deflate, br, zstd' : 'br, gzip, deflate',
  // Chrome's client hints, sent with every https request: their absence alone told the check from a visitor.
  'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not_A Brand";v="99"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
} as const;

/**
 * A body as the host sent it, decoded as a browser decodes it (its bytes: read as UTF-8 for the text a browser shows);
 * throws on an encoding or a body it cannot read.
 */
export function decodeBodyBytes(body: Buffer, contentEncoding: string | undefined): Buffer {
  let decoded = body;
  // Applied in the order listed, so undone in reverse.
  for (const coding of String(contentEncoding ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== 'identity')
    .reverse()) {
    if (coding === 'br') decoded = zlib.brotliDecompressSync(decoded);
    else if (coding === 'gzip' || coding === 'x-gzip') decoded = zlib.gunzipSync(decoded);
    else if (coding === 'deflate') decoded = zlib.inflateSync(decoded);
    else if (coding === 'zstd' && zstd) decoded = zstd(decoded);
    else if (coding === 'zstd')
      throw new Error(
        `answered in content-encoding zstd, which the check does not ask for because Node ${process.version} cannot decode it (Node 22.15 or later can: run the check there); Chrome asks for it, so visitors may get this copy`,
      );
    else
      throw new Error(
        `answered in content-encoding ${coding}, which browsers asked for ${VISITOR_HEADERS['accept-encoding']} do not expect`,
      );
  }
  return decoded;
}

/**
 * The Accept a browser sends when it opens a page (Chrome's). Hosts answer by it: a history-API fallback (webpack's,
 * connect-history-api-fallback, `serve -s`) answers an unknown path with the home page, 200, only to a request that
 * accepts text/html; asked without it, the check got the host's 404 while every visitor got a 200.
 */
export const PAGE_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

/**
 * What a browser sends when a visitor opens a page (Chrome's, for an address typed or followed from elsewhere): its
 * Accept, and the fetch metadata an edge rule reads to tell a page opened from a script's request (a front that
 * serves the real page only to `sec-fetch-mode: navigate`, or another one only to requests without it, showed the
 * check another page than visitors; red-team, session 22).
 */
export const PAGE_HEADERS = {
  accept: PAGE_ACCEPT,
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
  'upgrade-insecure-requests': '1',
} as const;

/** A request sent and not yet answered: what a run that prints nothing for a while is waiting on. */
export type WaitingRequest = { method: string; url: string; since: number; idleTimeoutMs: number };
const inFlight = new Set<WaitingRequest>();

/** The requests waiting for their answer, oldest first (the query string left out: it may hold a row's id). */
export function requestsWaiting(): WaitingRequest[] {
  return [...inFlight].sort((a, b) => a.since - b.since);
}

/**
 * A host that takes connections and never answers costs every request its idle timeout, one after another: a run
 * against one waited 20 s a line for ten minutes and more. After GIVE_UP_AFTER requests in a row with no whole
 * answer (none begun, or headers and then a stall), the host is taken as unreachable and later requests to it fail
 * at once, saying so; one whole answer, of any status, clears it. Two, not one: a single slow answer (a processor
 * waking up) does not cost the rest of the run.
 */
const GIVE_UP_AFTER = 2;
/** By origin, the requests in a row that got no whole answer before their timeout. */
const unanswered = new Map<string, string[]>();

/** How long one request may take in all: a server that trickles bytes never trips the idle timeout. */
const WHOLE_REQUEST_MS = 120_000;

/**
 * One HTTP request, its body read as text; rejects when nothing arrives for 20 s (or `idleTimeoutMs`), when the whole exchange takes over
 * 2 minutes, or when the answer is cut off (a cut-off body is not an answer to judge).
 */
export function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const missed = unanswered.get(target.origin) ?? [];
  if (missed.length >= GIVE_UP_AFTER && !options.evenIfGivenUp) {
    return Promise.reject(
      new Error(
        `not asked: ${target.origin} answered none of its last ${missed.length} requests in full (${missed.slice(-GIVE_UP_AFTER).join(', ')}), each waited out to its timeout: the host does not answer from here, so its further checks are not asked`,
      ),
    );
  }
  const waiting: WaitingRequest = {
    method: options.method ?? 'GET',
    url: `${target.origin}${target.pathname}`,
    since: Date.now(),
    idleTimeoutMs: options.idleTimeoutMs ?? 20_000,
  };
  inFlight.add(waiting);
  let answered = false;
  let complete = false;
  const answer = new Promise<Reply>((resolve, rejectAnswer) => {
    let begunStatus: number | undefined;
    const reject = (error: Error) => rejectAnswer(begunStatus === undefined ? error : Object.assign(error, { answerBegun: begunStatus }));
    const outgoing = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries({
            ...VISITOR_HEADERS,
            ...(options.body ? { 'content-type': 'application/json' } : {}),
            ...options.headers,
          }).filter((header): header is [string, string] => header[1] !== undefined),
        ),
        localAddress: options.localAddress,
        family: options.family,
        timeout: options.idleTimeoutMs ?? 20_000,
      },
      (incoming) => {
        // An answer begun: the host is there once the answer is whole (a stall after the headers is no answer).
        answered = true;
        begunStatus = incoming.statusCode ?? 0;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        const localAddress = incoming.socket.localAddress;
        incoming.on('end', () => {
          complete = true;
          clearTimeout(whole);
          unanswered.delete(target.origin);
          let bytes: Buffer;
          try {
            bytes = decodeBodyBytes(Buffer.concat(chunks), incoming.headers['content-encoding']);
          } catch (error) {
            // What a browser could not read either: a failed line, not a body judged as if it were the page.
            reject(
              new Error(
                `${waiting.method} ${target.pathname}: a body that does not decode as its content-encoding (${incoming.headers['content-encoding']}) says: ${error instanceof Error ? error.message : String(error)}`,
              ),
            );
            return;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: bytes.toString('utf8'), bytes, localAddress });
        });
        incoming.on('error', (error) => {
          clearTimeout(whole);
          reject(error);
        });
      },
    );
    /** Counts this request against the host: it waited out a timeout with no whole answer. */
    const miss = (how: string) =>
      unanswered.set(target.origin, [
        ...(unanswered.get(target.origin) ?? []),
        `${waiting.method} ${target.pathname}${how}`,
      ]);
    const whole = setTimeout(() => {
      // A host that trickles its answer never trips the idle timeout: this one counts against it too.
      miss(' (trickled past the whole-request limit)');
      const error = new Error(`no whole answer within ${WHOLE_REQUEST_MS / 1000} s`);
      reject(error);
      outgoing.destroy(error);
    }, WHOLE_REQUEST_MS);
    outgoing.on('timeout', () => {
      // Silent before any answer began, or after its headers (a body that stalled): counted against the host.
      if (!complete) miss(answered ? ' (stalled after its headers)' : '');
      outgoing.destroy(new Error(`no answer within ${(options.idleTimeoutMs ?? 20_000) / 1000} s`));
    });
    outgoing.on('error', (error) => {
      clearTimeout(whole);
      reject(error);
    });
    outgoing.end(options.body);
  });
  const settled = () => inFlight.delete(waiting);
  answer.then(settled, settled);
  return answer;
}

/**
 * The status of the answer a failed request had begun (its headers came, its body was cut off, stalled or did not
 * decode), or undefined when no answer began (refused, not in DNS, a certificate refused, silence). A line that reads
 * a failed request as "the host serves nothing" must tell these apart (session 33): browsers show and run what
 * arrived of a page cut off half-way.
 */
export function answerBegunOf(error: unknown): number | undefined {
  const status = (error as { answerBegun?: unknown } | undefined)?.answerBegun;
  return typeof status === 'number' ? status : undefined;
}

export const keyHeaders = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });

/** The start of a reply's body, for a line that says what came back. */
export const excerpt = (reply: Reply, length = 160) => reply.body.replace(/\s+/g, ' ').trim().slice(0, length);
