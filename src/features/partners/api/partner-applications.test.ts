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
      phone: '856 ',
      brokerage: ' Shore ',
      instagram: '   ',
    });
    expect(bodies).toEqual([
      [
        {
          name: 'Jess',
          email: 'jess@homes.com',
          phone: '856',
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
        phone: '856',
        company: 'FlipCo',
        investment_focus: ' rentals ',
      }),
    ).rejects.toBeInstanceOf(InsertError);
  });

  it('refuses a name that starts like a spreadsheet formula or shows nothing, without sending anything', async () => {
    const application = { email: 'm@flip.co', phone: '856', company: 'FlipCo', investment_focus: '' };
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
