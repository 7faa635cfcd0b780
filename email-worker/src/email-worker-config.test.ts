import { describe, expect, it } from 'vitest';
import { refusalLines } from '../../job-queue/testing/refusal-lines.ts';
import { readEmailWorkerConfig } from './email-worker-config.ts';

const settings = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://postgres@db.example:5432/postgres',
  SMTP_HOST: 'smtp.provider.example',
  SMTP_USER: 'apikey',
  SMTP_PASSWORD: 'secret',
  MAIL_FROM: 'Floors <hello@floors.example>',
  STAFF_INBOX: 'office@floors.example',
  SITE_URL: 'https://www.floors.example',
  UNSUBSCRIBE_URL: 'https://processor.floors.example/unsubscribe',
};

const refusal = (env: NodeJS.ProcessEnv) => refusalLines(() => readEmailWorkerConfig(env));

describe('the e-mail worker settings', () => {
  it('takes a provider with a login', () => {
    expect(readEmailWorkerConfig(settings)).toMatchObject({ SMTP_HOST: 'smtp.provider.example', SMTP_PORT: 587, production: true });
  });

  it('refuses to start without an SMTP host, one line naming it', () => {
    const { SMTP_HOST: _host, ...env } = settings;
    expect(refusal(env)).toEqual(['email worker refuses to start: SMTP_HOST is not set']);
    expect(refusal({ ...settings, SMTP_HOST: '  ' })).toEqual(['email worker refuses to start: SMTP_HOST is not set']);
  });

  it('refuses a login without its password, and port 465 without TLS', () => {
    expect(refusal({ ...settings, SMTP_PASSWORD: '' })).toEqual(['email worker refuses to start: SMTP_PASSWORD is not set: SMTP_USER needs it']);
    expect(refusal({ ...settings, SMTP_PORT: '465' })).toEqual([
      'email worker refuses to start: SMTP_SECURE is not true on port 465, which speaks TLS from the first byte: set SMTP_SECURE=true',
    ]);
  });

  it('takes an https unsubscribe endpoint only, plain http only on this machine (the local stack)', () => {
    const refused = ['email worker refuses to start: UNSUBSCRIBE_URL is not https://: mail programs send one-click unsubscribes to https only (RFC 8058)'];
    expect(refusal({ ...settings, UNSUBSCRIBE_URL: 'http://processor.floors.example/unsubscribe' })).toEqual(refused);
    const local = { ...settings, UNSUBSCRIBE_URL: 'http://127.0.0.1:24321/unsubscribe' };
    expect(readEmailWorkerConfig(local).UNSUBSCRIBE_URL).toBe(local.UNSUBSCRIBE_URL);
  });

  it('refuses a SITE_URL or UNSUBSCRIBE_URL of another scheme than http(s): every e-mail links to them', () => {
    for (const value of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ftp://floors.example/']) {
      for (const name of ['SITE_URL', 'UNSUBSCRIBE_URL']) {
        expect(refusal({ ...settings, [name]: value }), `${name}=${value}`).toEqual([`email worker refuses to start: ${name}: must be an http:// or https:// address`]);
      }
    }
  });

  it("refuses Supabase's transaction pooler, which the job queue cannot listen through", () => {
    expect(refusal({ ...settings, DATABASE_URL: 'postgres://postgres.ref:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres' })).toEqual([
      "email worker refuses to start: DATABASE_URL is Supabase's transaction pooler (port 6543): the job queue needs the session pooler (port 5432) or the direct connection",
    ]);
  });

  it('names every missing setting, one line each', () => {
    expect(refusal({ NODE_ENV: 'production' })).toEqual(
      ['DATABASE_URL', 'SMTP_HOST', 'MAIL_FROM', 'STAFF_INBOX', 'SITE_URL', 'UNSUBSCRIBE_URL'].map((name) => `email worker refuses to start: ${name} is not set`),
    );
  });
});
