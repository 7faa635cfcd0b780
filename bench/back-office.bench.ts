/**
 * The back office on a throwaway stack (Postgres + PostgREST + processor + e-mail worker + local mail catcher):
 * - a lead inserted through the gateway (anon key, as the browser's fallback POST sends it) to its confirmation
 *   e-mail accepted by the mail catcher, 50 leads one after the other: median and p95;
 * - e-mails per second the worker sustains (default concurrency 4): 300 e-mails queued at once (150 estimate
 *   requests stored in one transaction, each with a staff notification and a confirmation), median of 3;
 * - 16 simultaneous 12 MP uploads to the webhook: time until the last request has its result, and the
 *   processor's peak memory (VmHWM of its process), median of 2; then 32 at once, once, to show the peak does
 *   not grow with the number of uploads. The photo is a fixture room scaled to
 *   4000×3000 with sensor-like noise, a 4–5 MB JPEG at quality 92, the size a phone camera makes.
 * Alone: npx tsx bench/index.ts back-office
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../local-stack/paths';
import type { Stack } from '../local-stack/stack';
import { mailInbox } from '../tests/support/mail-inbox';
import { startThrowawayStack } from '../tests/support/throwaway-stack';
import { median, percentile, type BenchRow } from './bench-row';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withStack<T>(run: (stack: Stack) => Promise<T>): Promise<T> {
  const stack = await startThrowawayStack({ throttleMaxWrites: 100_000, staffInbox: 'staff-inbox@example.com' });
  try {
    return await run(stack);
  } finally {
    await stack.stop();
  }
}

async function leadToEmail(): Promise<number[]> {
  return withStack(async (stack) => {
    const inbox = mailInbox(stack.mailCatcher!.webUrl);
    const timings: number[] = [];
    for (let i = 0; i < 50; i++) {
      const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
      const started = performance.now();
      const response = await fetch(`${stack.url}/rest/v1/contacts`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ name: 'Bench Visitor', email, phone: '856-555-0100', message: 'Bench' }),
      });
      if (response.status !== 201) throw new Error(`insert answered ${response.status}`);
      for (;;) {
        if ((await inbox.to(email)).length > 0) break;
        await sleep(5);
      }
      timings.push(performance.now() - started);
    }
    return timings;
  });
}

async function emailsPerSecond(): Promise<number[]> {
  return withStack(async (stack) => {
    const db = new pg.Pool({ connectionString: stack.superuserUrl, max: 2 });
    const rates: number[] = [];
    try {
      for (let run = 0; run < 3; run++) {
        const tag = randomUUID().slice(0, 8);
        const started = performance.now();
        await db.query(
          `insert into public.contacts (name, email, phone, message)
           select 'Bench Visitor', 'bench.' || $1 || '.' || n || '@example.com', '856-555-0100', 'Bench'
           from generate_series(1, 150) as n`,
          [tag],
        );
        for (;;) {
          const { rows } = await db.query<{ open: number }>(
            `select count(*)::int as open from back_office.outbound_emails e join public.contacts c on c.id = e.source_id
             where c.email like 'bench.' || $1 || '.%' and e.status <> 'sent'`,
            [tag],
          );
          if (rows[0]!.open === 0) break;
          await sleep(50);
        }
        rates.push(300 / ((performance.now() - started) / 1000));
      }
    } finally {
      await db.end();
    }
    return rates;
  });
}

async function twelveMegapixelPhoto(): Promise<Buffer> {
  const room = path.join(PROJECT_ROOT, 'visualizer-processor', 'fixtures', 'images', 'room-carpet.jpg');
  const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .raw()
    .toBuffer();
  return sharp(room)
    .resize(4000, 3000, { fit: 'fill' })
    .composite([{ input: noise, raw: { width: 4000, height: 3000, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+) kB/)![1]) / 1024;
}

async function simultaneousUploads(photo: Buffer, count: number): Promise<{ seconds: number; peakMb: number }> {
  return withStack(async (stack) => {
    const db = new pg.Pool({ connectionString: stack.superuserUrl, max: 2 });
    try {
      const ids = Array.from({ length: count }, () => randomUUID());
      for (const id of ids) {
        await db.query('insert into public.floor_visualizer_requests (id, customer_name, email) values ($1, $2, $3)', [id, 'Bench Visitor', `bench.${id}@example.com`]);
      }
      const imageBase64 = `data:image/jpeg;base64,${photo.toString('base64')}`;
      const started = performance.now();
      const replies = ids.map((id) =>
        fetch(stack.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requestId: id, name: 'Bench Visitor', email: `bench.${id}@example.com`, imageBase64, fileName: 'phone.jpg' }),
        }).then((response) => response.status),
      );
      for (;;) {
        const { rows } = await db.query<{ open: number; failed: number; reasons: string[] | null }>(
          `select count(*) filter (where status not in ('completed', 'failed'))::int as open,
                  count(*) filter (where status = 'failed')::int as failed,
                  array_agg(distinct failure_reason) filter (where status = 'failed') as reasons
           from public.floor_visualizer_requests where id = any($1::uuid[])`,
          [ids],
        );
        if (rows[0]!.open === 0) {
          if (rows[0]!.failed > 0) throw new Error(`${rows[0]!.failed} of ${count} renders failed: ${rows[0]!.reasons?.join('; ')}`);
          break;
        }
        await sleep(100);
      }
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(replies);
      const processor = stack.children().find((child) => child.name === 'the visualizer processor')!;
      return { seconds, peakMb: peakRssMb(processor.pid()!) };
    } finally {
      await db.end();
    }
  });
}

export default async function benchBackOffice(): Promise<BenchRow[]> {
  const latencies = await leadToEmail();
  const rates = await emailsPerSecond();
  const photo = await twelveMegapixelPhoto();
  const uploads = [];
  for (let run = 0; run < 2; run++) uploads.push(await simultaneousUploads(photo, 16));
  // Twice the uploads must not mean twice the memory: the work held in memory is bounded, not the queue.
  const doubled = await simultaneousUploads(photo, 32);
  const photoNote = `4000×3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB`;
  return [
    { metric: 'lead insert to e-mail accepted by the mail catcher', median: median(latencies), p95: percentile(latencies, 95), unit: 'ms', runs: latencies.length },
    { metric: 'e-mails sent per second (300 queued at once)', median: median(rates), unit: '/s', runs: rates.length, note: 'worker concurrency 4' },
    {
      metric: '16 simultaneous 12 MP uploads: last result',
      median: median(uploads.map((u) => u.seconds)),
      unit: 's',
      runs: uploads.length,
      note: `${photoNote}; 2 renders at a time`,
    },
    {
      metric: '16 simultaneous 12 MP uploads: processor peak memory',
      median: median(uploads.map((u) => u.peakMb)),
      unit: 'MB',
      runs: uploads.length,
      note: 'VmHWM of the processor process',
    },
    {
      metric: '32 simultaneous 12 MP uploads: processor peak memory',
      median: doubled.peakMb,
      unit: 'MB',
      runs: 1,
      note: `last result after ${doubled.seconds.toFixed(0)} s`,
    },
  ];
}
