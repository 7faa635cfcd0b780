import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataRetention } from '../../src/config/data-retention';
import { sql } from './stack-clients';

/**
 * The gaps issue 36 found in forgetting and retention, on the real database: what the retention job's own SQL does
 * (it passes the periods of src/config/data-retention.ts, as here).
 */
describe('e-mails that never went', () => {
  it('lose their address after the same period as sent ones: given up, with the reason, and their job removed', async () => {
    const [stuck, sending, recent] = [randomUUID(), randomUUID(), randomUUID()];
    const address = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;
    const insert = (id: string, status: string, days: number) =>
      sql(
        `insert into back_office.outbound_emails (id, kind, source_table, source_id, recipient, status, created_at, last_attempt_at)
         values ($1, 'estimate_confirmation', 'contacts', gen_random_uuid(), $2, $3, now() - make_interval(days => $4),
                 case when $3 = 'sending' then now() - make_interval(days => $4) end)`,
        [id, address(status), status, days],
      );
    await insert(stuck, 'queued', dataRetention.emailRecipientDays + 1);
    await insert(sending, 'sending', dataRetention.emailRecipientDays + 1);
    await insert(recent, 'queued', dataRetention.emailRecipientDays - 1);
    // The stuck one still has a job waiting, far in the future (held back; a worker never took it).
    await sql(
      `select graphile_worker.add_job('send_email', json_build_object('emailId', $1::text), job_key => 'email:' || $1, run_at => now() + interval '1 year')`,
      [stuck],
    );

    await sql('select back_office.remove_expired_email_recipients($1::interval, 1000)', [`${dataRetention.emailRecipientDays} days`]);

    const rows = await sql<{ id: string; status: string; status_reason: string | null; recipient: string | null }>(
      'select id, status, status_reason, recipient from back_office.outbound_emails where id = any($1::uuid[])',
      [[stuck, sending, recent]],
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    for (const id of [stuck, sending]) {
      expect(byId[id]).toMatchObject({
        status: 'dead',
        recipient: null,
        status_reason: 'Not sent within the period its address is kept; the address was removed',
      });
    }
    expect(byId[recent]).toMatchObject({ status: 'queued', recipient: expect.stringContaining('@example.com') });
    expect(await sql(`select 1 from graphile_worker.jobs where key = $1`, [`email:${stuck}`])).toEqual([]);
  });

  it('held back by the queue (an unsubscribed address, the day\'s limit): the address goes after the same period, counted from the hold, and the reason stays', async () => {
    // The privacy notice's row on e-mail addresses covers these (what-we-collect.ts, session 22).
    const [old, recent] = [randomUUID(), randomUUID()];
    const insert = (id: string, days: number) =>
      sql(
        `insert into back_office.outbound_emails (id, kind, source_table, source_id, recipient, status, status_reason, created_at)
         values ($1, 'guide', 'leads', gen_random_uuid(), $2, 'suppressed', 'Daily limit for this address reached', now() - make_interval(days => $3))`,
        [id, `held.${randomUUID().slice(0, 8)}@example.com`, days],
      );
    await insert(old, dataRetention.emailRecipientDays + 1);
    await insert(recent, dataRetention.emailRecipientDays - 1);

    await sql('select back_office.remove_expired_email_recipients($1::interval, 1000)', [`${dataRetention.emailRecipientDays} days`]);

    const rows = await sql<{ id: string; status: string; status_reason: string | null; recipient: string | null }>(
      'select id, status, status_reason, recipient from back_office.outbound_emails where id = any($1::uuid[])',
      [[old, recent]],
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[old]).toMatchObject({ status: 'suppressed', recipient: null, status_reason: 'Daily limit for this address reached' });
    expect(byId[recent]).toMatchObject({ status: 'suppressed', recipient: expect.stringContaining('@example.com') });
  });
});
