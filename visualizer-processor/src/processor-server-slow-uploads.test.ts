import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_REFUSAL, WEBHOOK_REQUEST_ID_HEADER } from '../../contracts/visualizer-webhook.ts';
import { createProcessorServer, uploadSlotHolder, type ProcessorDependencies, type ProcessorServer } from './processor-server.ts';
import { newRequestRow } from '../testing/request-rows.ts';
import { createLocalUploadStore } from './upload-store.ts';
import { FAILURE_REASONS } from './visitor-failure-reasons.ts';
import { createInMemoryVisualizerRequestRepository } from './visualizer-request-repository.ts';

/**
 * One upload slot: a connection that trickles its body (a "slow loris") or hangs up half-way must give the
 * slot back, or every later visitor's upload waits behind it.
 */
const servers: { processor: ProcessorServer; uploadsDir: string }[] = [];

async function startProcessor(uploadGraceMs: number, options: Partial<ProcessorDependencies> = {}): Promise<number> {
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'visualizer-slow-uploads-'));
  const processor = createProcessorServer({
    repository: createInMemoryVisualizerRequestRepository([]),
    uploads: createLocalUploadStore(uploadsDir),
    engineName: 'test',
    maxUploadsInFlight: 1,
    minUploadBytesPerSecond: 8 * 1024,
    uploadGraceMs,
    // The quick calls name made-up ids: refused at once, not after the wait for a row being inserted.
    rowWaitMs: 0,
    log: () => undefined,
    ...options,
  });
  servers.push({ processor, uploadsDir });
  await new Promise<void>((resolve) => processor.server.listen(0, '127.0.0.1', resolve));
  return (processor.server.address() as AddressInfo).port;
}

afterAll(async () => {
  for (const { processor, uploadsDir } of servers) {
    processor.server.closeAllConnections();
    await new Promise((resolve) => processor.server.close(resolve));
    await rm(uploadsDir, { recursive: true, force: true });
  }
});

