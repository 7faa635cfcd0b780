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
};

/** One HTTP request, its body read as text; rejects when nothing answers within 20 s. */
export function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        localAddress: options.localAddress,
        family: options.family,
        timeout: 20_000,
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        const localAddress = incoming.socket.localAddress;
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body, localAddress }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 20 s')));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

export const keyHeaders = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });

/** The start of a reply's body, for a line that says what came back. */
export const excerpt = (reply: Reply, length = 160) => reply.body.replace(/\s+/g, ' ').trim().slice(0, length);
