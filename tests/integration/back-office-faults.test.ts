import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../local-stack/migrations';
import { EMAIL_WORKER_ENTRY, PROCESSOR_ENTRY } from '../../local-stack/paths';
import { findFreePort } from '../../local-stack/ports';
import { startPostgres, type PostgresHandle } from '../../local-stack/postgres';
import { REFUSED_MAIL_DOMAIN, emailWorkerChild, type Stack } from '../../local-stack/stack';
import { createSupervisor, type Supervisor } from '../../local-stack/supervisor';
import { UPLOADS_BUCKET } from '../../contracts/visualizer-webhook';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { createTestSmtpServer } from '../support/test-smtp-server';
import { startThrowawayStack } from '../support/throwaway-stack';

/**
 * The back office under faults, each with workers this file starts and kills itself: an address the SMTP
 * server refuses, the SMTP server down, an e-mail worker killed mid-send, Postgres restarted mid-send, the
 * visualizer processor killed mid-render. Each must end with every e-mail sent once (or dead with the reason)
 * and every visualizer request finished.
 */
let stack: Stack;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  stack = await startThrowawayStack({ withEmailWorker: false, throttleMaxWrites: 10_000, staffInbox: 'staff-inbox@example.com' });
}, 120_000);

afterEach(() => {
  for (const worker of workers.splice(0)) worker.kill('SIGKILL');
});

afterAll(async () => {
  await stack?.stop();
});

type Worker = { child: ChildProcess; output: string[] };

/** Starts `email-worker/src/main.ts` as a deployment would, and waits until it takes jobs. */
async function startEmailWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', EMAIL_WORKER_ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        output.push(line);
        if (line.startsWith('email worker running')) resolve();
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    child.once('exit', (code) => reject(new Error(`The e-mail worker exited (${code}):\n${output.join('\n')}`)));
  });
  return { child, output };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Polls until `check` gives a value (database errors while Postgres is away count as "not yet"). */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A Postgres of the test's own, in a folder of its own, that the test stops and starts again (same port, same
 * data). Each start gets a supervisor of its own: a stopped Postgres's supervisor is done with it.
 */