/** Opens a webhook call that declares a 1 MB body and sends one byte of it. */
function trickleUpload(port: number, headers = ''): Promise<{ socket: net.Socket; reply: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST / HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000000\r\n${headers}\r\n{`);
      let received = '';
      const reply = new Promise<string>((done) => {
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => done(received));
        socket.on('error', () => undefined);
      });
      resolve({ socket, reply });
    });
  });
}

/** A well-formed call for an unknown id: read to its end, answered with the one refusal. */
async function quickCall(port: number, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ requestId: randomUUID(), name: 'Jo Park', email: 'jo@example.com', fileName: 'room.jpg' }),
    signal: AbortSignal.timeout(10_000),
  });
  return response.status;
}

describe('an upload slot held by a trickling or abandoned body', () => {
  it('is taken back from a body slower than 8 KiB/s after the grace: the sender gets 408 and the next visitor is served', async () => {
    const port = await startProcessor(300);
    const { reply } = await trickleUpload(port);
    // The slot is held: with one slot, the next call waits until the trickle is cut off, then goes through.
    expect(await quickCall(port)).toBe(WEBHOOK_REFUSAL.status);
    expect(await reply).toMatch(/^HTTP\/1\.1 408[\s\S]*The upload was too slow/);
  });

  it('is freed when the sender hangs up half-way, long before the grace ends', async () => {
    const port = await startProcessor(60_000);
    const { socket } = await trickleUpload(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    expect(await quickCall(port)).toBe(WEBHOOK_REFUSAL.status);
  });

  it('is never taken by a call whose client went while it waited for it (issue 38: 40 such held every upload for 2 minutes)', async () => {
    const port = await startProcessor(60_000);
    const holder = await trickleUpload(port);
    const abandoned = await Promise.all(Array.from({ length: 5 }, () => trickleUpload(port)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const { socket } of abandoned) socket.destroy();
    holder.socket.destroy();
    // Each abandoned call would have held the only slot for the 60 s grace in turn.
    expect(await quickCall(port)).toBe(WEBHOOK_REFUSAL.status);
  });

  it('is taken back from a body that stops arriving, with 408, before the rate check would', async () => {
    const port = await startProcessor(60_000, { uploadIdleMs: 300 });
    const { reply } = await trickleUpload(port);
    expect(await reply).toMatch(/^HTTP\/1\.1 408[\s\S]*The upload stopped arriving/);
  });

  it('one client address holds at most its share: another client is served while that one trickles', async () => {
    const port = await startProcessor(60_000, { maxUploadsInFlight: 2, maxUploadsPerClient: 1, clientAddressHeader: 'x-client' });
    const first = await trickleUpload(port, 'x-client: 198.51.100.7\r\n');
    const second = await trickleUpload(port, 'x-client: 198.51.100.7\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The header's last entry counts (decision 005), so a forged first entry does not make another client.
    expect(await quickCall(port, { 'x-client': '203.0.113.9, 198.51.100.8' })).toBe(WEBHOOK_REFUSAL.status);
    expect([first.socket.destroyed, second.socket.destroyed]).toEqual([false, false]);
  });

  it('counts an IPv6 client by its /64 network, as the write throttle does: a second address of that network waits', async () => {
    const port = await startProcessor(60_000, { maxUploadsInFlight: 2, maxUploadsPerClient: 1, clientAddressHeader: 'x-client' });
    const first = await trickleUpload(port, 'x-client: 2001:db8:1:2::7\r\n');
    // Another address of the same host's /64: before, it took the second slot and nobody else was served.
    const second = await trickleUpload(port, 'x-client: 2001:DB8:1:2:ffff::8\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await quickCall(port, { 'x-client': '2001:db8:1:3::7' })).toBe(WEBHOOK_REFUSAL.status);
    expect([first.socket.destroyed, second.socket.destroyed]).toEqual([false, false]);
    expect(['2001:db8:1:2::7', '2001:0db8:0001:0002:ffff:0:0:8', '2001:db8:1:2:3:4:5:6', '198.51.100.7', '::1'].map(uploadSlotHolder)).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      '198.51.100.7',
      '0:0:0:0::/64',
    ]);
  });
});

describe('a photo whose row is not there yet (the page sends it beside the insert)', () => {
  it('gives the upload slot back at once when its client hangs up during the wait for the row', async () => {
    const repository = createInMemoryVisualizerRequestRepository([]);
    // An existing row sent with another name: refused at once, with no wait, once it has a slot.
    const other = newRequestRow({ status: 'pending' });
    repository.rows.set(other.id, other);
    const port = await startProcessor(60_000, { repository, rowWaitMs: 60_000 });
    const body = JSON.stringify({ requestId: randomUUID(), name: 'Jo Park', email: 'jo@example.com', fileName: 'room.jpg' });
    const head = `POST / HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}`;
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    socket.on('error', () => undefined);
    // The whole body is in and the processor waits for a row nobody will insert; then the caller goes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: other.id, name: 'Someone Else', email: 'jo@example.com', fileName: 'room.jpg' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(WEBHOOK_REFUSAL.status);
  });
});

describe('a request that never finishes its headers', () => {
  it('is answered 408 and closed once the headers deadline passes', async () => {
    const port = await startProcessor(60_000, { headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const socket = net.connect(port, '127.0.0.1', () => socket.write('POST / HTTP/1.1\r\nhost: localhost\r\n'));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});

/** Waits until `check` holds, up to 30 s: a guard against a hang, not a speed check (a loaded runner is slow to see a socket go). */
async function untilSettled(check: () => boolean): Promise<void> {
  for (let wait = 0; wait < 1200 && !check(); wait += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('a photo that never arrives for the request the call names in its header', () => {
  it("fails the pending row with the 408's own words when the upload stops arriving", async () => {
    const repository = createInMemoryVisualizerRequestRepository([]);
    const pending = newRequestRow({ status: 'pending' });
    repository.rows.set(pending.id, pending);
    const port = await startProcessor(60_000, { repository, uploadIdleMs: 300 });
    const { reply } = await trickleUpload(port, `${WEBHOOK_REQUEST_ID_HEADER}: ${pending.id}\r\n`);
    expect(await reply).toMatch(/^HTTP\/1\.1 408/);
    await untilSettled(() => repository.rows.get(pending.id)!.status !== 'pending');
    expect(repository.rows.get(pending.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The upload stopped arriving. Please try again on a stronger connection.',
    });
  });

  it('fails a row inserted after its photo was given up on (408) once the row has had its time, not after the hour', async () => {
    // The page inserts the row beside the photo (decision 025, session 20): the 408 can come before the row is there.
    const repository = createInMemoryVisualizerRequestRepository([]);
    const late = newRequestRow({ status: 'pending' });
    const port = await startProcessor(60_000, { repository, uploadIdleMs: 300, rowWaitMs: 600 });
    const { reply } = await trickleUpload(port, `${WEBHOOK_REQUEST_ID_HEADER}: ${late.id}\r\n`);
    expect(await reply).toMatch(/^HTTP\/1\.1 408/);
    repository.rows.set(late.id, late);
    await untilSettled(() => repository.rows.get(late.id)!.status !== 'pending');
    expect(repository.rows.get(late.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The upload stopped arriving. Please try again on a stronger connection.',
    });
  });

  it('fails it when the client goes half-way (a reload, a lost connection) or while its upload waits for a slot', async () => {
    const repository = createInMemoryVisualizerRequestRepository([]);
    const reading = newRequestRow({ status: 'pending' });
    const waiting = newRequestRow({ status: 'pending' });
    for (const row of [reading, waiting]) repository.rows.set(row.id, row);
    const port = await startProcessor(60_000, { repository, resendGraceMs: 200 });
    const first = await trickleUpload(port, `${WEBHOOK_REQUEST_ID_HEADER}: ${reading.id}\r\n`);
    const second = await trickleUpload(port, `${WEBHOOK_REQUEST_ID_HEADER}: ${waiting.id}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    second.socket.destroy();
    first.socket.destroy();
    await untilSettled(() => [reading, waiting].every((row) => repository.rows.get(row.id)!.status !== 'pending'));
    for (const row of [reading, waiting]) {
      expect(repository.rows.get(row.id)).toMatchObject({ status: 'failed', failure_reason: FAILURE_REASONS.neverArrived });
    }
  });

  it("leaves the row to the browser's own resend of a call that broke half-way, and fails it if that one goes too", async () => {
    // Chromium sends a call again by itself, photo and all, when the reused connection it went on (the preflight's)
    // broke before any answer: failing the row at the first call's break had the resend refused and the visitor
    // told that no photo was received.
    const repository = createInMemoryVisualizerRequestRepository([]);
    const pending = newRequestRow({ status: 'pending' });
    repository.rows.set(pending.id, pending);
    const resendGraceMs = 1_000;
    const port = await startProcessor(60_000, { repository, resendGraceMs });
    const naming = `${WEBHOOK_REQUEST_ID_HEADER}: ${pending.id}\r\n`;
    const broken = await trickleUpload(port, naming);
    await new Promise((resolve) => setTimeout(resolve, 50));
    broken.socket.destroy();
    const resent = await trickleUpload(port, naming);
    // Past the broken call's grace (set before this wait, and this process's timers fire in order): the resend,
    // still being read, holds the row.
    await new Promise((resolve) => setTimeout(resolve, resendGraceMs + 500));
    expect(repository.rows.get(pending.id)).toMatchObject({ status: 'pending', failure_reason: null });
    resent.socket.destroy();
    await untilSettled(() => repository.rows.get(pending.id)!.status !== 'pending');
    expect(repository.rows.get(pending.id)).toMatchObject({ status: 'failed', failure_reason: FAILURE_REASONS.neverArrived });
  });

  it('leaves a row that is no longer pending alone: only a photo that never came is failed', async () => {
    const repository = createInMemoryVisualizerRequestRepository([]);
    const rendering = newRequestRow({ status: 'processing' });
    repository.rows.set(rendering.id, rendering);
    const port = await startProcessor(60_000, { repository, uploadIdleMs: 300 });
    const { reply } = await trickleUpload(port, `${WEBHOOK_REQUEST_ID_HEADER}: ${rendering.id}\r\n`);
    expect(await reply).toMatch(/^HTTP\/1\.1 408/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(repository.rows.get(rendering.id)).toMatchObject({ status: 'processing', failure_reason: null });
  });
});
