import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProcessingError } from '@/features/visualizer/utils/describe-processing-error';
import { investorApplicationSchema } from '@/features/partners/api/create-investor-application';
import { realtorApplicationSchema } from '@/features/partners/api/create-realtor-application';
import { InsertError, insertWithFallback } from '@/lib/insert-with-fallback';
import { applyMigrations, listMigrations } from '../../local-stack/migrations';
import { setThrottleLimit } from '../support/throwaway-stack';
import { TEST_THROTTLE_MAX_WRITES } from './global-setup';
import { postFromAddress, sql, stack, useSiteDataLayer } from './stack-clients';

beforeAll(() => useSiteDataLayer());

const valid = { name: 'Jo Park', email: 'jo.park@example.com', phone: '856-555-0199', message: 'Refinish oak floors' };

async function refusal(
  table: 'contacts' | 'leads' | 'realtors' | 'investors' | 'floor_visualizer_requests',
  record: Record<string, unknown>,
) {
  const error = await insertWithFallback(table, record).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InsertError);
  return (error as InsertError).message;
}

describe('CHECK constraints reach the caller as clear errors and store nothing', () => {
  it.each([
    ['a blank name', { ...valid, name: '  ' }, 'The name is missing, too long or not in the expected format.'],
    [
      'an e-mail without an @',
      { ...valid, email: 'jo.park.example.com' },
      'The email is missing, too long or not in the expected format.',
    ],
    [
      'a 255-character e-mail',
      { ...valid, email: `${'a'.repeat(243)}@example.com` },
      'The email is missing, too long or not in the expected format.',
    ],
    [
      'a 121-character name',
      { ...valid, name: 'n'.repeat(121) },
      'The name is missing, too long or not in the expected format.',
    ],
    [
      'a 5001-character message',
      { ...valid, message: 'm'.repeat(5001) },
      'The message is missing, too long or not in the expected format.',
    ],
    [
      'a missing phone',
      { name: valid.name, email: valid.email, message: valid.message },
      'The phone is missing, too long or not in the expected format.',
    ],
  ] as [string, Record<string, string>, string][])('contacts refuses %s', async (_case, record, message) => {
    expect(await refusal('contacts', record)).toBe(message);
    expect(
      await sql('select id from public.contacts where name = $1 and phone = $2', [
        record.name ?? '',
        record.phone ?? '',
      ]),
    ).toEqual([]);
  });

  it('accepts a 5000-character message and a 120-character name', async () => {
    const { id } = await insertWithFallback('contacts', { ...valid, name: 'n'.repeat(120), message: 'm'.repeat(5000) });
    expect(await sql('select id from public.contacts where id = $1', [id])).toHaveLength(1);
  });

  // The partner forms' schemas refuse one character past each of these limits with the field's own message
  // (src/features/partners/api/application-fields.ts): the table must take every value they let through, and refuse
  // what one more character makes, whoever sends it.
  it.each([
    ['realtors', 'brokerage', 160],
    ['realtors', 'instagram', 100],
    ['investors', 'company', 160],
    ['investors', 'investment_focus', 500],
  ] as const)('%s takes a %s of %i characters and refuses one more', async (table, column, limit) => {
    const application = { name: 'Jo Park', email: 'jo.park@example.com', phone: '856-555-0199' };
    const others =
      table === 'realtors' ? { brokerage: 'Shore Realty', instagram: '' } : { company: 'FlipCo', investment_focus: '' };
    const schema = table === 'realtors' ? realtorApplicationSchema : investorApplicationSchema;
    const longest = 'x'.repeat(limit);
    // What the page sends: the values as its schema leaves them.
    const sent = schema.parse({ ...application, ...others, [column]: longest });
    const { id } = await insertWithFallback(table, sent);
    expect(await sql(`select ${column} as value from public.${table} where id = $1`, [id])).toEqual([
      { value: longest },
    ]);

    expect(await refusal(table, { ...sent, [column]: `${longest}x` })).toBe(
      `The ${column.replace(/_/g, ' ')} is missing, too long or not in the expected format.`,
    );
  });

  it('refuses an empty optional field on the partner forms (absent means null)', async () => {
    expect(
      await refusal('realtors', { name: 'R', email: 'r@example.com', phone: '856-555-0199', brokerage: 'B', instagram: ' ' }),
    ).toBe('The instagram is missing, too long or not in the expected format.');
  });

  it('keeps lead_source fixed to free_flooring_guide', async () => {
    expect(await refusal('leads', { email: 'g@example.com', lead_source: 'facebook_ad', guide_sent: true })).toMatch(
      /row-level security/,
    );
    const { id } = await insertWithFallback('leads', { email: 'g2@example.com' });
    expect(await sql('select lead_source, guide_sent from public.leads where id = $1', [id])).toEqual([
      { lead_source: 'free_flooring_guide', guide_sent: true },
    ]);
  });
});

describe('the per-client write throttle', () => {
  beforeAll(() => setThrottleLimit(stack.superuserUrl, 3));
  afterAll(() => setThrottleLimit(stack.superuserUrl, TEST_THROTTLE_MAX_WRITES));

  const lead = (n: number) => ({ email: `throttle.${n}.${Date.now()}@example.com` });

  it('answers 429 with a clear message once an address has used up its writes', async () => {
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push((await postFromAddress('127.0.0.42', 'leads', lead(n))).status);
    expect(statuses).toEqual([201, 201, 201]);

    const refused = await postFromAddress('127.0.0.42', 'leads', lead(4));
    expect(refused.status).toBe(429);
    const { message } = JSON.parse(refused.body) as { message: string };
    expect(message).toBe('Too many submissions from your internet address. Please wait a few minutes and try again.');
    // The visualizer picks its Error toast's text by words in the message (spec section 8): a refusal by the
    // throttle comes over a working connection, so it must not read as "Network error. Please check your connection".
    expect(describeProcessingError(new InsertError('floor_visualizer_requests', message))).toBe(
      'Failed to process your image. Please try again.',
    );
  });

  it('keys on the connection, not on a forwarding header the client sends', async () => {
    const spoofed = await postFromAddress('127.0.0.42', 'leads', lead(5), {
      'X-Forwarded-For': '203.0.113.9',
      'X-Real-IP': '203.0.113.9',
    });
    expect(spoofed.status).toBe(429);
    expect((await postFromAddress('127.0.0.43', 'leads', lead(6))).status).toBe(201);
  });

  it('does not count writes the database refused', async () => {
    for (let n = 0; n < 5; n++) {
      expect((await postFromAddress('127.0.0.44', 'leads', { email: 'not-an-email' })).status).toBe(400);
    }
    expect((await postFromAddress('127.0.0.44', 'leads', lead(7))).status).toBe(201);
  });
});

describe('migrations', () => {
  it('are each applied once, in order, and recorded', async () => {
    const recorded = await sql<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((row) => row.version)).toEqual(listMigrations().map((migration) => migration.version));
    expect(await applyMigrations(stack.superuserUrl)).toEqual([]);
  });
});
