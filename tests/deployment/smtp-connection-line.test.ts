import { describe, expect, it } from 'vitest';
import { smtpConnectionOf } from '../../scripts/check-deployment/unsubscribe';

/**
 * How the e-mail worker reaches its SMTP server, as check:deployment's e-mail line judges and says it (session 28):
 * it said "an SMTP server that takes the worker's login" of a worker that had none.
 */
describe("the e-mail line's SMTP connection", () => {
  it("passes a provider that takes the worker's login over TLS, and says so", () => {
    expect(smtpConnectionOf({ smtp_host: 'smtp.provider.example', smtp_login: true, smtp_tls: 'required' })).toEqual({
      said: "smtp.provider.example, which takes the worker's login, over STARTTLS, required",
    });
    expect(smtpConnectionOf({ smtp_host: 'smtp.provider.example', smtp_login: true, smtp_tls: 'implicit' }).problem).toBeUndefined();
  });

  it('fails a server on the internet that takes the e-mails without a login, or with TLS only if offered', () => {
    expect(smtpConnectionOf({ smtp_host: 'relay.floors.example', smtp_login: false, smtp_tls: 'if offered' }).problem).toBe(
      "it hands every e-mail to relay.floors.example without a login (SMTP_USER is not set): a server on the internet that takes anyone's mail is an open relay, which providers block and spam filters distrust, and nothing ties its mail to the business, and with TLS only if the server offers it: anyone on the way can strip STARTTLS and read every lead's name, phone and message; give it its provider's login (SMTP_USER and SMTP_PASSWORD, which make STARTTLS required in production) or SMTP_SECURE=true on port 465",
    );
    // TLS from the first byte, but no login: still an open relay.
    expect(smtpConnectionOf({ smtp_host: '203.0.113.25', smtp_login: false, smtp_tls: 'implicit' }).problem).toMatch(/^it hands every e-mail to 203\.0\.113\.25 without a login \(SMTP_USER is not set\): .*; give it/);
    // A login, but a development worker (NODE_ENV not production) that would send it in plain text if STARTTLS is stripped.
    expect(smtpConnectionOf({ smtp_host: 'smtp.provider.example', smtp_login: true, smtp_tls: 'if offered' }).problem).toMatch(/^it hands every e-mail to smtp\.provider\.example with TLS only if the server offers it: /);
  });

  it("passes a server only the worker's own machine or network reaches without a login (a local catcher, a relay beside it), and says so", () => {
    expect(smtpConnectionOf({ smtp_host: '127.0.0.1', smtp_login: false, smtp_tls: 'if offered' })).toEqual({
      said: '127.0.0.1, without a login, with STARTTLS only if the server offers it (an address only its own machine or network reaches)',
    });
    expect(smtpConnectionOf({ smtp_host: 'postfix', smtp_login: false, smtp_tls: 'if offered' }).problem).toBeUndefined();
  });

  it('fails a worker that does not say how it reaches its server (one from before the line)', () => {
    expect(smtpConnectionOf({}).problem).toMatch(/^the e-mail worker did not say how it reaches its SMTP server/);
  });
});
