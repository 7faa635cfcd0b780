import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedPhoto } from '../floor-engine.ts';
import { createHttpFloorEngine } from './http-floor-engine.ts';

/** A stand-in for an external AI floor service: paints the bottom half of whatever photo it receives. */
let stubReply: 'paint' | 'error' | 'text' = 'paint';
const received: Array<{ contentType: string | undefined; authorization: string | undefined; url: string }> = [];
const stub = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    received.push({ contentType: request.headers['content-type'], authorization: request.headers.authorization, url: request.url ?? '' });
    if (stubReply === 'error') {
      response.writeHead(503).end('busy');
      return;
    }
    if (stubReply === 'text') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      return;
    }
    const input = sharp(Buffer.concat(chunks));
    const { width = 0, height = 0 } = await input.metadata();
    const paint = await sharp({ create: { width, height: Math.floor(height / 2), channels: 3, background: '#8b5a2b' } }).png().toBuffer();
    const output = await input.composite([{ input: paint, top: height - Math.floor(height / 2), left: 0 }]).png().toBuffer();
    response.writeHead(200, { 'content-type': 'image/png' }).end(output);
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/render`;
});
afterAll(() => new Promise((resolve) => stub.close(resolve)));

const photo: DecodedPhoto = { width: 64, height: 48, pixels: Buffer.alloc(64 * 48 * 3, 200) };

describe('the HTTP floor engine', () => {
  it('sends the photo as JPEG and returns the service image with a mask of what it changed', async () => {
    stubReply = 'paint';
    const result = await createHttpFloorEngine({ url, apiKey: 'secret' }).visualize(photo, {
      styles: ['walnut', 'hickory'],
      taps: [{ x: 0.5, y: 0.9, floor: false }],
    });
    expect(received.slice(-2)).toEqual([
      { contentType: 'image/jpeg', authorization: 'Bearer secret', url: `/render?style=walnut&taps=${encodeURIComponent('[{"x":0.5,"y":0.9,"floor":false}]')}` },
      { contentType: 'image/jpeg', authorization: 'Bearer secret', url: `/render?style=hickory&taps=${encodeURIComponent('[{"x":0.5,"y":0.9,"floor":false}]')}` },
    ]);
    expect([result.width, result.height]).toEqual([64, 48]);
    expect(result.renders.map((render) => render.style)).toEqual(['walnut', 'hickory']);
    expect((await sharp(result.renders[0]!.image).metadata()).format).toBe('jpeg');
    expect(result.mask[5 * 64 + 10]).toBe(0);
    expect(result.mask[40 * 64 + 10]).toBe(255);
  });

  it('reports a service error and a reply that is not an image', async () => {
    stubReply = 'error';
    await expect(createHttpFloorEngine({ url }).visualize(photo)).rejects.toThrow(/answered 503/);
    stubReply = 'text';
    await expect(createHttpFloorEngine({ url }).findFloor(photo)).rejects.toThrow(/not an image/);
  });
});
