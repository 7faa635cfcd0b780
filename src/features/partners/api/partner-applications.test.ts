import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { phoneConsent } from '@/content/phone-consent';
import { InsertError } from '@/lib/insert-with-fallback';
import { server } from '@/testing/msw-server';
import { restUrl } from '@/testing/test-env';
import { createInvestorApplication } from './create-investor-application';
import { createRealtorApplication } from './create-realtor-application';

/** The data functions on their own: they parse (trim, null the empty optional), insert, and throw; no toasts. */
describe('partner application operations', () => {
  it('stores a realtor application trimmed, with an empty instagram as null', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(restUrl('realtors'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json([{ id: 'ignored' }], { status: 201 });
      }),
    );
    const { id } = await createRealtorApplication({
      name: ' Jess ',
      email: ' jess@homes.com',
      phone: '856 555 0100 ',
      brokerage: ' Shore ',
      instagram: '   ',
    });
    expect(bodies).toEqual([
      [
        {
          name: 'Jess',
          email: 'jess@homes.com',
          phone: '856 555 0100',
          brokerage: 'Shore',
          instagram: null,
          phone_consent_version: phoneConsent.version,
          id,
        },
      ],
    ]);
  });

  it('refuses an investor application with an empty required field without sending anything', async () => {
    // No handler: a request would be an unhandled MSW request and fail the test.
    await expect(
      createInvestorApplication({ name: 'M', email: 'm@flip.co', phone: ' ', company: 'FlipCo', investment_focus: '' }),
    ).rejects.toThrow('Please enter your phone number.');
  });

  it('throws an InsertError when both the client insert and the fallback fail', async () => {
    server.use(http.post(restUrl('investors'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    await expect(
      createInvestorApplication({
        name: 'M',
        email: 'm@flip.co',
        phone: '856 555 0100',
        company: 'FlipCo',
        investment_focus: ' rentals ',
      }),
    ).rejects.toBeInstanceOf(InsertError);
  });

  it('refuses a name that starts like a spreadsheet formula or shows nothing, without sending anything', async () => {
    const application = { email: 'm@flip.co', phone: '856 555 0100', company: 'FlipCo', investment_focus: '' };
    await expect(createInvestorApplication({ ...application, name: '@SUM(A1:A9)' })).rejects.toThrow(
      'Please start your name with a letter (not =, +, - or @).',
    );
    await expect(createInvestorApplication({ ...application, name: '\u200b\u200b' })).rejects.toThrow(
      'Please enter your name.',
    );
    await expect(
      createRealtorApplication({ name: 'Jess', email: 'j@h.co', phone: 'ask for Jess', brokerage: 'B', instagram: '' }),
    ).rejects.toThrow('Please enter a phone number with digits, spaces and ( ) + - . only, like (856) 555-0100.');
  });

  // Phone-shaped, so the database takes them, but nobody can ring them back (session 33's journeys).
  it('refuses a phone number a digit short or without its area code, and takes one with its country code', async () => {
    const realtor = { name: 'Jess', email: 'j@h.co', brokerage: 'B', instagram: '' };
    for (const phone of ['856-555-010', '555-0100', '555 0100 x1234567']) {
      await expect(createRealtorApplication({ ...realtor, phone })).rejects.toThrow(
        'Please enter your whole phone number with its area code, like (856) 555-0100.',
      );
    }
    server.use(http.post(restUrl('realtors'), () => HttpResponse.json([{ id: 'ignored' }], { status: 201 })));
    await expect(createRealtorApplication({ ...realtor, phone: '+44 20 7946 0958' })).resolves.toBeDefined();
  });

  // Session 34's journeys: copied from a web page or a contact card, the number looks like the refusal's example.
  it('takes a phone number pasted with non-breaking hyphens and spaces or full-width digits, stored as keyboard characters', async () => {
    const bodies: { phone: string }[] = [];
    server.use(
      http.post(restUrl('realtors'), async ({ request }) => {
        bodies.push(...((await request.json()) as { phone: string }[]));
        return HttpResponse.json([{ id: 'ignored' }], { status: 201 });
      }),
    );
    const realtor = { name: 'Jess', email: 'j@h.co', brokerage: 'B', instagram: '' };
    await createRealtorApplication({ ...realtor, phone: '856\u2011555\u00a00100' });
    await createRealtorApplication({ ...realtor, phone: '８５６–５５５–０１００' });
    expect(bodies.map((body) => body.phone)).toEqual(['856-555 0100', '856-555-0100']);
  });

  it("keeps a brokerage that starts with @ (the database makes it safe), drops control characters and the handle's @", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(restUrl('realtors'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json([{ id: 'ignored' }], { status: 201 });
      }),
    );
    const { id } = await createRealtorApplication({
      name: 'Jess\u0000 Moore',
      email: 'jess@homes.com',
      phone: '+1 856 555 0100 ext. 12',
      brokerage: '@properties',
      instagram: '@jess.homes',
    });
    expect(bodies).toEqual([
      [
        {
          name: 'Jess Moore',
          email: 'jess@homes.com',
          phone: '+1 856 555 0100 ext. 12',
          brokerage: '@properties',
          instagram: 'jess.homes',
          phone_consent_version: phoneConsent.version,
          id,
        },
      ],
    ]);
  });
});

