import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGuideLead } from '@/features/lead-magnet/api/create-guide-lead';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import { MARKETING_EMAIL_KINDS, type EmailKind } from '../../email-worker/src/messages/lead-records';
import { mailInbox, type CaughtMessage } from '../support/mail-inbox';
import { sql, stack, useSiteDataLayer } from './stack-clients';

/**
 * CAN-SPAM (15 U.S.C. 7704) and RFC 8058 on the real stack: the site's data layer stores the lead, the database
 * queues the e-mails, the stack's e-mail worker sends them to the local mail catcher, and the unsubscribe goes to the
 * processor through the gateway, as a mail program's one-click POST would.
 */
beforeAll(() => useSiteDataLayer());

const inbox = mailInbox(stack.mailInboxUrl);
const visitorAddress = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;
const mailTo = (visitor: string) => (message: CaughtMessage) => message.envelope.to.includes(visitor);
const staffMailAbout = (visitor: string) => (message: CaughtMessage) =>
  message.envelope.to.includes(stack.staffInbox) && message.replyTo.some((address) => address.toLowerCase() === visitor.toLowerCase());

async function emailStatus(visitor: string, kind: EmailKind) {
  const rows = await sql<{ status: string; status_reason: string | null }>(
    `select status, status_reason from back_office.outbound_emails where kind = $1 and private.mailbox_key(recipient) = private.mailbox_key($2)`,
    [kind, visitor],
  );
  return rows.at(-1);
}

