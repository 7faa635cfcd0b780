import { randomUUID } from 'node:crypto';
import type { JobHelpers, Task } from 'graphile-worker';
import type pg from 'pg';
import { DEPLOYMENT_CHECK_ADDRESS, DEPLOYMENT_CHECK_NAME } from '../../contracts/deployment-check.ts';
import { describeError } from '../../job-queue/redact.ts';
import type { RealtorRecord } from './messages/lead-records.ts';
import type { OutboundEmail, OutboundEmailRepository } from './outbound-email-repository.ts';
import { createSendEmailTask, type MailTransport, type SendEmailDependencies } from './send-email-task.ts';

/** What the e-mail worker would hand its SMTP server. */
type HandedMessage = Parameters<MailTransport['sendMail']>[0];

/**
 * The `deployment_check_unsubscribe_link` job (queued by public.deployment_check_unsubscribe_start, for
 * `npm run check:deployment`): the unsubscribe headers of a marketing e-mail to the check's own address, made by
 * this worker's send_email task itself, with its UNSUBSCRIBE_URL and the database's signing key, and stored for the
 * check to follow (back_office.deployment_check_unsubscribe_links). Nothing is sent: the task's transport keeps the
 * message, and its repository answers for one e-mail that is not in the queue (a realtor welcome, marketing and
 * without the guide's PDF). Only this worker knows UNSUBSCRIBE_URL, so only its own link proves the e-mails' link
 * works; the address is fixed here, never taken from the job, so the job can make no link for anybody else. The
 * e-mail's HTML, STAFF_INBOX and sender (MAIL_FROM) are stored too: a worker run without the owner's VITE_BUSINESS_* settings signs every
 * e-mail with the placeholder phone and registration number while the site shows the real ones.
 */
export function createDeploymentCheckLinkTask(
  deps: Omit<SendEmailDependencies, 'transport' | 'log'>,
  db: pg.Pool,
  /** Connects to the SMTP server and logs in, sending nothing (nodemailer's verify); rejects when it cannot. */
  verifySmtp: () => Promise<unknown>,
  /**
   * How the worker reaches its SMTP server (session 28): the host (no password), whether it logs in, and its TLS:
   * from the first byte, STARTTLS required, or STARTTLS only if the server offers it (which anyone on the way can
   * strip). The check fails a server on the internet taken without a login or with TLS only if offered.
   */
  smtp: { host: string; login: boolean; tls: 'implicit' | 'required' | 'if offered' },
): Task {
  return async (_payload: unknown, helpers: JobHelpers) => {
    const { rows } = await db.query<{ digest: string }>('select back_office.mailbox_digest($1) as digest', [DEPLOYMENT_CHECK_ADDRESS]);
    const id = randomUUID();
    const email: OutboundEmail = {
      id,
      kind: 'realtor_welcome',
      source_table: 'realtors',
      source_id: id,
      recipient: DEPLOYMENT_CHECK_ADDRESS,
      attempts: 1,
      previous_status: 'queued',
      recipient_digest: rows[0]!.digest,
      recipient_unsubscribed_at: null,
      recipient_refused_at: null,
    };
    const realtor: RealtorRecord = {
      table: 'realtors',
      id,
      created_at: new Date(),
      name: DEPLOYMENT_CHECK_NAME,
      email: DEPLOYMENT_CHECK_ADDRESS,
      phone: '856-555-0100',
      brokerage: DEPLOYMENT_CHECK_NAME,
      instagram: null,
    };
    let handed: HandedMessage | undefined;
    let notMade: string | undefined;
    const repository: OutboundEmailRepository = {
      // The signing key and the mailbox's unsubscribe come from the database, as for every e-mail.
      unsubscribeSigningKey: () => deps.repository.unsubscribeSigningKey(),
      unsubscribedAt: (address) => deps.repository.unsubscribedAt(address),
      addressRefusedAt: (address) => deps.repository.addressRefusedAt(address),
      claim: async () => email,
      loadLead: async () => realtor,
      markSent: async () => undefined,
      markRetrying: async (_id, reason) => void (notMade = reason),
      markDead: async (_id, reason) => void (notMade = reason),
      markSuppressed: async (_id, reason) => void (notMade = reason),
      markAddressRefused: async (_id, reason) => void (notMade = reason),
    };
    const keep: MailTransport = { sendMail: async (message) => void (handed = message) };
    await createSendEmailTask({ ...deps, repository, transport: keep, log: () => undefined })({ emailId: id }, helpers);
    if (!handed) throw new Error(`the test e-mail was not made: ${notMade ?? 'no reason given'}`);
    // A wrong SMTP password or host fails every e-mail; the office's failures show it only on a day with a lead.
    const smtpError = await verifySmtp().then(
      () => null,
      (error: unknown) => describeError(error).slice(0, 300),
    );
    // With the e-mail's HTML, STAFF_INBOX and sender: the business's facts, the office's address and the MAIL_FROM
    // every e-mail goes out with, as this worker has them.
    await db.query(
      `insert into back_office.deployment_check_unsubscribe_links (list_unsubscribe, list_unsubscribe_post, message_html, staff_inbox, mail_from, smtp_checked, smtp_error, smtp_host, smtp_login, smtp_tls)
       values ($1, $2, $3, $4, $5, true, $6, $7, $8, $9)
       on conflict (singleton) do update
       set list_unsubscribe = excluded.list_unsubscribe, list_unsubscribe_post = excluded.list_unsubscribe_post,
           message_html = excluded.message_html, staff_inbox = excluded.staff_inbox, mail_from = excluded.mail_from,
           smtp_checked = excluded.smtp_checked, smtp_error = excluded.smtp_error, smtp_host = excluded.smtp_host,
           smtp_login = excluded.smtp_login, smtp_tls = excluded.smtp_tls, made_at = now()`,
      [handed.headers['List-Unsubscribe'] ?? null, handed.headers['List-Unsubscribe-Post'] ?? null, handed.html, deps.context.staffInbox, handed.from, smtpError, smtp.host, smtp.login, smtp.tls],
    );
  };
}
