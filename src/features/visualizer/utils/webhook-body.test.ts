import { Blob as NodeBlob } from 'node:buffer';
import { CompressionStream as NodeCompressionStream } from 'node:stream/web';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { visualizerWebhookPayloadSchema } from '@contracts/visualizer-webhook';
import { gzipped, storedGzip, webhookBody, type WireBody } from './webhook-body';

const dataUrl = `data:image/jpeg;base64,${Buffer.from(Array.from({ length: 30_000 }, (_, i) => (i * 7919) % 251)).toString('base64')}`;

function payload(name: string, email = 'dana@example.com', fileName = 'living-room.jpg') {
  return visualizerWebhookPayloadSchema.parse({
    requestId: '3f0c5a52-8d1e-4c55-9a57-1c3e2f9b7a10',
    name,
    email,
    imageBase64: dataUrl,
    fileName,
  });
}

const bytesOf = (body: WireBody) => Buffer.from(typeof body.data === 'string' ? body.data : new Uint8Array(body.data));

describe('the webhook body', () => {
  // jsdom's Blob has no stream() and jsdom no CompressionStream: Node's, as a browser has them.
  beforeAll(() => {
    vi.stubGlobal('Blob', NodeBlob);
    vi.stubGlobal('CompressionStream', NodeCompressionStream);
  });
  afterAll(() => vi.unstubAllGlobals());

  it('inflates to exactly the payload JSON, whatever the visitor typed, and carries the photo gzipped ahead as it is', async () => {
    const photo = { dataUrl, gzippedDataUrl: await gzipped(dataUrl) };
    const names = ['Dana Whitman', 'José "Pepe" Núñez', 'Back\\slash \u2028 line', '"imageBase64":"', '名前 😀'];
    for (const name of names) {
      const sent = payload(name, 'a!b@example.com', 'IMG "1".heic');
      const body = await webhookBody(sent, photo);
      expect(body.encoding).toBe('gzip');
      expect(body.size).toBe(bytesOf(body).length);
      expect(gunzipSync(bytesOf(body)).toString('utf8')).toBe(JSON.stringify(sent));
      // The photo's member is the one made when the photo was prepared: nothing of it is compressed again.
      expect(bytesOf(body).includes(Buffer.from(photo.gzippedDataUrl!))).toBe(true);
    }
  });

  it('compresses nothing at the click when the photo was gzipped ahead', async () => {
    const photo = { dataUrl, gzippedDataUrl: await gzipped(dataUrl) };
    let compressions = 0;
    vi.stubGlobal(
      'CompressionStream',
      class extends NodeCompressionStream {
        constructor(format: 'gzip') {
          super(format);
          compressions += 1;
        }
      },
    );
    try {
      const sent = payload('Dana Whitman');
      const body = await webhookBody(sent, photo);
      expect(gunzipSync(bytesOf(body)).toString('utf8')).toBe(JSON.stringify(sent));
      expect(compressions).toBe(0);
    } finally {
      vi.stubGlobal('CompressionStream', NodeCompressionStream);
    }
  });

  it('writes a stored gzip member that any reader inflates, also past one stored block', () => {
    for (const text of ['', '{"requestId":"x","name":"José"', 'a'.repeat(70_000) + '😀']) {
      expect(gunzipSync(storedGzip(text)).toString('utf8')).toBe(text);
    }
  });

  it('gzips the whole text when the photo has no member made ahead', async () => {
    const sent = payload('Dana Whitman');
    const body = await webhookBody(sent, { dataUrl, gzippedDataUrl: null });
    expect(body.encoding).toBe('gzip');
    expect(gunzipSync(bytesOf(body)).toString('utf8')).toBe(JSON.stringify(sent));
  });

  it("does not use a member made from another photo's text", async () => {
    const sent = payload('Dana Whitman');
    const other = `${dataUrl.slice(0, -8)}AAAAAAAA`;
    const body = await webhookBody(sent, { dataUrl: other, gzippedDataUrl: await gzipped(other) });
    expect(gunzipSync(bytesOf(body)).toString('utf8')).toBe(JSON.stringify(sent));
  });
});