/**
 * Every length the tables' CHECK constraints hold (supabase/migrations/*_lead_tables.sql, *_visitor_text_rules.sql):
 * one character more and the database refuses the row, the visitor reads 'Application failed' and not which field to
 * shorten. So the schema refuses it first, with the field's own message, and takes the longest value the table does.
 */
describe("the partner forms at the tables' length limits", () => {
  const realtor = { name: 'Jess', email: 'jess@homes.com', phone: '856 555 0100', brokerage: 'Shore', instagram: '' };
  const investor = {
    name: 'Marcus',
    email: 'm@flip.co',
    phone: '856 555 0100',
    company: 'FlipCo',
    investment_focus: '',
  };
  const limits = [
    ['realtors', 'name', 120, 'Please enter a name of at most 120 characters.'],
    ['realtors', 'email', 254, 'Please enter an email address of at most 254 characters.'],
    ['realtors', 'phone', 40, 'Please enter a phone number of at most 40 characters.'],
    ['realtors', 'brokerage', 160, 'Please enter a brokerage of at most 160 characters.'],
    ['realtors', 'instagram', 100, 'Please enter an Instagram handle of at most 100 characters.'],
    ['investors', 'name', 120, 'Please enter a name of at most 120 characters.'],
    ['investors', 'email', 254, 'Please enter an email address of at most 254 characters.'],
    ['investors', 'phone', 40, 'Please enter a phone number of at most 40 characters.'],
    ['investors', 'company', 160, 'Please enter a company name of at most 160 characters.'],
    ['investors', 'investment_focus', 500, 'Please describe your investment focus in at most 500 characters.'],
  ] as const;
  /** A value of `length` characters that is otherwise fine for `column`. */
  const ofLength = (column: string, length: number) =>
    column === 'email' ? `${'a'.repeat(length - '@example.com'.length)}@example.com` : '5'.repeat(length);

  it.each(limits)(
    '%s: the %s is taken at %i characters and refused one past, saying so',
    async (table, column, limit, message) => {
      const bodies: unknown[] = [];
      server.use(
        http.post(restUrl(table), async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json([{ id: 'ignored' }], { status: 201 });
        }),
      );
      const send = (value: string) =>
        table === 'realtors'
          ? createRealtorApplication({ ...realtor, [column]: value })
          : createInvestorApplication({ ...investor, [column]: value });

      await expect(send(ofLength(column, limit + 1))).rejects.toThrow(message);
      expect(bodies).toEqual([]);
      await send(ofLength(column, limit));
      expect(bodies).toEqual([[expect.objectContaining({ [column]: ofLength(column, limit) })]]);
    },
  );
});
