import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { restUrl, TEST_ANON_KEY } from '@/testing/test-env';
import { InsertError, insertWithFallback, SUBMISSION_ID_HEADER } from './insert-with-fallback';

type Seen = { via: 'client' | 'fallback'; url: string; headers: Headers; body: unknown };

/** Answers POSTs to a table: supabase-js requests carry X-Client-Info, the raw fallback does not. */
function answer(table: string, reply: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  server.use(
    http.post(restUrl(table), async ({ request }) => {
      const entry: Seen = {
        via: request.headers.has('x-client-info') ? 'client' : 'fallback',
        url: request.url,
        headers: request.headers,
        body: await request.json(),
      };
      seen.push(entry);
      return reply(entry);
    }),
  );
  return seen;
}

describe('insertWithFallback', () => {
  it('inserts through the client with a client-made id and asks for the id back', async () => {
    const seen = answer('contacts', ({ body }) =>
      HttpResponse.json([{ id: (body as { id: string }[])[0]!.id }], { status: 201 }),
    );

    const { id } = await insertWithFallback('contacts', {
      name: 'Ann',
      email: 'ann@example.com',
      phone: '1',
      message: 'Hi',
    });

    expect(seen).toHaveLength(1);
    expect(seen[0]!.via).toBe('client');
    expect(seen[0]!.body).toEqual([{ name: 'Ann', email: 'ann@example.com', phone: '1', message: 'Hi', id }]);
    expect(seen[0]!.headers.get(SUBMISSION_ID_HEADER)).toBe(id);
    expect(new URL(seen[0]!.url).searchParams.get('select')).toBe('id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('falls back to a raw POST with apikey, bearer and return=representation when the client call errors', async () => {
    const seen = answer('leads', ({ via, body }) =>
      via === 'client'
        ? HttpResponse.json({ message: 'upstream hiccup' }, { status: 503 })
        : HttpResponse.json([{ id: (body as { id: string }).id }], { status: 201 }),
    );

    const { id } = await insertWithFallback('leads', {
      email: 'g@example.com',
      lead_source: 'free_flooring_guide',
      guide_sent: true,
    });

    expect(seen.map((s) => s.via)).toEqual(['client', 'fallback']);
    const fallback = seen[1]!;
    expect(fallback.headers.get('apikey')).toBe(TEST_ANON_KEY);
    expect(fallback.headers.get('authorization')).toBe(`Bearer ${TEST_ANON_KEY}`);
    expect(fallback.headers.get('prefer')).toBe('return=representation');
    expect(fallback.headers.get('content-type')).toBe('application/json');
    expect(fallback.body).toEqual({ email: 'g@example.com', lead_source: 'free_flooring_guide', guide_sent: true, id });
  });

  it('sends the same id both times, so a lost reply cannot make a second row', async () => {
    const seen = answer('realtors', ({ via }) =>
      via === 'client'
        ? HttpResponse.error()
        : HttpResponse.json(
            { code: '23505', message: 'duplicate key value violates unique constraint "realtors_pkey"' },
            { status: 409 },
          ),
    );

    const { id } = await insertWithFallback('realtors', {
      name: 'R',
      email: 'r@example.com',
      phone: '1',
      brokerage: 'B',
    });

    expect(seen.map((s) => (Array.isArray(s.body) ? s.body[0] : s.body).id)).toEqual([id, id]);
  });

  // A failed submission's id is kept for the same values sent again (its attempts may have been stored unanswered);
  // once stored, it is forgotten: the same values sent later are a new request, and must not meet the stored row's
  // key and be taken for it (the later request would be lost while the visitor reads 'Message received!').
  it('sends failed values again under the same id, and values sent again after a success under a new one', async () => {
    let down = true;
    const seen = answer('contacts', ({ body }) =>
      down
        ? HttpResponse.json({ message: 'down' }, { status: 503 })
        : HttpResponse.json([{ id: (Array.isArray(body) ? body[0] : body).id }], { status: 201 }),
    );
    const request = { name: 'Ann', email: 'ann@example.com', phone: '1', message: 'Same words' };
    await expect(insertWithFallback('contacts', request)).rejects.toBeInstanceOf(InsertError);
    const failedId = (seen[0]!.body as { id: string }[])[0]!.id;

    down = false;
    expect(await insertWithFallback('contacts', request)).toEqual({ id: failedId });
    const later = await insertWithFallback('contacts', request);
    expect(later.id).not.toBe(failedId);
    expect(seen.map((s) => (Array.isArray(s.body) ? s.body[0] : s.body).id)).toEqual([
      failedId,
      failedId,
      failedId,
      later.id,
    ]);
  });

  it('does not take a duplicate of another constraint for success', async () => {
    answer('investors', () =>
      HttpResponse.json(
        { code: '23505', message: 'duplicate key value violates unique constraint "investors_email_key"' },
        { status: 409 },
      ),
    );
    await expect(insertWithFallback('investors', { name: 'I' })).rejects.toThrow('investors_email_key');
  });

  it("fails with the server's message when both paths fail", async () => {
    answer('contacts', () =>
      HttpResponse.json(
        {
          code: 'PT429',
          message: 'Too many submissions from your internet address. Please wait a few minutes and try again.',
        },
        { status: 429 },
      ),
    );
    const error = await insertWithFallback('contacts', { name: 'A' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsertError);
    expect(error).toMatchObject({
      message: 'Too many submissions from your internet address. Please wait a few minutes and try again.',
      status: 429,
      table: 'contacts',
    });
  });

  it('names the field of a CHECK violation', async () => {
    answer('contacts', () =>
      HttpResponse.json(
        { code: '23514', message: 'new row for relation "contacts" violates check constraint "contacts_email_check"' },
        { status: 400 },
      ),
    );
    await expect(insertWithFallback('contacts', { email: 'x' })).rejects.toThrow(
      'The email is missing, too long or not in the expected format.',
    );
  });

  it('fails with "Failed to insert into <table>" when the server gives no message', async () => {
    answer('leads', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    await expect(insertWithFallback('leads', { email: 'x@example.com' })).rejects.toThrow(
      'Failed to insert into leads',
    );
  });

  it('fails with "Failed to insert into <table>" when the network is down', async () => {
    answer('floor_visualizer_requests', () => HttpResponse.error());
    await expect(
      insertWithFallback('floor_visualizer_requests', { customer_name: 'A', email: 'a@example.com' }),
    ).rejects.toThrow('Failed to insert into floor_visualizer_requests');
  });
});
