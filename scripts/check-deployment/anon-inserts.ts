import { phoneConsent } from '../../src/content/phone-consent.ts';
import { LEAD_TABLES } from './pages.ts';
import type { Outcome } from './test-rows.ts';

const ADDRESS = 'deployment-check@example.com';
const NOTE = 'Deployment check: undone in its transaction; no e-mail is sent.';

/**
 * The row each form sends, every column its schema puts in it (src/features/<form>/api; anon-inserts-line.test.ts holds
 * each to what the form's own function sends). Session 23: the function inserted session 22's columns only, so a
 * grant by column that left out the phone consent's version, or a consent version the database lacks, failed every
 * such form while the line passed. The database gives each its own id and `x-submission-id`.
 */
export const SITE_ROWS = {
  contacts: { name: 'Deployment Check', email: ADDRESS, phone: '856-555-0100', message: NOTE, phone_consent_version: phoneConsent.version },
  leads: { email: ADDRESS, lead_source: 'free_flooring_guide', guide_sent: true },
  realtors: { name: 'Deployment Check', email: ADDRESS, phone: '856-555-0100', brokerage: NOTE, instagram: 'deploymentcheck', phone_consent_version: phoneConsent.version },
  investors: {
    name: 'Deployment Check',
    email: ADDRESS,
    phone: '856-555-0100',
    company: NOTE,
    investment_focus: NOTE,
    phone_consent_version: phoneConsent.version,
    marketing_texts_consent: false,
  },
  floor_visualizer_requests: { customer_name: 'Deployment Check', email: ADDRESS },
} as const satisfies Record<(typeof LEAD_TABLES)[number], Record<string, unknown>>;

/** What public.deployment_check_anon_inserts answers for one lead table (migrations 20261130220001, 20261201010002). */
export type AnonInsertSeen = {
  refused?: string;
  returned?: boolean;
  stored?: boolean;
  email_kept?: boolean;
  emails_queued?: number;
  jobs_queued?: number;
};

/** The tables whose new row queues e-mails (back_office.follow_up_new_lead); a visualizer request's wait for its render. */
const TABLES_WITH_EMAILS: readonly string[] = ['contacts', 'leads', 'realtors', 'investors'];

/**
 * The line on each form's insert as the site makes it, with the public key's role (made and undone in the database:
 * no e-mail is sent and no write allowance spent). Before it, only the owner ever inserted (the test lead): a visitor's
 * insert refused, dropped by a trigger or rule (PostgREST answers 201 with `[]`: the site says "sent", the lead is
 * lost), stored with another address, or stored without its e-mails to the office passed.
 */
export function anonInsertsOutcome(seen: Record<string, AnonInsertSeen | undefined>): Outcome {
  const problems: string[] = [];
  for (const table of LEAD_TABLES) {
    const answer = seen[table];
    if (!answer) problems.push(`${table}: not tried (the function does not know it: are the migrations applied?)`);
    else if (answer.refused) problems.push(`${table}: refused (${answer.refused.slice(0, 160)}): every visitor's form fails`);
    else if (!answer.returned || !answer.stored) {
      problems.push(
        `${table}: ${answer.returned ? 'answered its id, but the row is not stored' : 'answered no row'} (a trigger or rule that drops or removes it: the API answers success, the site says the request was sent, and the lead is lost)`,
      );
    } else if (!answer.email_kept) problems.push(`${table}: stored with another e-mail address than the one sent (a trigger that changes it): nobody can answer the visitor`);
    else if (TABLES_WITH_EMAILS.includes(table) && (!answer.emails_queued || answer.jobs_queued !== answer.emails_queued)) {
      problems.push(`${table}: stored, but it queued ${answer.emails_queued ?? 0} e-mail(s) and ${answer.jobs_queued ?? 0} job(s) (its follow-up trigger dropped?): the office never hears of it`);
    }
  }
  return problems.length === 0
    ? {
        ok: true,
        detail: `each of the ${LEAD_TABLES.length} tables took the row its form sends, as the public key's role, answered its id, stored it as sent, and the four leads queued their e-mails (undone in the database: nothing sent, no write allowance spent)`,
      }
    : { ok: false, detail: `a visitor's insert, made as the site makes it: ${problems.join('; ')}` };
}
