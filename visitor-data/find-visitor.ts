import type pg from 'pg';

/** The address is not one the database would store (private.is_email): nothing was looked up. */
export class NotAnEmailAddress extends Error {
  override name = 'NotAnEmailAddress';
}

/** Tables that hold a visitor's own rows, matched by their `email` column. */
export const LEAD_TABLES = ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] as const;
export type LeadTable = (typeof LEAD_TABLES)[number];

/**
 * The mailbox an address reaches, by the site's one rule for telling mailboxes apart (private.mailbox_key: lower
 * case, without a "+tag"; the daily e-mail limit, the unsubscribe list and deletion all use it), and whether the
 * address is one the database would store today (private.is_email). Stored rows are matched either way: the rules
 * only tighten for new rows.
 */
export async function mailboxOf(client: pg.ClientBase, address: string): Promise<{ mailbox: string; valid: boolean }> {
  const { rows } = await client.query<{ valid: boolean; mailbox: string }>(
    'select private.is_email($1) as valid, private.mailbox_key($1) as mailbox',
    [address],
  );
  return { mailbox: rows[0]!.mailbox, valid: rows[0]!.valid };
}

/** The SQL condition matching a lead table's rows to the mailbox in parameter `$1`. */
export const OF_MAILBOX = 'private.mailbox_key(email) = $1';
