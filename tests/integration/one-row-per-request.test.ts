import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LeadTable } from '@/lib/insert-with-fallback';
import { anonFetch, anonHeaders, postFromAddress, sql, stack } from './stack-clients';

const unique = () => randomUUID().slice(0, 8);

const rows: Record<LeadTable, () => Record<string, unknown>> = {
  contacts: () => ({ name: 'Bulk Flood', email: `bulk.${unique()}@example.com`, phone: '856-555-0100', message: 'Hi' }),
  leads: () => ({ email: `bulk.${unique()}@example.com` }),
  realtors: () => ({ name: 'Bulk Flood', email: `bulk.${unique()}@example.com`, phone: '856-555-0100', brokerage: 'B' }),
  investors: () => ({ name: 'Bulk Flood', email: `bulk.${unique()}@example.com`, phone: '856-555-0100', company: 'C' }),
  floor_visualizer_requests: () => ({ customer_name: 'Bulk Flood', email: `bulk.${unique()}@example.com` }),
};

const stored = async (table: LeadTable, emails: string[]) =>
  Number((await sql(`select count(*) from public.${table} where email = any($1)`, [emails]))[0]?.count);

/** An anonymous POST straight to PostgREST, with no gateway in front. */
const postToPostgrest = (table: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.postgrestUrl}/${table}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json', ...headers },
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

describe('an insert with no row in it', () => {
  // What PostgREST reads as "no rows": it used to answer 201 Created with nothing stored, and the visitor's
  // address was charged a write for it.
  const emptyBodies = [null, 42, [], 'str', true];

  it.each(Object.keys(rows) as LeadTable[])(
    'is refused with 400 and a clear message, through the gateway and straight to PostgREST (%s)',
    async (table) => {
      const before = await sql<{ count: string }>(`select count(*) from public.${table}`);
      for (const body of emptyBodies) {
        for (const response of [
          await anonFetch(table, { method: 'POST', body: JSON.stringify(body) }),
          await postToPostgrest(table, body),
        ]) {
          expect([body, response.status]).toEqual([body, 400]);
          expect(await response.json()).toMatchObject({ message: 'The submission is empty.', hint: 'POST one row as a JSON object.' });
        }
      }
      expect(await sql(`select count(*) from public.${table}`)).toEqual(before);
    },
  );

  it.each(Object.keys(rows) as LeadTable[])(
    '`{}` is refused with 400 naming the first field it lacks, whatever answer it asks for (%s)',
    async (table) => {
      // Issue 38: with `Prefer: return=representation` it got 401 "new row violates row-level security policy".
      // (Asking for every column back is refused before any row is made: anon may read back only the id.)
      const before = await sql<{ count: string }>(`select count(*) from public.${table}`);
      const firstRequired = { contacts: 'name', leads: 'email', realtors: 'name', investors: 'name', floor_visualizer_requests: 'customer_name' }[table];
      for (const prefer of ['return=representation', 'return=minimal']) {
        for (const response of [
          await anonFetch(`${table}?select=id`, { method: 'POST', headers: { Prefer: prefer }, body: '{}' }),
          await postToPostgrest(`${table}?select=id`, {}, { Prefer: prefer }),
        ]) {
          expect([prefer, response.status]).toEqual([prefer, 400]);
          expect(await response.json()).toMatchObject({
            code: '23502',
            message: `null value in column "${firstRequired}" of relation "${table}" violates not-null constraint`,
            hint: `Send ${firstRequired} in the JSON object.`,
          });
        }
      }
      expect(await sql(`select count(*) from public.${table}`)).toEqual(before);
    },
  );

  it("does not count against the visitor's allowance", async () => {
    const address = `127.0.27.${1 + Math.floor(Math.random() * 250)}`;
    await sql('delete from private.insert_throttle_hits where client_address = $1', [address]);
    for (const body of emptyBodies) expect((await postFromAddress(address, 'leads', body)).status).toBe(400);
    expect(await sql('select hits from private.insert_throttle_hits where client_address = $1', [address])).toEqual([]);
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
    return { email, body: JSON.stringify({ name: 'Big', email, phone: '856-555-0100', message: 'm'.repeat(70 * 1024) }) };
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
