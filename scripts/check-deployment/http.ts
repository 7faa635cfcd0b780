import http from 'node:http';
import https from 'node:https';

export type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The address this machine sent from (which the deployment saw, unless a NAT is between). */
  localAddress?: string;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send from this local address, or from this address family (fetch can choose neither). */
  localAddress?: string;
  family?: 4 | 6;
  /** Silence allowed before giving up (20 s); longer where the other side may rightly think that long. */
  idleTimeoutMs?: number;
};

/**
 * Sent with every request, as a visitor's browser sends them: Node sends no User-Agent, so a proxy in front of the
 * site or the processor could tell the check from a visitor by its absence alone and show it a healthy answer
 * (a cached page, a processor that works) while visitors get another.
 */
export const VISITOR_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
} as const;

/** A request sent and not yet answered: what a run that prints nothing for a while is waiting on. */
export type WaitingRequest = { method: string; url: string; since: number; idleTimeoutMs: number };
const inFlight = new Set<WaitingRequest>();

/** The requests waiting for their answer, oldest first (the query string left out: it may hold a row's id). */
export function requestsWaiting(): WaitingRequest[] {
  return [...inFlight].sort((a, b) => a.since - b.since);
}

/** How long one request may take in all: a server that trickles bytes never trips the idle timeout. */
const WHOLE_REQUEST_MS = 120_000;

/**
 * One HTTP request, its body read as text; rejects when nothing arrives for 20 s (or `idleTimeoutMs`), when the whole exchange takes over
 * 2 minutes, or when the answer is cut off (a cut-off body is not an answer to judge).
 */
export function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const waiting: WaitingRequest = {
    method: options.method ?? 'GET',
    url: `${target.origin}${target.pathname}`,
    since: Date.now(),
    idleTimeoutMs: options.idleTimeoutMs ?? 20_000,
  };
  inFlight.add(waiting);
  const answer = new Promise<Reply>((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: {
          ...VISITOR_HEADERS,
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        localAddress: options.localAddress,
        family: options.family,
        timeout: options.idleTimeoutMs ?? 20_000,
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        const localAddress = incoming.socket.localAddress;
        incoming.on('end', () => {
          clearTimeout(whole);
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body, localAddress });
        });
        incoming.on('error', (error) => {
          clearTimeout(whole);
          reject(error);
        });
      },
    );
    const whole = setTimeout(() => {
      const error = new Error(`no whole answer within ${WHOLE_REQUEST_MS / 1000} s`);
      reject(error);
      outgoing.destroy(error);
    }, WHOLE_REQUEST_MS);
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`no answer within ${(options.idleTimeoutMs ?? 20_000) / 1000} s`)),
    );
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

export const keyHeaders = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });

/** The start of a reply's body, for a line that says what came back. */
export const excerpt = (reply: Reply, length = 160) => reply.body.replace(/\s+/g, ' ').trim().slice(0, length);