async function restartablePostgres(prefix: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(folder, 0o755);
  const port = await findFreePort();
  const supervisors: Supervisor[] = [];
  return {
    folder,
    start(): Promise<PostgresHandle> {
      const supervisor = createSupervisor({ log: () => {}, onFatal: () => {} });
      supervisors.push(supervisor);
      return startPostgres({ supervisor, dataDir: path.join(folder, 'postgres'), port, fsync: false });
    },
    async remove() {
      for (const supervisor of supervisors) await supervisor.stopAll();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

type EmailRow = { id: string; kind: string; status: string; attempts: number; status_reason: string | null };

function emailsOf(url: string, leadId: string): Promise<EmailRow[]> {
  return query<EmailRow>(
    url,
    'select id, kind, status, attempts, status_reason from back_office.outbound_emails where source_id = $1 order by kind',
    [leadId],
  );
}

async function insertGuideLead(url: string, email: string): Promise<string> {
  const [row] = await query<{ id: string }>(url, 'insert into public.leads (email) values ($1) returning id', [email]);
  return row!.id;
}

const messageIdOf = (emailId: string) => `<${emailId}@example.com>`;

describe('e-mail under faults', () => {
  // Decision 032, session 35 (migration 20261210300000): a server's "no such mailbox" was asked three times, and
  // every later form with the address sent to it again.
  it('an address the SMTP server refuses as unknown: dead at once, and later e-mails to it held back while its row keeps the address', async () => {
    const worker = await startEmailWorker(stack.emailWorkerEnv);
    const visitor = `nobody.${randomUUID().slice(0, 6)}@${REFUSED_MAIL_DOMAIN}`;
    const leadId = await insertGuideLead(stack.superuserUrl, visitor);
    const settled = (id: string) =>
      eventually('the guide settled and the staff e-mail sent', async () => {
        const rows = await emailsOf(stack.superuserUrl, id);
        const done = rows.every((row) => ['dead', 'sent', 'suppressed'].includes(row.status));
        return done && rows.length === 2 ? rows : undefined;
      });

    const emails = await settled(leadId);
    const [guide, staff] = [emails.find((row) => row.kind === 'guide')!, emails.find((row) => row.kind === 'staff_guide')!];
    expect(staff.status).toBe('sent');
    expect(guide).toMatchObject({ status: 'dead', attempts: 1 });
    expect(guide.status_reason).toMatch(/^Address refused on attempt 1: .*550 5\.1\.1/);
    expect(guide.status_reason).not.toContain(visitor);
    expect(worker.output.join('\n')).not.toContain(visitor);
    expect(worker.output.join('\n')).toContain(`email ${guide.id} (guide): dead, the recipient's server refused the address`);

    // The same address again, in capitals: nothing is sent to it; staff still hear of the sign-up.
    const again = await settled(await insertGuideLead(stack.superuserUrl, visitor.toUpperCase()));
    expect(again.find((row) => row.kind === 'guide')).toMatchObject({
      status: 'suppressed',
      attempts: 0,
      status_reason: 'A mail server refused this address as one that does not exist',
    });
    expect(again.find((row) => row.kind === 'staff_guide')!.status).toBe('sent');

    // The retention job clears the refused e-mail's address after the period every address is kept: the hold ends.
    await query(stack.superuserUrl, "update back_office.outbound_emails set created_at = now() - interval '31 days', last_attempt_at = now() - interval '31 days' where id = $1", [guide.id]);
    await query(stack.superuserUrl, "select back_office.remove_expired_email_recipients(interval '30 days', 1000)");
    const later = await settled(await insertGuideLead(stack.superuserUrl, visitor));
    expect(later.find((row) => row.kind === 'guide')).toMatchObject({ status: 'dead', attempts: 1 });
  });

  // Hosted Supabase's databases are C.UTF-8 (the local stack's are C), where lower() also folds letters outside
  // ASCII: 'K' (U+212A, the Kelvin sign) becomes 'k' and 'İ' becomes 'i'. An address typed with one is one the
  // recipient's server refuses, and the refusal then held back every e-mail to the real address for 30 days: any
  // visitor could silence anyone's confirmations (migration 20261210600000).
  it("a refused spelling that only a Unicode case rule makes someone else's address holds nothing back (a C.UTF-8 database, as hosted)", async () => {
    const name = `refused_fold_${randomUUID().slice(0, 8)}`;
    // Postgres's own C.UTF-8 (the builtin provider, Postgres 17+), which folds as glibc's does: no locale of the OS needed.
    await query(
      stack.superuserUrl,
      `create database ${name} template template0 encoding 'UTF8' locale_provider builtin builtin_locale 'C.UTF-8' locale 'C'`,
    );
    const url = new URL(stack.superuserUrl);
    url.pathname = `/${name}`;
    try {
      await applyMigrations(url.href);
      // What the worker records when a server refuses an address (markAddressRefused), a day before the visitor's form.
      const refuse = async (address: string) => {
        const leadId = await insertGuideLead(url.href, address);
        await query(
          url.href,
          "update back_office.outbound_emails set status = 'dead', address_refused_at = now(), created_at = now() - interval '1 day' where source_id = $1 and kind = 'guide'",
          [leadId],
        );
      };
      const guideOf = async (address: string) =>
        (await emailsOf(url.href, await insertGuideLead(url.href, address))).find((row) => row.kind === 'guide');

      await refuse('\u212Aate@example.com');
      await refuse('\u0130ris@example.com');
      expect(await guideOf('kate@example.com')).toMatchObject({ status: 'queued', status_reason: null });
      expect(await guideOf('iris@example.com')).toMatchObject({ status: 'queued', status_reason: null });
      // The address in other capitals is still the refused one.
      await refuse('Nobody@Example.com');
      expect(await guideOf('nobody@example.com')).toMatchObject({
        status: 'suppressed',
        status_reason: 'A mail server refused this address as one that does not exist',
      });
    } finally {
      await query(stack.superuserUrl, `drop database ${name} with (force)`);
    }
  });

  it('the SMTP server down: retried with backoff, then sent once when it is back', async () => {
    const smtpPort = await findFreePort();
    const smtp = createTestSmtpServer(smtpPort);
    await startEmailWorker({ ...stack.emailWorkerEnv, SMTP_PORT: String(smtpPort) });
    const leadId = await insertGuideLead(stack.superuserUrl, `outage.${randomUUID().slice(0, 6)}@example.com`);

    await eventually('two failed attempts', async () => {
      const rows = await emailsOf(stack.superuserUrl, leadId);
      return rows.length === 2 && rows.every((row) => row.attempts >= 2) ? rows : undefined;
    });
    expect((await emailsOf(stack.superuserUrl, leadId))[0]!.status_reason).toMatch(/^Attempt \d failed: .*ECONNREFUSED/);
    await smtp.start();
    try {
      const sent = await eventually('both e-mails sent', async () => {
        const rows = await emailsOf(stack.superuserUrl, leadId);
        return rows.every((row) => row.status === 'sent') ? rows : undefined;
      });
      for (const email of sent) expect(smtp.accepted.filter((m) => m.messageId === messageIdOf(email.id))).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
  });

  it('the worker killed mid-send: the next worker takes the job over and the e-mail is sent once', async () => {
    const smtpPort = await findFreePort();
    const smtp = createTestSmtpServer(smtpPort);
    await smtp.start();
    try {
      const env = { ...stack.emailWorkerEnv, SMTP_PORT: String(smtpPort) };
      const first = await startEmailWorker(env);
      smtp.holdReplies();
      const inFlight = smtp.nextMessageInFlight();
      const leadId = await insertGuideLead(stack.superuserUrl, `killed.${randomUUID().slice(0, 6)}@example.com`);
      await inFlight;

      // The server has the message but has not said "accepted" when the worker dies, so it was not delivered.
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      smtp.dropHeld();
      smtp.release();
      await startEmailWorker(env);

      const sent = await eventually(
        'both e-mails sent by the second worker',
        async () => {
          const rows = await emailsOf(stack.superuserUrl, leadId);
          return rows.length === 2 && rows.every((row) => row.status === 'sent') ? rows : undefined;
        },
        120_000,
      );
      for (const email of sent) expect(smtp.accepted.filter((m) => m.messageId === messageIdOf(email.id))).toHaveLength(1);
      expect(Math.max(...sent.map((row) => row.attempts))).toBe(2);
    } finally {
      await smtp.stop();
    }
  }, 180_000);
});

describe('e-mail across a Postgres restart', () => {
  it('a send in flight while Postgres restarts is recorded once Postgres is back, and not sent again', async () => {
    const postgres = await restartablePostgres('flooring-site-pg-restart-');
    const smtpPort = await findFreePort();
    const smtp = createTestSmtpServer(smtpPort);
    let database: PostgresHandle | undefined;
    try {
      database = await postgres.start();
      await applyMigrations(database.superuserUrl);
      await smtp.start();
      const worker = await startEmailWorker({ ...stack.emailWorkerEnv, DATABASE_URL: database.superuserUrl, SMTP_PORT: String(smtpPort) });

      smtp.holdReplies();
      const inFlight = smtp.nextMessageInFlight();
      const leadId = await insertGuideLead(database.superuserUrl, `restart.${randomUUID().slice(0, 6)}@example.com`);
      await inFlight;
      await database.stop();
      smtp.release(); // delivered while the database is away: the worker cannot record it yet
      await new Promise((resolve) => setTimeout(resolve, 3_000)); // the outage
      database = await postgres.start();

      const url = database.superuserUrl;
      const sent = await eventually('both e-mails recorded as sent', async () => {
        const rows = await emailsOf(url, leadId);
        return rows.length === 2 && rows.every((row) => row.status === 'sent') ? rows : undefined;
      });
      for (const email of sent) expect(smtp.accepted.filter((m) => m.messageId === messageIdOf(email.id))).toHaveLength(1);
      // Every job finished: none left locked or waiting.
      await eventually('the queue to be empty', async () =>
        (await query(url, 'select id from graphile_worker.jobs')).length === 0 ? true : undefined,
      );
      expect(worker.child.exitCode).toBeNull();
    } finally {
      for (const worker of workers.splice(0)) worker.kill('SIGKILL');
      await smtp.stop();
      await postgres.remove();
    }
  }, 180_000);
});

describe('e-mail across a Postgres crash while the worker is stopped', () => {
  it('a send accepted while Postgres is down is recorded before the worker exits, and the next worker does not send it again', async () => {
    // Issue 27: 4 of 306 e-mails went out twice. They reached SMTP as Postgres died; "sent" could not be recorded,
    // the stack's supervisor stopped the worker and killed it 8 s after SIGTERM, and the next worker sent again.
    const postgres = await restartablePostgres('flooring-site-pg-crash-');
    const smtpPort = await findFreePort();
    const smtp = createTestSmtpServer(smtpPort);
    const workerSupervisor = createSupervisor({ log: () => {}, onFatal: () => {} });
    try {
      let database = await postgres.start();
      await applyMigrations(database.superuserUrl);
      await smtp.start();
      const env = { ...stack.emailWorkerEnv, DATABASE_URL: database.superuserUrl, SMTP_PORT: String(smtpPort) };
      const output: string[] = [];
      const worker = await workerSupervisor.start(emailWorkerChild(env, (line) => output.push(line)));
      const pid = worker.pid()!;

      smtp.holdReplies();
      const inFlight = smtp.nextMessageInFlight();
      const leadId = await insertGuideLead(database.superuserUrl, `crash.${randomUUID().slice(0, 6)}@example.com`);
      await inFlight;
      await database.stop();
      smtp.release(); // accepted while the database is away
      // The stack stops (Ctrl-C, a deploy): SIGTERM now, and the database is back only after the old 8 s.
      const stopped = workerSupervisor.stopAll();
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      database = await postgres.start();
      await stopped;
      expect(() => process.kill(pid, 0)).toThrow();

      // Whatever the first worker left unfinished, the next one takes over.
      await startEmailWorker({ ...env, DATABASE_URL: database.superuserUrl });
      const url = database.superuserUrl;
      const sent = await eventually('both e-mails recorded as sent', async () => {
        const rows = await emailsOf(url, leadId);
        return rows.length === 2 && rows.every((row) => row.status === 'sent') ? rows : undefined;
      });
      for (const email of sent) {
        expect([email.kind, smtp.accepted.filter((m) => m.messageId === messageIdOf(email.id)).length]).toEqual([email.kind, 1]);
      }
      expect(output.join('\n')).not.toContain('could not be recorded');
    } finally {
      for (const worker of workers.splice(0)) worker.kill('SIGKILL');
      await workerSupervisor.stopAll();
      await smtp.stop();
      await postgres.remove();
    }
  }, 180_000);
});

describe('the visualizer across a Postgres restart', () => {
  it('a render running while Postgres restarts is taken over, and the request completes', async () => {
    const postgres = await restartablePostgres('flooring-site-pg-restart-');
    const processorPort = await findFreePort();
    let processor: ChildProcess | undefined;
    try {
      let database = await postgres.start();
      await applyMigrations(database.superuserUrl);
      const output: string[] = [];
      processor = spawn(process.execPath, ['--import', 'tsx', PROCESSOR_ENTRY], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(processorPort),
          SUPABASE_URL: 'http://127.0.0.1:9',
          SUPABASE_SERVICE_ROLE_KEY: 'unused-with-local-storage',
          DATABASE_URL: database.superuserUrl,
          VISUALIZER_STORAGE: 'local',
          VISUALIZER_STORAGE_DIR: path.join(postgres.folder, 'storage'),
          VISUALIZER_UPLOAD_DIR: path.join(postgres.folder, 'uploads'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [processor.stdout!, processor.stderr!]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      await eventually('the processor to listen', async () => ((await fetch(`http://127.0.0.1:${processorPort}/health`)).ok ? true : undefined));

      const id = randomUUID();
      await query(database.superuserUrl, 'insert into public.floor_visualizer_requests (id, customer_name, email) values ($1, $2, $3)', [
        id,
        'Pat Restart',
        'pat.restart@example.com',
      ]);
      const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#8a6a4a' } }).jpeg().toBuffer();
      const webhook = fetch(`http://127.0.0.1:${processorPort}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requestId: id, name: 'Pat Restart', email: 'pat.restart@example.com', imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'big.jpg' }),
      }).catch(() => undefined);
      await eventually('the render job to be running', async () =>
        (await query(database.superuserUrl, 'select 1 from graphile_worker.jobs where key = $1 and locked_at is not null', [`render:${id}`])).length === 1
          ? true
          : undefined,
      );
      await database.stop();
      // The outage outlasts the render, so the render ends while the database is away (it cannot record its result).
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      database = await postgres.start();
      await webhook;

      const url = database.superuserUrl;
      const [row] = await eventually(
        'the request to finish',
        async () => {
          const rows = await query<{ status: string }>(url, 'select status from public.floor_visualizer_requests where id = $1', [id]);
          return rows[0]?.status === 'completed' || rows[0]?.status === 'failed' ? rows : undefined;
        },
        120_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\nThe processor said:\n${output.join('')}`);
      });
      expect(row!.status).toBe('completed');
      expect(processor.exitCode).toBeNull();
    } finally {
      processor?.kill('SIGKILL');
      await postgres.remove();
    }
  }, 200_000);
});

describe('the visualizer under faults', () => {
  it('the processor killed mid-render: it is restarted, the render is taken over, the request completes', async () => {
    const id = randomUUID();
    await query(stack.superuserUrl, 'insert into public.floor_visualizer_requests (id, customer_name, email) values ($1, $2, $3)', [
      id,
      'Kim Fault',
      'kim.fault@example.com',
    ]);
    // A 12-megapixel photo, so the render is still running when the processor is killed.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#8a6a4a' } })
      .composite([{ input: Buffer.alloc(400 * 300 * 3, 200), raw: { width: 400, height: 300, channels: 3 }, top: 2500, left: 1800 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const webhook = fetch(stack.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: id, name: 'Kim Fault', email: 'kim.fault@example.com', imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'big.jpg' }),
    }).catch(() => undefined); // the processor may die before it answers

    await eventually('the render job to be running', async () =>
      (await query(stack.superuserUrl, `select 1 from graphile_worker.jobs where key = $1 and locked_at is not null`, [`render:${id}`]))
        .length === 1
        ? true
        : undefined,
    );
    const processor = stack.children().find((child) => child.name === 'the visualizer processor')!;
    const killedPid = processor.pid()!;
    process.kill(killedPid, 'SIGKILL');
    await webhook;

    const [row] = await eventually(
      'the request to finish',
      async () => {
        const rows = await query<{ status: string }>(stack.superuserUrl, 'select status from public.floor_visualizer_requests where id = $1', [id]);
        return rows[0]?.status === 'completed' || rows[0]?.status === 'failed' ? rows : undefined;
      },
      150_000,
    );
    expect(row!.status).toBe('completed');
    expect(processor.pid()).not.toBe(killedPid);
  }, 200_000);

  it('the processor killed after storing the photo, before queuing its render: the restarted processor renders it', async () => {
    const id = randomUUID();
    await query(stack.superuserUrl, 'insert into public.floor_visualizer_requests (id, customer_name, email) values ($1, $2, $3)', [
      id,
      'Ray Stored',
      'ray.stored@example.com',
    ]);
    // The row held by this test, so the webhook stores the photo and then waits on the row to queue its render: the
    // moment to kill it, milliseconds wide otherwise.
    const holder = new pg.Client({ connectionString: stack.superuserUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from public.floor_visualizer_requests where id = $1 for update', [id]);
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a6a4a' } })
        .composite([{ input: Buffer.alloc(400 * 300 * 3, 200), raw: { width: 400, height: 300, channels: 3 }, top: 800, left: 600 }])
        .jpeg({ quality: 90 })
        .toBuffer();
      const webhook = fetch(stack.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requestId: id, name: 'Ray Stored', email: 'ray.stored@example.com', imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'room.jpg' }),
      }).catch(() => undefined);
      await eventually('the webhook to wait to queue the render', async () =>
        (
          await query(
            stack.superuserUrl,
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'update public.floor_visualizer_requests set status = ''processing''%'`,
          )
        ).length > 0
          ? true
          : undefined,
      );
      const processor = stack.children().find((child) => child.name === 'the visualizer processor')!;
      const killedPid = processor.pid()!;
      process.kill(killedPid, 'SIGKILL');
      await webhook;
      await holder.query('rollback');
      expect(fs.readdirSync(path.join(stack.storageDir, UPLOADS_BUCKET, id))).toHaveLength(1);
      expect(
        await query<{ status: string }>(stack.superuserUrl, 'select status from public.floor_visualizer_requests where id = $1', [id]),
      ).toEqual([{ status: 'pending' }]);

      // Left pending, its page followed it for 5 minutes and the hour's sweep said no photo was received.
      const [row] = await eventually(
        'the request to finish',
        async () => {
          const rows = await query<{ status: string; failure_reason: string | null }>(
            stack.superuserUrl,
            'select status, failure_reason from public.floor_visualizer_requests where id = $1',
            [id],
          );
          return rows[0]?.status === 'completed' || rows[0]?.status === 'failed' ? rows : undefined;
        },
        150_000,
      );
      expect(row).toEqual({ status: 'completed', failure_reason: null });
      expect(processor.pid()).not.toBe(killedPid);
    } finally {
      await holder.end();
    }
  }, 200_000);
});

describe('e-mail across a Postgres crash in the running stack', () => {
  it('the stack restarts Postgres, and a send accepted meanwhile is recorded once it is back, not sent again', async () => {
    // Issue 38: 4 of 300 e-mails went out twice after a Postgres kill. A dead Postgres stopped the whole local
    // stack, so the worker could never record what SMTP had accepted, and the next start sent it again. Runs
    // last in this file: it kills the file's own stack's database.
    const smtpPort = await findFreePort();
    const smtp = createTestSmtpServer(smtpPort);
    try {
      await smtp.start();
      const worker = await startEmailWorker({ ...stack.emailWorkerEnv, SMTP_PORT: String(smtpPort) });
      const postgres = stack.children().find((child) => child.name === 'PostgreSQL')!;
      const killed = postgres.pid()!;

      smtp.holdReplies();
      const inFlight = smtp.nextMessageInFlight();
      const leadId = await insertGuideLead(stack.superuserUrl, `killed.${randomUUID().slice(0, 6)}@example.com`);
      await inFlight;
      process.kill(killed, 'SIGKILL');
      smtp.release(); // accepted while the database is dead

      const sent = await eventually(
        'both e-mails recorded as sent',
        async () => {
          const rows = await emailsOf(stack.superuserUrl, leadId);
          return rows.length === 2 && rows.every((row) => row.status === 'sent') ? rows : undefined;
        },
        90_000,
      );
      expect(postgres.pid()).not.toBe(killed);
      for (const email of sent) {
        expect([email.kind, smtp.accepted.filter((m) => m.messageId === messageIdOf(email.id)).length]).toEqual([email.kind, 1]);
      }
      expect(worker.output.join('\n')).not.toContain('could not be recorded');
      expect(worker.child.exitCode).toBeNull();
    } finally {
      await smtp.stop();
    }
  }, 180_000);
});
