import type pg from 'pg';
import { LEAD_TABLES, type EmailKind, type LeadRecord, type LeadTable } from './messages/lead-records.ts';

/** A row of back_office.outbound_emails: one e-mail owed to a visitor or to staff. */
export interface OutboundEmail {
  id: string;
  kind: EmailKind;
  source_table: LeadTable;
  source_id: string;
  /** Null for staff e-mails: they go to STAFF_INBOX. */
  recipient: string | null;
  attempts: number;
  /** The status before this claim: `sending` means an earlier attempt may have been delivered. */
  previous_status: 'queued' | 'sending';
  /** The recipient's mailbox digest (back_office.mailbox_digest), for the unsubscribe link; null for staff e-mails. */
  recipient_digest: string | null;
  /** When the recipient's mailbox unsubscribed from marketing e-mail, or null. */
  recipient_unsubscribed_at: Date | null;
  /** When a mail server refused the recipient's address as one that does not exist, or null (migration 20261210300000). */
  recipient_refused_at: Date | null;
}

export interface OutboundEmailRepository {
  /** Marks the e-mail `sending` and counts the attempt; null when it is already sent, dead or suppressed. */
  claim(id: string): Promise<OutboundEmail | null>;
  loadLead(table: LeadTable, id: string): Promise<LeadRecord | null>;
  markSent(id: string): Promise<void>;
  /** Back to `queued` with the reason, for the next attempt. */
  markRetrying(id: string, reason: string): Promise<void>;
  markDead(id: string, reason: string): Promise<void>;
  /** Dead, and its address marked refused: the queue holds back later visitor e-mails to it while the row keeps it. */
  markAddressRefused(id: string, reason: string): Promise<void>;
  /** When a mail server refused `address` as one that does not exist, or null. */
  addressRefusedAt(address: string): Promise<Date | null>;
  /** Not sent, and never will be (the visitor unsubscribed), with the reason. */
  markSuppressed(id: string, reason: string): Promise<void>;
  /** When the mailbox of `address` unsubscribed from marketing e-mail, or null. */
  unsubscribedAt(address: string): Promise<Date | null>;
  /** The key unsubscribe links are signed with (back_office.unsubscribe_signing_key). */
  unsubscribeSigningKey(): Promise<string>;
}

export function createOutboundEmailRepository(db: pg.Pool): OutboundEmailRepository {
  return {
    async claim(id) {
      const { rows } = await db.query<OutboundEmail>(
        `with previous as (
           select id, status from back_office.outbound_emails where id = $1 and status in ('queued', 'sending') for update
         )
         update back_office.outbound_emails as email
         set status = 'sending', attempts = email.attempts + 1, last_attempt_at = now()
         from previous where email.id = previous.id
         returning email.id, email.kind, email.source_table, email.source_id, email.recipient, email.attempts,
                   previous.status as previous_status,
                   case when email.recipient is not null then back_office.mailbox_digest(email.recipient) end as recipient_digest,
                   back_office.unsubscribed_at(email.recipient) as recipient_unsubscribed_at,
                   back_office.address_refused_at(email.recipient) as recipient_refused_at`,
        [id],
      );
      return rows[0] ?? null;
    },
    async loadLead(table, id) {
      if (!LEAD_TABLES.includes(table)) throw new Error(`Unknown lead table ${table}`);
      const { rows } = await db.query<Record<string, unknown>>(`select * from public.${table} where id = $1`, [id]);
      return rows[0] ? ({ ...rows[0], table } as LeadRecord) : null;
    },
    async markSent(id) {
      await db.query(
        `update back_office.outbound_emails set status = 'sent', sent_at = now(), status_reason = null where id = $1`,
        [id],
      );
    },
    async markRetrying(id, reason) {
      await db.query(
        `update back_office.outbound_emails set status = 'queued', status_reason = $2 where id = $1 and status = 'sending'`,
        [id, reason.slice(0, 500)],
      );
    },
    async markSuppressed(id, reason) {
      await db.query(`update back_office.outbound_emails set status = 'suppressed', status_reason = $2 where id = $1`, [
        id,
        reason.slice(0, 500),
      ]);
    },
    async unsubscribedAt(address) {
      const { rows } = await db.query<{ at: Date | null }>('select back_office.unsubscribed_at($1) as at', [address]);
      return rows[0]?.at ?? null;
    },
    async addressRefusedAt(address) {
      const { rows } = await db.query<{ at: Date | null }>('select back_office.address_refused_at($1) as at', [address]);
      return rows[0]?.at ?? null;
    },
    async markAddressRefused(id, reason) {
      await db.query(
        `update back_office.outbound_emails set status = 'dead', status_reason = $2, address_refused_at = now() where id = $1`,
        [id, reason.slice(0, 500)],
      );
    },
    async unsubscribeSigningKey() {
      const { rows } = await db.query<{ signing_key: string }>('select signing_key from back_office.unsubscribe_signing_key');
      if (!rows[0]) throw new Error('back_office.unsubscribe_signing_key is empty: are the migrations applied?');
      return rows[0].signing_key;
    },
    async markDead(id, reason) {
      await db.query(`update back_office.outbound_emails set status = 'dead', status_reason = $2 where id = $1`, [
        id,
        reason.slice(0, 500),
      ]);
    },
  };
}
