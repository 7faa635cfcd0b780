import { beforeAll, describe, expect, it } from 'vitest';
import { insertWithFallback, SUBMISSION_ID_HEADER, type LeadTable } from '@/lib/insert-with-fallback';
import { getSupabaseClient } from '@/lib/supabase-client';
import { anonFetch, sql, useSiteDataLayer } from './stack-clients';

beforeAll(() => useSiteDataLayer());

const unique = () => Math.random().toString(36).slice(2, 10);

const tables: { table: LeadTable; personColumns: string[]; record: () => Record<string, unknown> }[] = [
  {
    table: 'contacts',
    personColumns: ['name', 'email', 'phone', 'message'],
    record: () => ({ name: 'Pat', email: `pat.${unique()}@example.com`, phone: '856-555-0100', message: 'Hi' }),
  },
  {
    table: 'leads',
    personColumns: ['email'],
    record: () => ({ email: `g.${unique()}@example.com`, lead_source: 'free_flooring_guide', guide_sent: true }),
  },
  {
    table: 'realtors',
    personColumns: ['name', 'email', 'phone', 'brokerage', 'instagram'],
    record: () => ({ name: 'R', email: `r.${unique()}@example.com`, phone: '856-555-0100', brokerage: 'B', instagram: '@r' }),
  },
  {
    table: 'investors',
    personColumns: ['name', 'email', 'phone', 'company', 'investment_focus'],
    record: () => ({
      name: 'I',
      email: `i.${unique()}@example.com`,
      phone: '856-555-0100',
      company: 'C',
      investment_focus: 'Rentals',
    }),
  },
  {
    table: 'floor_visualizer_requests',
    personColumns: ['customer_name', 'email'],
    record: () => ({ customer_name: 'V', email: `v.${unique()}@example.com` }),
  },
];

describe.each(tables)('the anon key on $table', ({ table, personColumns, record }) => {
  let id: string;
  let stored: Record<string, unknown>;

  beforeAll(async () => {
    ({ id } = await insertWithFallback(table, record()));
    stored = (await sql(`select * from public.${table} where id = $1`, [id]))[0] ?? {};
  });

  it('cannot select rows', async () => {
    const response = await anonFetch(`${table}?select=*`);
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('42501');
    const ids = await (await anonFetch(`${table}?select=id`)).json();
    expect(ids).toEqual([]);
  });

  it('cannot count rows', async () => {
    const { count, error } = await (await getSupabaseClient()).from(table).select('id', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(0);
    expect(Number((await sql(`select count(*) from public.${table}`))[0]?.count)).toBeGreaterThan(0);
  });

  it.each(personColumns)('cannot read the %s column, even of its own row', async (column) => {
    const response = await anonFetch(`${table}?select=${column}&id=eq.${id}`, {
      headers: { [SUBMISSION_ID_HEADER]: id },
    });
    expect(response.status).toBe(401);
  });

  it('cannot update a row', async () => {
    const column = personColumns[0]!;
    const response = await anonFetch(`${table}?id=eq.${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ [column]: 'changed' }),
      headers: { [SUBMISSION_ID_HEADER]: id },
    });
    expect(response.status).toBe(401);
    expect((await sql(`select * from public.${table} where id = $1`, [id]))[0]).toEqual(stored);
  });

  it('cannot delete a row', async () => {
    const response = await anonFetch(`${table}?id=eq.${id}`, {
      method: 'DELETE',
      headers: { [SUBMISSION_ID_HEADER]: id },
    });
    expect(response.status).toBe(401);
    expect(await sql(`select id from public.${table} where id = $1`, [id])).toHaveLength(1);
  });

  it('reads back only the id of the row it sends the id of', async () => {
    const response = await anonFetch(`${table}?select=id`, { headers: { [SUBMISSION_ID_HEADER]: id } });
    expect(await response.json()).toEqual([{ id }]);
  });
});

describe('a visitor following a visualizer request', () => {
  it('reads its own request by id (status and image URLs) but cannot list the others', async () => {
    const mine = await insertWithFallback('floor_visualizer_requests', {
      customer_name: 'Mia',
      email: `mia.${unique()}@example.com`,
    });
    const other = await insertWithFallback('floor_visualizer_requests', {
      customer_name: 'Other',
      email: `o.${unique()}@example.com`,
    });

    const { data, error } = await (
      await getSupabaseClient()
    )
      .from('floor_visualizer_requests')
      .select('id,status,original_image_url,processed_image_url')
      .eq('id', mine.id)
      .setHeader(SUBMISSION_ID_HEADER, mine.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: mine.id, status: 'pending', original_image_url: null, processed_image_url: null });

    const listed = await (
      await anonFetch('floor_visualizer_requests?select=id', { headers: { [SUBMISSION_ID_HEADER]: mine.id } })
    ).json();
    expect(listed).toEqual([{ id: mine.id }]);
    const byOtherId = await (
      await anonFetch(`floor_visualizer_requests?select=id&id=eq.${other.id}`, {
        headers: { [SUBMISSION_ID_HEADER]: mine.id },
      })
    ).json();
    expect(byOtherId).toEqual([]);
    const malformed = await (
      await anonFetch('floor_visualizer_requests?select=id', { headers: { [SUBMISSION_ID_HEADER]: "' or true --" } })
    ).json();
    expect(malformed).toEqual([]);
  });

  it('cannot create a request that is already completed or carries image URLs', async () => {
    const response = await anonFetch('floor_visualizer_requests', {
      method: 'POST',
      body: JSON.stringify({
        customer_name: 'X',
        email: 'x@example.com',
        status: 'completed',
        processed_image_url: 'http://evil.example/x.jpg',
      }),
    });
    expect(response.status).toBe(401);
  });
});
