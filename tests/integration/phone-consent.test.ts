import { beforeAll, describe, expect, it } from 'vitest';
import { marketingTextsWords, phoneConsent } from '@/content/phone-consent';
import { createContactRequest } from '@/features/contact/api/create-contact-request';
import { createInvestorApplication } from '@/features/partners/api/create-investor-application';
import { createRealtorApplication } from '@/features/partners/api/create-realtor-application';
import { mailInbox, type CaughtMessage } from '../support/mail-inbox';
import { anonFetch, sql, stack, useSiteDataLayer } from './stack-clients';

/**
 * Phone consent (issue 36, decision 021), against the real database: the words the forms show are the words the
 * database keeps for their version; a row stores the version the page sent and the database's own time; nobody can
 * set that time or name a version the database does not know.
 */
beforeAll(() => useSiteDataLayer());

const unique = () => Math.random().toString(36).slice(2, 10);
const person = () => ({ name: 'Dana Cole', email: `consent.${unique()}@example.com`, phone: '856-555-0123' });

type ConsentRow = { phone_consent_version: string | null; phone_consent_at: Date | null; created_at: Date };

async function storedConsent(table: 'contacts' | 'realtors' | 'investors', id: string) {
  const [row] = await sql<ConsentRow & { marketing_texts_consent?: boolean }>(
    `select * from public.${table} where id = $1`,
    [id],
  );
  return row!;
}

describe('the consent words', () => {
  it("are the database's words for the version the forms send: a change of wording needs a new version", async () => {
    const rows = await sql<{ calls_and_texts: string; marketing_texts: string }>(
      'select calls_and_texts, marketing_texts from back_office.phone_consent_texts where version = $1',
      [phoneConsent.version],
    );
    expect(rows).toEqual([{ calls_and_texts: phoneConsent.callsAndTexts, marketing_texts: marketingTextsWords }]);
  });

  it('cannot be read with the public key', async () => {
    for (const path of ['phone_consent_texts', 'back_office.phone_consent_texts']) {
      const read = await anonFetch(path);
      expect(read.ok, path).toBe(false);
    }
    const asBackOffice = await fetch(`${stack.url}/rest/v1/phone_consent_texts`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Accept-Profile': 'back_office' },
    });
    expect(asBackOffice.ok).toBe(false);
  });
});

describe.each([
  ['contacts', (p: ReturnType<typeof person>) => createContactRequest({ ...p, message: 'Oak stairs' })],
  ['realtors', (p: ReturnType<typeof person>) => createRealtorApplication({ ...p, brokerage: 'Shore', instagram: '' })],
  [
    'investors',
    (p: ReturnType<typeof person>) => createInvestorApplication({ ...p, company: 'FlipCo', investment_focus: '' }),
  ],
] as const)('a row of %s sent by its form', (table, send) => {
  it("keeps the version of the words beside the phone field and the database's time", async () => {
    const before = (await sql<{ now: Date }>('select now()'))[0]!.now;
    const { id } = await send(person());
    const row = await storedConsent(table, id);
    expect(row.phone_consent_version).toBe(phoneConsent.version);
    expect(row.phone_consent_at).toEqual(row.created_at);
    expect(row.phone_consent_at!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    if (table === 'investors') expect(row.marketing_texts_consent).toBe(false);
  });

  it('cannot set the time itself: the column is not the public key to write', async () => {
    const response = await anonFetch(table, {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({
        ...person(),
        ...(table === 'contacts' ? { message: 'Hi' } : table === 'realtors' ? { brokerage: 'B' } : { company: 'C' }),
        phone_consent_version: phoneConsent.version,
        phone_consent_at: '2020-01-01T00:00:00Z',
      }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('42501');
  });
});

describe('the database', () => {
  it('stamps its own time even for a caller allowed to write the column', async () => {
    const email = `consent.owner.${unique()}@example.com`;
    await sql(
      `insert into public.contacts (name, email, phone, message, phone_consent_version, phone_consent_at)
       values ('Dana', $1, '856-555-0123', 'Hi', $2, '2020-01-01T00:00:00Z')`,
      [email, phoneConsent.version],
    );
    const [row] = await sql<ConsentRow>('select * from public.contacts where email = $1', [email]);
    expect(row!.phone_consent_at).toEqual(row!.created_at);
  });

  // On each of the three tables: a row naming words the database does not keep would say the visitor agreed to
  // words nobody can show.
  it.each([
    ['contacts', { message: 'Hi' }],
    ['realtors', { brokerage: 'B' }],
    ['investors', { company: 'C' }],
  ] as const)('refuses a version it does not know on %s, and stores nothing', async (table, fields) => {
    const p = person();
    const response = await anonFetch(table, {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ ...p, ...fields, phone_consent_version: '2020-01-01' }),
    });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('23503');
    expect(await sql(`select 1 from public.${table} where email = $1`, [p.email])).toEqual([]);
  });

  it('keeps a row sent without the words (an API call, an old page) with no version and no time: not to be texted', async () => {
    const p = person();
    const response = await anonFetch('contacts', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ ...p, message: 'Hi' }),
    });
    expect(response.status).toBe(201);
    const [row] = await sql<ConsentRow>('select * from public.contacts where email = $1', [p.email]);
    expect(row).toMatchObject({ phone_consent_version: null, phone_consent_at: null });
  });

  it("stores the investor's ticked box for marketing texts, and refuses it without the words it sits under", async () => {
    const ticked = person();
    const { id } = await createInvestorApplication({
      ...ticked,
      company: 'FlipCo',
      investment_focus: '',
      marketing_texts_consent: true,
    });
    expect(await storedConsent('investors', id)).toMatchObject({
      phone_consent_version: phoneConsent.version,
      marketing_texts_consent: true,
    });

    const bare = person();
    const response = await anonFetch('investors', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ ...bare, company: 'C', marketing_texts_consent: true }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('23514');
    expect(await sql('select 1 from public.investors where email = $1', [bare.email])).toEqual([]);
  });

  it('lets the public key tick the box only on the investor form, which offers deals', async () => {
    const response = await anonFetch('realtors', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({
        ...person(),
        brokerage: 'B',
        phone_consent_version: phoneConsent.version,
        marketing_texts_consent: true,
      }),
    });
    expect(response.status).toBe(400);
  });

  it('tells staff, in the office notification built from the stored row, whether they may text and send deal alerts', async () => {
    const inbox = mailInbox(stack.mailInboxUrl);
    const staffMailAbout = (visitor: string) => (message: CaughtMessage) =>
      message.envelope.to.includes(stack.staffInbox) &&
      message.replyTo.some((address) => address.toLowerCase() === visitor.toLowerCase());
    const ticked = person();
    await createInvestorApplication({
      ...ticked,
      company: 'FlipCo',
      investment_focus: '',
      marketing_texts_consent: true,
    });
    const [toStaff] = await inbox.waitFor(staffMailAbout(ticked.email));
    expect(toStaff!.text).toContain(
      `Calls and texts: agreed we may call or text about this request (consent words of ${phoneConsent.version})`,
    );
    expect(toStaff!.text).toContain('Deal-alert texts: yes, ticked the box');

    const bare = person();
    const response = await anonFetch('contacts', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ ...bare, message: 'Oak' }),
    });
    expect(response.status).toBe(201);
    const [aboutBare] = await inbox.waitFor(staffMailAbout(bare.email));
    expect(aboutBare!.text).toContain(
      'Calls and texts: no consent words were shown: call about the request, do not text',
    );
  });
});
