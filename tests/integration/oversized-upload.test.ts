import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { anonHeaders, stack } from './stack-clients';

/**
 * A webhook body far over the limit (20 MB; the processor takes about 14 MB) is refused with 413 and its
 * message, and the refusal reaches the client whether it keeps its connection alive or closes it, straight
 * to the processor and through the gateway. Before issue 27 the gateway answered 502 and a client sending
 * `Connection: close` straight to the processor got a reset: the processor closed the socket while the body
 * was still arriving, and the kernel's reset discarded the reply.
 */
const OVERSIZED_BYTES = 20 * 1024 * 1024;

type Outcome = { status: number; body: string };

function postOversized(target: string, connection: 'close' | 'keep-alive', headers: Record<string, string> = {}): Promise<Outcome> {
  const url = new URL(target);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: connection === 'close' ? false : new http.Agent({ keepAlive: true }),
      headers: { ...headers, 'content-type': 'application/json', 'content-length': OVERSIZED_BYTES, connection },
    });
    let answered = false;
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        answered = true;
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', reject);
    });
    // Writing on after the server has answered and hung up fails; only a missing answer counts. The answer may still be
    // on its way when the write fails (seconds, on a busy machine): it is given 10 s before the error counts.
    request.on('error', (error) => {
      if (!answered) setTimeout(() => !answered && reject(error), 10_000);
    });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    request.write('{"imageBase64":"data:image/jpeg;base64,');
    let sent = 40;
    const writeMore = () => {
      while (sent + chunk.length <= OVERSIZED_BYTES) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', writeMore);
      }
      request.end(Buffer.alloc(OVERSIZED_BYTES - sent, 'a'));
    };
    writeMore();
  });
}

/** What the client saw: the status of a complete answer, or the error that cut it off. */
async function outcomeOf(target: string, connection: 'close' | 'keep-alive', headers?: Record<string, string>): Promise<string> {
  try {
    const { status, body } = await postOversized(target, connection, headers);
    const message = (JSON.parse(body) as { error?: string; message?: string }).error ?? body;
    return `${status} ${message}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

const REFUSAL = '413 The request is too large: the image must be at most 10 MB.';

describe('a 20 MB webhook upload is refused with 413 and its message, five times in a row', () => {
  for (const connection of ['close', 'keep-alive'] as const) {
    for (const [where, target] of [
      ['straight to the processor', stack.processorUrl],
      ['through the gateway', stack.webhookUrl],
    ] as const) {
      it(`${where}, Connection: ${connection}`, async () => {
        const outcomes: Record<string, number> = {};
        for (let n = 0; n < 5; n++) {
          const outcome = await outcomeOf(target, connection);
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }
        expect(outcomes).toEqual({ [REFUSAL]: 5 });
      });
    }
  }
});

describe('a 20 MB insert through the gateway is refused with 413 and its message, five times in a row', () => {
  for (const connection of ['close', 'keep-alive'] as const) {
    it(`Connection: ${connection}`, async () => {
      const outcomes: Record<string, number> = {};
      for (let n = 0; n < 5; n++) {
        const outcome = await outcomeOf(`${stack.url}/rest/v1/contacts`, connection, anonHeaders);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      expect(outcomes).toEqual({ '413 {"message":"The submission is too large.","hint":"A request body may be at most 65536 bytes."}': 5 });
    });
  }
});
