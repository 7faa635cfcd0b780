import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LeadTable } from '@/lib/insert-with-fallback';
import { anonFetch, anonHeaders, sql, stack } from './stack-clients';

const unique = () => randomUUID().slice(0, 8);

const rows: Record<LeadTable, () => Record<string, unknown>> = {
  contacts: () => ({ name: 'Bulk Flood', email: `bulk.${unique()}@example.com`, phone: '856-555-0100', message: 'Hi' }),
  leads: () => ({ email: `bulk.${unique()}@example.com` }),
  realtors: () => ({ name: 'Bulk Flood', email: `bulk.${unique()}@example.com`, phone: '1', brokerage: 'B' }),
  investors: () => ({ name: 'Bulk Flood', email: `bulk.${unique()}@example.com`, phone: '1', company: 'C' }),
  floor_visualizer_requests: () => ({ customer_name: 'Bulk Flood', email: `bulk.${unique()}@example.com` }),
};

const stored = async (table: LeadTable, emails: string[]) =>
  Number((await sql(`select count(*) from public.${table} where email = any($1)`, [emails]))[0]?.count);

/** An anonymous POST straight to PostgREST, with no gateway in front. */
const postToPostgrest = (table: string, body: unknown) =>
  fetch(`${stack.postgrestUrl}/${table}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('one visitor request stores one row', () => {
  it.each(Object.keys(rows) as LeadTable[])(
    'an anonymous POST of several %s rows is refused and stores none of them',
    async (table) => {
      const batch = [rows[table](), rows[table](), rows[table]()];
      const emails = batch.map((row) => String(row.email));

      for (const response of [
        await anonFetch(table, { method: 'POST', body: JSON.stringify(batch) }),
        await postToPostgrest(table, batch),
      ]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ message: 'Send one submission at a time.' });
      }
      expect(await stored(table, emails)).toBe(0);
    },
  );

  it('accepts an array of one row, which is what supabase-js sends', async () => {
    const row = rows.leads();
    const response = await anonFetch('leads', { method: 'POST', body: JSON.stringify([row]) });
    expect(response.status).toBe(201);
    expect(await stored('leads', [String(row.email)])).toBe(1);
  });

  it('still lets the service role (the processor, staff tools) write several rows at once', async () => {
    const batch = [rows.leads(), rows.leads()];
    const response = await fetch(`${stack.url}/rest/v1/leads`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(batch),
    });
    expect(response.status).toBe(201);
    expect(
      await stored(
        'leads',
        batch.map((row) => String(row.email)),
      ),
    ).toBe(2);
  });
});

/** A raw POST through the gateway, with or without a declared length (chunked), reading whatever answer comes. */
function rawPost(path: string, body: string, declareLength: boolean): Promise<{ status: number; body: string }> {
  const url = new URL(`${stack.url}/rest/v1/${path}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...anonHeaders, ...(declareLength ? { 'Content-Length': Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    // The gateway hangs up after answering; the rest of the body may meet a closed socket.
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    if (declareLength) {
      request.end(body);
    } else {
      for (let at = 0; at < body.length; at += 16 * 1024) request.write(body.slice(at, at + 16 * 1024));
      request.end();
    }
  });
}

describe('the request body is bounded', () => {
  const oversized = () => {
    const email = `big.${unique()}@example.com`;
    return { email, body: JSON.stringify({ name: 'Big', email, phone: '1', message: 'm'.repeat(70 * 1024) }) };
  };

  it.each([
    ['a declared length', true],
    ['no declared length (chunked)', false],
  ])('the gateway answers 413 to a body over 64 KiB with %s, and nothing is stored', async (_case, declareLength) => {
    const { email, body } = oversized();
    const reply = await rawPost('contacts', body, declareLength);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({
      message: 'The submission is too large.',
      hint: 'A request body may be at most 65536 bytes.',
    });
    expect(await stored('contacts', [email])).toBe(0);
  });

  it('the database refuses a declared body over its bound with 413 too (hosted Supabase has no gateway of ours)', async () => {
    const { email, body } = oversized();
    const response = await fetch(`${stack.postgrestUrl}/contacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'The submission is too large.' });
    expect(await stored('contacts', [email])).toBe(0);
  });
});
