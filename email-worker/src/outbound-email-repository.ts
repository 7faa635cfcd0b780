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
}

export interface OutboundEmailRepository {
  /** Marks the e-mail `sending` and counts the attempt; null when it is already sent, dead or suppressed. */
  claim(id: string): Promise<OutboundEmail | null>;
  loadLead(table: LeadTable, id: string): Promise<LeadRecord | null>;
  markSent(id: string): Promise<void>;
  /** Back to `queued` with the reason, for the next attempt. */
  markRetrying(id: string, reason: string): Promise<void>;
  markDead(id: string, reason: string): Promise<void>;
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
                   previous.status as previous_status`,
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
    async markDead(id, reason) {
      await db.query(`update back_office.outbound_emails set status = 'dead', status_reason = $2 where id = $1`, [
        id,
        reason.slice(0, 500),
      ]);
    },
  };
}
