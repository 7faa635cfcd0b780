import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANSWER_DEADLINE_MS } from '@/lib/answer-deadline';
import { InsertError, insertWithFallback, type LeadTable } from '@/lib/insert-with-fallback';
import { sql, useSiteDataLayer } from './stack-clients';

beforeAll(() => useSiteDataLayer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const unique = () => Math.random().toString(36).slice(2, 10);

const records: Record<LeadTable, () => Record<string, unknown>> = {
  contacts: () => ({
    name: 'Dana Reyes',
    email: `dana.${unique()}@example.com`,
    phone: '856-555-0101',
    message: 'Kitchen LVP, about 300 sq ft.',
  }),
  leads: () => ({ email: `guide.${unique()}@example.com`, lead_source: 'free_flooring_guide', guide_sent: true }),
  realtors: () => ({
    name: 'Sam Patel',
    email: `sam.${unique()}@example.com`,
    phone: '856-555-0102',
    brokerage: 'Haddon Realty',
    instagram: null,
  }),
  investors: () => ({
    name: 'Lee Chen',
    email: `lee.${unique()}@example.com`,
    phone: '856-555-0103',
    company: 'Chen Flips LLC',
    investment_focus: 'Fix and flip',
  }),
  floor_visualizer_requests: () => ({ customer_name: 'Ana Ortiz', email: `ana.${unique()}@example.com` }),
};

/** supabase-js marks its requests with X-Client-Info; the raw fallback does not. */
function isSupabaseJsRequest(init: RequestInit | undefined): boolean {
  return new Headers(init?.headers).has('x-client-info');
}

describe('insertWithFallback against the real stack', () => {
  it.each(Object.keys(records) as LeadTable[])('stores a %s row through the client, once', async (table) => {
    const record = records[table]();
    const { id } = await insertWithFallback(table, record);

    const rows = await sql(`select * from public.${table} where id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(record);
  });

  it.each(Object.keys(records) as LeadTable[])(
    'stores a %s row through the raw POST when the client path is broken',
    async (table) => {
      const realFetch = globalThis.fetch;
      const seen: string[] = [];
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        if (isSupabaseJsRequest(init)) {
          seen.push('client');
          return Promise.reject(new TypeError('fetch failed'));
        }
        seen.push('fallback');
        return realFetch(input, init);
      });

      const record = records[table]();
      const { id } = await insertWithFallback(table, record);

      expect(seen).toEqual(['client', 'fallback']);
      expect(await sql(`select id from public.${table} where id = $1`, [id])).toHaveLength(1);
    },
  );

  it('stores the row exactly once when the first reply is lost after the commit', async () => {
    const realFetch = globalThis.fetch;
    const answers: number[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      answers.push(response.status);
      if (isSupabaseJsRequest(init)) throw new TypeError('network connection lost'); // committed, reply lost
      return response;
    });

    const record = records.contacts();
    const { id } = await insertWithFallback('contacts', record);

    expect(answers).toEqual([201, 409]); // the fallback met the primary key of the stored row
    expect(await sql('select id from public.contacts where email = $1', [record.email])).toEqual([{ id }]);
  });

  it('fails with the server message only when both paths fail', async () => {
    const error = await insertWithFallback('contacts', { ...records.contacts(), name: '   ' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsertError);
    expect((error as InsertError).message).toBe('The name is missing, too long or not in the expected format.');
  });

  it('fails with "Failed to insert into <table>" when the server gives no message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(insertWithFallback('leads', records.leads())).rejects.toThrow('Failed to insert into leads');
  });
  /** A reply that never comes (a stalled proxy, a server stuck on a lock): pending until the caller gives up. */
  function replyThatNeverComes(init: RequestInit | undefined): Promise<Response> {
    return new Promise((_, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason));
    });
  }

  // A visitor must not watch "Submitting..." for ever: each attempt has a deadline, and the fallback after a
  // stalled first attempt still stores the row once (the same id meets the primary key).
  it('stores the row once when the first reply stalls after the commit: the fallback goes after the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const realFetch = globalThis.fetch;
    const answers: (number | 'stalled')[] = [];
    let committed!: () => void;
    const firstAttemptCommitted = new Promise<void>((resolve) => (committed = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!isSupabaseJsRequest(init)) {
        const response = await realFetch(input, init);
        answers.push(response.status);
        return response;
      }
      const { signal: _ignored, ...rest } = init ?? {};
      await realFetch(input, rest); // stored ...
      answers.push('stalled');
      committed();
      return replyThatNeverComes(init); // ... but its reply never arrives
    });

    const record = records.contacts();
    const inserting = insertWithFallback('contacts', record);
    await firstAttemptCommitted;
    await vi.advanceTimersByTimeAsync(ANSWER_DEADLINE_MS);
    const { id } = await inserting;

    expect(answers).toEqual(['stalled', 409]);
    expect(await sql('select id from public.contacts where email = $1', [record.email])).toEqual([{ id }]);
  });

  it('stores the row once when the visitor sends the same values again after both attempts stalled past the commit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const realFetch = globalThis.fetch;
    let stall = true;
    let committed!: () => void;
    let stored = new Promise<void>((resolve) => (committed = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const { signal: _ignored, ...rest } = init ?? {};
      const response = await realFetch(input, rest);
      if (!stall) return response;
      committed();
      return replyThatNeverComes(init); // stored (or met the key), but no answer comes back
    });

    const record = records.contacts();
    const first = insertWithFallback('contacts', record).catch((error: unknown) => error);
    await stored;
    stored = new Promise<void>((resolve) => (committed = resolve));
    await vi.advanceTimersByTimeAsync(ANSWER_DEADLINE_MS);
    await stored;
    await vi.advanceTimersByTimeAsync(ANSWER_DEADLINE_MS);
    expect(await first).toBeInstanceOf(InsertError); // the visitor sees the failure toast, values kept

    stall = false;
    const { id } = await insertWithFallback('contacts', record); // they press Submit again
    expect(await sql('select id from public.contacts where email = $1', [record.email])).toEqual([{ id }]);
  });

  it('fails with an InsertError, instead of waiting for ever, when neither attempt gets an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const attempts: string[] = [];
    vi.stubGlobal('fetch', (_: RequestInfo | URL, init?: RequestInit) => {
      attempts.push(isSupabaseJsRequest(init) ? 'client' : 'fallback');
      return replyThatNeverComes(init);
    });

    let outcome: unknown = 'still waiting';
    const inserting = insertWithFallback('leads', records.leads()).then(
      () => (outcome = 'stored'),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(2 * ANSWER_DEADLINE_MS);
    await Promise.race([inserting, Promise.resolve()]);

    expect(attempts).toEqual(['client', 'fallback']);
    expect(outcome).toBeInstanceOf(InsertError);
    expect((outcome as InsertError).message).toBe('Failed to insert into leads: the network request failed');
  });
});
