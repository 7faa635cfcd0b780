import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../scripts/check-deployment/http';

/**
 * check:deployment's requests, as a host in front of the site or the processor sees them: a front that answers a
 * client without a browser's User-Agent (Node sends none) with a healthy page, and browsers with another, would show
 * the check what no visitor sees.
 */
let front: http.Server;
let url: string;
beforeAll(async () => {
  front = http.createServer((incoming, outgoing) => {
    const browser = /Mozilla\/5\.0 .*Chrome\//.test(incoming.headers['user-agent'] ?? '');
    outgoing
      .writeHead(browser ? 503 : 200, { 'content-type': 'text/plain' })
      .end(browser ? 'down for visitors' : 'all well');
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
});

describe("check:deployment's requests", () => {
  it("are sent as a visitor's browser sends them, so a front that tells the check apart by its User-Agent shows it what visitors get", async () => {
    const reply = await request(url);

    expect([reply.status, reply.body]).toEqual([503, 'down for visitors']);
  });

  it('still send the headers a line gives them', async () => {
    const reply = await request(url, { headers: { 'user-agent': 'curl/8' } });

    expect(reply.status).toBe(200);
  });
});
