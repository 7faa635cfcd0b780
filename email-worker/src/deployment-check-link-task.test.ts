import type { JobHelpers } from 'graphile-worker';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readBusinessFacts } from '../../src/config/business.ts';
import { verifiedMailboxDigest } from '../../contracts/unsubscribe-link.ts';
import { createDeploymentCheckLinkTask } from './deployment-check-link-task.ts';
import type { OutboundEmailRepository } from './outbound-email-repository.ts';

/**
 * The deployment check's unsubscribe link, as the e-mail worker makes it: the headers of the marketing e-mail its
 * send path would hand the SMTP server, for the check's own address only, stored for the check; nothing is sent.
 */
const DIGEST = 'c'.repeat(64);
const SIGNING_KEY = 'the database signing key';
const UNSUBSCRIBE_URL = 'https://processor.floors.example/unsubscribe';

function fakeDatabase() {
  const queries: { text: string; values: unknown[] }[] = [];
  const db = {
    async query(text: string, values: unknown[] = []) {
      queries.push({ text, values });
      return { rows: /mailbox_digest/.test(text) ? [{ digest: DIGEST }] : [] };
    },
  } as unknown as pg.Pool;
  return { db, queries };
}

const repository = {
  async unsubscribeSigningKey() {
    return SIGNING_KEY;
  },
  async unsubscribedAt() {
    return null;
  },
} as unknown as OutboundEmailRepository;

const helpers = { job: { attempts: 1, max_attempts: 1 } } as unknown as JobHelpers;

type Smtp = Parameters<typeof createDeploymentCheckLinkTask>[3];

function task(db: pg.Pool, verify: () => Promise<unknown> = async () => true, smtp: Smtp = { host: 'smtp.provider.example', login: true, tls: 'required' }) {
  return createDeploymentCheckLinkTask(
    {
      repository,
      mailFrom: 'Your Flooring Co. <hello@floors.example>',
      unsubscribeUrl: UNSUBSCRIBE_URL,
      context: {
        business: readBusinessFacts({}),
        siteUrl: 'https://floors.example',
        staffInbox: 'office@floors.example',
        guidePdf: async () => Buffer.from('%PDF-1.3'),
      },
    },
    db,
    verify,
    smtp,
  );
}

describe('the deployment check link job', () => {
  it("stores why the SMTP server refused the worker's connection or login, never the password", async () => {
    const { db, queries } = fakeDatabase();

    await task(db, async () => {
      throw Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), { code: 'EAUTH' });
    })({}, helpers);

    const stored = queries.find((query) => query.text.includes('deployment_check_unsubscribe_links'));
    expect(stored!.values[5]).toMatch(/Invalid login: 535 5\.7\.8 Authentication failed/);
  });

  it("stores the one-click headers the worker's send path puts on a marketing e-mail to the check's address: its UNSUBSCRIBE_URL, signed with the database's key", async () => {
    const { db, queries } = fakeDatabase();

    // Whatever a job's payload says, the address is the check's own.
    await task(db)({ address: 'someone.else@example.org' }, helpers);

    expect(queries[0]!.values).toEqual(['deployment-check@example.com']);
    const stored = queries.find((query) => query.text.includes('deployment_check_unsubscribe_links'));
    const [listUnsubscribe, listUnsubscribePost] = stored!.values as [string, string];
    const link = new URL(listUnsubscribe.match(/^<(.+)>$/)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(UNSUBSCRIBE_URL);
    expect(verifiedMailboxDigest(SIGNING_KEY, link.searchParams.get('token'))).toBe(DIGEST);
    expect(listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // And what the check reads the worker's business facts and office inbox from.
    expect(stored!.values[2]).toMatch(/^<!doctype html>/i);
    expect(stored!.values[3]).toBe('office@floors.example');
    // And the sender every e-mail goes out with (MAIL_FROM): the worker records only a digest of it elsewhere.
    expect(stored!.values[4]).toBe('Your Flooring Co. <hello@floors.example>');
    // The SMTP server took the login: no error stored.
    expect(stored!.values[5]).toBeNull();
    // How it reaches the server, for the check to judge: its host, that it logs in, STARTTLS required.
    expect(stored!.values.slice(6)).toEqual(['smtp.provider.example', true, 'required']);
  });

  it('stores a worker that hands its e-mails to its SMTP server without a login and with TLS only if offered as such (session 28)', async () => {
    const { db, queries } = fakeDatabase();

    await task(db, undefined, { host: 'relay.floors.example', login: false, tls: 'if offered' })({}, helpers);

    const stored = queries.find((query) => query.text.includes('deployment_check_unsubscribe_links'));
    expect(stored!.values.slice(6)).toEqual(['relay.floors.example', false, 'if offered']);
  });
});
