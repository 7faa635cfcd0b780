import { describe, expect, it } from 'vitest';
import { checkSettings } from './settings';

/** A JWT key as Supabase mints them (HS256; the signature does not matter to the check). */
const jwtKey = (role: string) =>
  [
    { alg: 'HS256', typ: 'JWT' },
    { iss: 'supabase', role, iat: 1767225600, exp: 2082758400 },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.') + '.c2lnbmF0dXJl';

describe('checkSettings and the keys a build may publish', () => {
  it('refuses a secret key in any VITE_* setting, so the build stops before the key is in a page', () => {
    for (const [name, value] of [
      ['VITE_SUPABASE_ANON_KEY', jwtKey('service_role')],
      ['VITE_SUPABASE_ANON_KEY', 'sb_secret_AbCdEf0123456789'],
      ['VITE_SUPABASE_ANON_KEY', ` ${jwtKey('supabase_admin')}\n`],
      ['VITE_SOMETHING_NEW', 'sb_secret_AbCdEf0123456789'],
    ] as const) {
      expect(() => checkSettings({ [name]: value }), `${name}=${value}`).toThrow(`${name} holds a Supabase`);
    }
  });

  it('takes the publishable key, the anon JWT and ordinary text', () => {
    const settings = checkSettings({
      VITE_SUPABASE_ANON_KEY: jwtKey('anon'),
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_AbCdEf0123456789',
      VITE_BUSINESS_NAME: 'Oak & Co.',
      VITE_BUSINESS_POSTAL_ADDRESS: '1.2.3 Main St.',
      SUPABASE_SERVICE_ROLE_KEY: jwtKey('service_role'),
    });
    expect(settings.business.VITE_BUSINESS_NAME).toBe('Oak & Co.');
  });
});

describe('the New Jersey contractor registration number', () => {
  const registration = (value?: string) =>
    checkSettings(value === undefined ? {} : { VITE_BUSINESS_NJ_HIC_REGISTRATION: value }).business
      .VITE_BUSINESS_NJ_HIC_REGISTRATION;

  it("is always there: the owner's number, trimmed, or a plain placeholder", () => {
    expect(registration(' 13VH01234567\n')).toBe('13VH01234567');
    expect(registration()).toBe('13VH00000000');
  });

  it('stops the build unless it is 13VH and 8 digits, as the Division of Consumer Affairs issues them', () => {
    for (const wrong of [
      '',
      '13VH1234567',
      '13VH012345678',
      '13vh01234567',
      '13 VH 01234567',
      'HIC 13VH01234567',
      '12VH01234567',
    ]) {
      expect(() => registration(wrong), JSON.stringify(wrong)).toThrow('13VH and 8 digits');
    }
  });
});

describe('the addresses a visitor clicks', () => {
  it('stops the build on a site address or social link that is not http(s): a javascript: link would run on a click', () => {
    for (const name of ['VITE_SITE_URL', 'VITE_BUSINESS_FACEBOOK_URL', 'VITE_BUSINESS_INSTAGRAM_URL']) {
      for (const value of [
        'javascript:alert(document.cookie)',
        'data:text/html,<script>alert(1)</script>',
        'file:///etc/passwd',
        'ftp://floors.example/',
      ]) {
        expect(() => checkSettings({ [name]: value }), `${name}=${value}`).toThrow();
      }
      expect(() => checkSettings({ [name]: 'https://www.floors.example/' }), name).not.toThrow();
    }
  });
});
