import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSqlVisualizerRequestRepository } from '../../visualizer-processor/src/sql-visualizer-request-repository';
import { setThrottleLimit } from '../support/throwaway-stack';
import { TEST_THROTTLE_MAX_WRITES } from './global-setup';
import { sql, stack } from './stack-clients';

/**
 * The throttle's client address, attacked the way it would be on hosted Supabase: there, Cloudflare passes a
 * client's own X-Forwarded-For on (appending the real address) and sets CF-Connecting-IP itself. These requests
 * go straight to PostgREST, so the database sees the headers exactly as written here.
 */
beforeAll(() => setThrottleLimit(stack.superuserUrl, 3));
afterAll(() => setThrottleLimit(stack.superuserUrl, TEST_THROTTLE_MAX_WRITES));
// Each case starts with empty counters, whatever earlier files wrote in this window.
beforeEach(() => sql('delete from private.insert_throttle_hits'));
afterEach(() => sql("update private.insert_throttle_settings set client_address_header = 'cf-connecting-ip'"));

/** What PostgREST receives from the platform for a client at `realAddress` that sent `forgedForwardedFor`. */
async function submit(realAddress: string | undefined, forgedForwardedFor?: string): Promise<number> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${stack.anonKey}`,
    'Content-Type': 'application/json',
    'X-Forwarded-For': [forgedForwardedFor, realAddress].filter(Boolean).join(', '),
  };
  if (realAddress) headers['CF-Connecting-IP'] = realAddress;
  const response = await fetch(`${stack.postgrestUrl}/leads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `throttle.${randomUUID()}@example.com` }),
  });
  return response.status;
}

describe('the client address the throttle counts', () => {
  it('cannot be escaped by rotating a forged X-Forwarded-For', async () => {
    const statuses = [];
    for (let n = 1; n <= 5; n++) statuses.push(await submit('198.51.100.7', `203.0.113.${n}`));
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it("cannot be used to lock a victim out by naming the victim's address", async () => {
    const victim = '198.51.100.50';
    const attacks = [];
    for (let n = 0; n < 5; n++) attacks.push(await submit('198.51.100.8', victim));
    expect(attacks).toEqual([201, 201, 201, 429, 429]);

    expect(await submit(victim)).toBe(201);
  });

  it('counts an IPv6 client by its /64 network, where it can pick a new address for every request', async () => {
    const statuses = [];
    for (let n = 1; n <= 4; n++) statuses.push(await submit(`2001:db8:1:2::${n.toString(16)}`));
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await submit('2001:db8:1:3::1')).toBe(201);
  });

  it('is read from the header the database setting names, taking the entry the nearest proxy appended', async () => {
    // A deployment behind one proxy that appends to X-Forwarded-For (and sets no CF-Connecting-IP).
    await sql("update private.insert_throttle_settings set client_address_header = 'x-forwarded-for'");
    const statuses = [];
    for (let n = 1; n <= 4; n++) statuses.push(await submit('198.51.100.9', `203.0.113.${n}`));
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('puts requests without the address header in one shared bucket (too strict rather than open)', async () => {
    const statuses = [];
    for (let n = 1; n <= 4; n++) statuses.push(await submit(undefined, `203.0.113.${100 + n}`));
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('refuses a body over 64 KiB with 413 and stores nothing, with no gateway in front (as on hosted Supabase)', async () => {
    // Locally the gateway refuses such a body first with the same words (oversized-upload.test.ts); on the platform
    // only this check stands between a 6 MB estimate request and the database.
    const email = `too-large.${randomUUID()}@example.com`;
    const response = await fetch(`${stack.postgrestUrl}/contacts`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${stack.anonKey}`,
        'Content-Type': 'application/json',
        'CF-Connecting-IP': '198.51.100.80',
      },
      body: JSON.stringify({ name: 'Big Body', email, phone: '856-555-0100', message: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'The submission is too large.' });
    expect(await sql('select 1 from public.contacts where email = $1', [email])).toEqual([]);
  });

  it('refuses a setting that is not a header name', async () => {
    await expect(
      sql("update private.insert_throttle_settings set client_address_header = 'X-Forwarded-For; drop'"),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('a webhook call whose row never came (decision 025, session 22)', () => {
  it("counts as one write of its caller's allowance, by the throttle's own address key, and past it the processor does not wait", async () => {
    const db = new pg.Pool({ connectionString: stack.superuserUrl, max: 1 });
    try {
      const repository = createSqlVisualizerRequestRepository(db);
      // The allowance is 3 in this file: one insert and two made-up ids use it up.
      expect(await submit('198.51.100.60')).toBe(201);
      await repository.recordRowlessCall('198.51.100.60');
      await repository.recordRowlessCall('198.51.100.60');
      expect(await submit('198.51.100.60')).toBe(429);
      // Used up is not past: a visitor whose own insert took the last write is still waited for.
      expect(await repository.isBeyondAllowance('198.51.100.60')).toBe(false);
      await repository.recordRowlessCall('198.51.100.60');
      expect(await repository.isBeyondAllowance('198.51.100.60')).toBe(true);
      expect(await repository.isBeyondAllowance('198.51.100.61')).toBe(false);

      // An IPv6 caller by its /64 network, as its inserts are counted.
      for (let n = 1; n <= 4; n++) await repository.recordRowlessCall(`2001:db8:5:6::${n}`);
      expect(await repository.isBeyondAllowance('2001:db8:5:6::abcd')).toBe(true);
      expect(await repository.isBeyondAllowance('2001:db8:5:7::1')).toBe(false);
      expect(await submit('2001:db8:5:6::99')).toBe(429);
    } finally {
      await db.end();
    }
  });
});
