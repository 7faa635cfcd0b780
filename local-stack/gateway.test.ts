import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './gateway';
import { findFreePort } from './ports';

let storageDir: string;

beforeAll(() => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
});
afterAll(() => {
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('the gateway in front of the visualizer processor', () => {
  it('ends the upstream request when the visitor hangs up before the body has arrived', async () => {
    // A stand-in processor that records whether the request it was handed ends or is cut off.
    let upstreamClosed: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const processor = http.createServer((request) => {
      request.resume();
      request.on('close', () => upstreamClosed());
    });
    const processorPort = await findFreePort();
    await new Promise<void>((resolve) => processor.listen(processorPort, '127.0.0.1', resolve));
    const proxying = await startGateway({
      port: await findFreePort(),
      postgrestPort: await findFreePort(),
      processorPort,
      storageDir,
      apiKeys: [],
    });
    try {
      const { port } = new URL(proxying.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.on('connect', resolve));
      socket.write(
        'POST /functions/v1/floor-visualizer HTTP/1.1\r\nhost: localhost\r\ncontent-length: 1000000\r\n\r\n{',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      // A hang guard, not a speed check: the race ends as soon as the upstream closes (a busy machine can keep it
      // seconds late).
      await expect(
        Promise.race([
          closed.then(() => 'closed'),
          new Promise((resolve) => setTimeout(() => resolve('still open'), 30_000)),
        ]),
      ).resolves.toBe('closed');
    } finally {
      await proxying.stop();
      processor.closeAllConnections();
      await new Promise((resolve) => processor.close(resolve));
    }
  });

  it("names the connecting address in CF-Connecting-IP and appends it to X-Forwarded-For, as Cloudflare does, dropping the client's own address headers", async () => {
    // A stand-in for PostgREST and the processor: it records the headers of what the gateway hands it.
    const seen: http.IncomingHttpHeaders[] = [];
    const upstream = http.createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      request.on('end', () => response.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
    });
    const upstreamPort = await findFreePort();
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
    const proxying = await startGateway({
      port: await findFreePort(),
      postgrestPort: upstreamPort,
      processorPort: upstreamPort,
      storageDir,
      apiKeys: ['test-anon-key'],
    });
    // What a visitor would send to pass for someone else, or to rotate the address the throttle counts.
    const forged = {
      'CF-Connecting-IP': '198.51.100.1',
      'True-Client-IP': '198.51.100.2',
      'X-Real-IP': '198.51.100.3',
      'X-Client-IP': '198.51.100.4',
      Forwarded: 'for=198.51.100.5',
      'X-Forwarded-For': '203.0.113.9',
    };
    try {
      for (const path of ['/rest/v1/leads', '/functions/v1/floor-visualizer']) {
        const response = await fetch(`${proxying.url}${path}`, {
          method: 'POST',
          headers: { apikey: 'test-anon-key', 'content-type': 'application/json', ...forged },
          body: '{}',
        });
        expect(response.status).toBe(201);
      }
      expect(seen).toHaveLength(2);
      for (const headers of seen) {
        expect(headers['cf-connecting-ip']).toBe('127.0.0.1');
        expect(headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
        expect(headers['true-client-ip']).toBeUndefined();
        expect(headers['x-real-ip']).toBeUndefined();
        expect(headers['x-client-ip']).toBeUndefined();
        expect(headers.forwarded).toBeUndefined();
      }
    } finally {
      await proxying.stop();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
