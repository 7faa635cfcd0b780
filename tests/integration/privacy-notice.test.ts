import { describe, expect, it } from 'vitest';
import { whatEachFormCollects } from '@/features/legal/content/what-we-collect';
import { sql } from './stack-clients';

/**
 * The privacy notice's claims only the database can show (issue 36; the page's own claims are pinned in
 * src/features/legal/components/privacy-notice-claims.test.tsx). A grant, a column or a table that changes what
 * the notice says fails here, and the notice must change with it.
 */

/** The table each form of the notice's list writes, in the list's order. */
const tableOfForm = ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] as const;

async function anonColumns(table: string, privilege: 'INSERT' | 'SELECT'): Promise<string[]> {
  const rows = await sql<{ column_name: string }>(
    `select column_name from information_schema.column_privileges
      where grantee = 'anon' and table_schema = 'public' and table_name = $1 and privilege_type = $2
      order by column_name`,
    [table, privilege],
  );
  return rows.map((row) => row.column_name);
}

describe('the privacy notice against the database', () => {
  it('"Each form keeps": what the public key may write into each table is what the notice lists for its form', async () => {
    expect(whatEachFormCollects).toHaveLength(tableOfForm.length);
    for (const [index, { form, sends }] of whatEachFormCollects.entries()) {
      const table = tableOfForm[index]!;
      // The row's id and the guide's fixed lead_source and guide_sent say nothing about the visitor; the photo goes
      // to the processor, not into the row.
      const writable = (await anonColumns(table, 'INSERT')).filter((column) => !['id', 'lead_source', 'guide_sent'].includes(column));
      expect(writable, `${form} (${table})`).toEqual(sends.filter((value) => value !== 'photo').sort());
    }
  });

  it('"The site can add to our records but cannot read back what anyone typed into them": the public key reads back nothing typed', async () => {
    // Not even the guide's `guide_sent`, which the database sets: read back, it told anyone who typed an address
    // whether its owner had unsubscribed (migration 20261209500100).
    for (const table of ['contacts', 'leads', 'realtors', 'investors']) {
      expect(await anonColumns(table, 'SELECT'), table).toEqual(['id']);
    }
    const visualizer = await anonColumns('floor_visualizer_requests', 'SELECT');
    expect(visualizer).not.toContain('customer_name');
    expect(visualizer).not.toContain('email');
  });

  // The free-guide dialog's thank-you panel (lead-magnet-dialog.tsx): "We send it to an address once a day at most",
  // and the visualizer's info step (info-step.tsx): "one result a day per address ... another photo the same day is
  // shown here only", and the privacy notice's "at most one e-mail of each kind a day". The queue's limit per kind of
  // e-mail is what makes them true; a higher one would make them false.
  it('"We send it to an address once a day at most": the queue sends each kind of e-mail to an address once a New York day', async () => {
    expect(await sql('select max_per_kind_per_address_per_day, time_zone from back_office.visitor_email_limits')).toEqual([
      { max_per_kind_per_address_per_day: 1, time_zone: 'America/New_York' },
    ]);
  });

  it('"We don\'t store the text of the e-mails": the outbox has no column for it', async () => {
    const columns = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'back_office' and table_name = 'outbound_emails'`,
    );
    expect(columns.map((row) => row.column_name)).toContain('recipient');
    expect(columns.map((row) => row.column_name).filter((name) => /body|text|html|subject|content|message/.test(name))).toEqual([]);
  });

  it('"a scrambled code made from your e-mail address (not the address itself)": what an unsubscribe keeps', async () => {
    const columns = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'back_office' and table_name = 'email_unsubscribes'
        order by column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(['mailbox_digest', 'unsubscribed_at']);
  });

  it('"We count the forms sent from each address": the throttle keeps the internet address', async () => {
    const columns = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'private' and table_name = 'insert_throttle_hits'`,
    );
    expect(columns.map((row) => row.column_name)).toContain('client_address');
  });
});