/** The one-click POST a mailbox provider sends (RFC 8058 section 3.2). */
const oneClick = (url: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

async function guideFor(visitor: string): Promise<CaughtMessage> {
  await insertWithFallback('leads', { email: visitor, lead_source: 'free_flooring_guide', guide_sent: true });
  const [guide] = await inbox.waitFor(mailTo(visitor));
  return guide!;
}

describe('marketing e-mail and unsubscribing', () => {
  it('the guide carries the postal address, an unsubscribe link and the RFC 8058 one-click headers', async () => {
    const guide = await guideFor(visitorAddress('headers'));
    const listUnsubscribe = guide.headers['list-unsubscribe']!;
    expect(listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/floor-visualizer\/unsubscribe\?token=[0-9a-f]{64}\.[\w-]{43}>$/);
    expect(guide.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = listUnsubscribe.slice(1, -1);
    expect(guide.text).toContain(`unsubscribe (${link}): the link opens a page with one button to press, nothing to fill in.`);
    expect(guide.html).toContain(`<a href="${link}" `);
    expect(guide.text).toContain('100 Example Street, Haddonfield, NJ 08033');
    // The link names no address: a log or a forwarded e-mail does not give the visitor away.
    expect(link).not.toContain('example.com');
  });

  it('a one-click POST suppresses the next marketing e-mail; the answer to a request still goes; staff are told', async () => {
    const visitor = visitorAddress('oneclick');
    const guide = await guideFor(visitor);
    const link = guide.headers['list-unsubscribe']!.slice(1, -1);

    // A GET (a mail scanner following the link) shows a button and changes nothing.
    const preview = await fetch(link);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<button type="submit">Unsubscribe</button>');
    expect(await sql('select 1 from back_office.email_unsubscribes where mailbox_digest = back_office.mailbox_digest($1)', [visitor])).toEqual([]);

    const response = await oneClick(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('You are unsubscribed');
    // The list keeps a digest, never the address.
    const stored = await sql<{ mailbox_digest: string }>('select mailbox_digest from back_office.email_unsubscribes');
    expect(JSON.stringify(stored)).not.toContain(visitor);

    // Another address spelling of the same mailbox applies as a realtor: no welcome (marketing), staff are told.
    const sameMailbox = visitor.replace('@', '+partners@').toUpperCase();
    await insertWithFallback('realtors', { name: 'Robin Vale', email: sameMailbox, phone: '856-555-0110', brokerage: 'Vale Homes' });
    const [staff] = await inbox.waitFor(staffMailAbout(sameMailbox));
    expect(staff!.text).toContain('This visitor unsubscribed from our marketing e-mail on');
    expect(staff!.text).toContain('The welcome e-mail was not sent to them.');
    expect(await emailStatus(sameMailbox, 'realtor_welcome')).toEqual({
      status: 'suppressed',
      status_reason: 'The visitor unsubscribed from marketing e-mail',
    });

    // An estimate request is answered: the confirmation is transactional.
    await insertWithFallback('contacts', { name: 'Robin Vale', email: visitor, phone: '856-555-0110', message: 'Hall floor' });
    const confirmations = await inbox.waitFor((message) => mailTo(visitor)(message) && message.subject === 'We received your estimate request');
    expect(confirmations[0]!.headers['list-unsubscribe']).toBeUndefined();
    expect((await inbox.to(sameMailbox)).length).toBe(0);
  });

  it('a Gmail address typed with dots or as googlemail.com is the mailbox that unsubscribed: no guide reaches it', async () => {
    const name = `dots${randomUUID().slice(0, 8)}`;
    const guide = await guideFor(`${name}@gmail.com`);
    expect((await oneClick(guide.headers['list-unsubscribe']!.slice(1, -1))).status).toBe(200);

    // Gmail ignores dots in the name and delivers googlemail.com too: each of these reaches the one who unsubscribed.
    const spellings = [`${name.slice(0, 2)}.${name.slice(2)}@gmail.com`, `${name.split('').join('.')}@GMail.com`, `${name}@googlemail.com`];
    for (const spelling of spellings) {
      await insertWithFallback('leads', { email: spelling, lead_source: 'free_flooring_guide', guide_sent: true });
      expect(await sql('select status, status_reason from back_office.outbound_emails where kind = $1 and recipient = $2', ['guide', spelling])).toEqual([
        { status: 'suppressed', status_reason: 'The visitor unsubscribed from marketing e-mail' },
      ]);
    }
    // Other providers' dots name other people: an opt-out of a.b@ is not one of ab@.
    const outlook = `${name.slice(0, 2)}.${name.slice(2)}@outlook.com`;
    await oneClick((await guideFor(outlook)).headers['list-unsubscribe']!.slice(1, -1));
    await guideFor(`${name}@outlook.com`);
  });

  it('a forged or altered token unsubscribes nobody', async () => {
    const visitor = visitorAddress('forged');
    const link = new URL((await guideFor(visitor)).headers['list-unsubscribe']!.slice(1, -1));
    const [digest, mac] = link.searchParams.get('token')!.split('.') as [string, string];
    const someoneElse = (await sql<{ digest: string }>('select back_office.mailbox_digest($1) as digest', ['victim@example.org']))[0]!.digest;
    for (const token of [`${someoneElse}.${mac}`, `${digest}.${mac.slice(0, -2)}AA`, digest, '']) {
      link.searchParams.set('token', token);
      const response = await oneClick(link.toString());
      expect(response.status).toBe(400);
    }
    expect(await sql('select 1 from back_office.email_unsubscribes where mailbox_digest in ($1, $2)', [digest, someoneElse])).toEqual([]);
  });

  it('an unsubscribe suppresses the marketing e-mails still waiting in the queue', async () => {
    const visitor = visitorAddress('queued');
    const link = (await guideFor(visitor)).headers['list-unsubscribe']!.slice(1, -1);
    // An investor welcome queued but not yet sent: its job is held back an hour in the lead's own transaction.
    const client = new pg.Client({ connectionString: stack.superuserUrl });
    await client.connect();
    let investorId: string;
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(
        `insert into public.investors (name, email, phone, company) values ('Sam Ode', $1, '856-555-0111', 'Ode LLC') returning id`,
        [visitor],
      );
      investorId = rows[0]!.id;
      await client.query(
        `select graphile_worker.reschedule_jobs(array(select job.id from graphile_worker.jobs as job
           join back_office.outbound_emails as email on job.key = 'email:' || email.id
           where email.source_id = $1 and email.kind = 'investor_welcome'), run_at => now() + interval '1 hour')`,
        [investorId],
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
    const investor = { id: investorId };
    expect((await oneClick(link)).status).toBe(200);
    expect(await emailStatus(visitor, 'investor_welcome')).toMatchObject({ status: 'suppressed' });
    expect(
      await sql(`select 1 from graphile_worker.jobs as job join back_office.outbound_emails as email on job.key = 'email:' || email.id where email.source_id = $1 and email.kind = 'investor_welcome'`, [
        investor!.id,
      ]),
    ).toEqual([]);
  });

  it("the README's statement for an opt-out by reply or call puts the mailbox on the list; its next guide is not sent", async () => {
    // The unsubscribe page and the privacy notice tell visitors they may ask to stop in their own words; staff then
    // run the README's one line in the dashboard's SQL editor (as its superuser, like stack.superuserUrl).
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8').replace(/\s+/g, ' ');
    const statement = /`(select back_office\.record_unsubscribe\(back_office\.mailbox_digest\('their@address'\)\);)`/.exec(readme)?.[1];
    expect(statement, "the README's statement").toBeDefined();
    const visitor = visitorAddress('byhand');
    // And the one staff run before a marketing e-mail of their own (CAN-SPAM, business to business too).
    const asked = /`(select exists \(select from back_office\.email_unsubscribes where mailbox_digest = back_office\.mailbox_digest\('their@address'\)\) as unsubscribed;)`/.exec(readme)?.[1];
    expect(asked, "the README's question before a staff marketing e-mail").toBeDefined();
    const unsubscribed = async () => (await sql<{ unsubscribed: boolean }>(asked!.replace("'their@address'", '$1'), [visitor]))[0]!.unsubscribed;
    expect(await unsubscribed()).toBe(false);
    await sql(statement!.replace("'their@address'", '$1'), [visitor.toUpperCase()]);
    expect(await unsubscribed()).toBe(true);
    expect(await sql('select 1 from back_office.email_unsubscribes where mailbox_digest = back_office.mailbox_digest($1)', [visitor])).toHaveLength(1);

    await insertWithFallback('leads', { email: visitor, lead_source: 'free_flooring_guide', guide_sent: true });
    await inbox.waitFor(staffMailAbout(visitor));
    expect(await emailStatus(visitor, 'guide')).toEqual({ status: 'suppressed', status_reason: 'The visitor unsubscribed from marketing e-mail' });
  });

  // The row says, for staff, that no guide went (decision 032, session 34); the visitor cannot read it back, or anyone
  // could learn whether an address unsubscribed (migration 20261209500100, privacy-notice.test).
  it("an unsubscribed address's sign-up is stored, says for staff that no guide went, and staff still hear of it", async () => {
    const visitor = visitorAddress('again');
    await sql('select back_office.record_unsubscribe(back_office.mailbox_digest($1))', [visitor]);
    const { id } = await createGuideLead({ email: visitor });
    expect(await sql('select guide_sent from public.leads where id = $1', [id])).toEqual([{ guide_sent: false }]);
    await inbox.waitFor(staffMailAbout(visitor));
    expect(await emailStatus(visitor, 'guide')).toEqual({ status: 'suppressed', status_reason: 'The visitor unsubscribed from marketing e-mail' });
  });

  it('the database and the worker agree on which e-mails are marketing', async () => {
    const kinds: EmailKind[] = ['guide', 'estimate_confirmation', 'realtor_welcome', 'investor_welcome', 'visualizer_result', 'staff_contact', 'staff_guide', 'staff_realtor', 'staff_investor', 'staff_visualizer'];
    const rows = await sql<{ kind: EmailKind; marketing: boolean }>('select kind, back_office.is_marketing_email(kind) as marketing from unnest($1::text[]) as kind', [kinds]);
    expect(rows.filter((row) => row.marketing).map((row) => row.kind)).toEqual([...MARKETING_EMAIL_KINDS]);
  });
});
