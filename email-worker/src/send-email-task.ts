import type { JobHelpers, Task } from 'graphile-worker';
import { z } from 'zod';
import { describeError } from '../../job-queue/redact.ts';
import { unsubscribeLink } from '../../contracts/unsubscribe-link.ts';
import { JobAttemptFailed } from '../../job-queue/job-attempt-failed.ts';
import { EmailNotComposable, composeEmail, type ComposedEmail, type EmailContext } from './messages/compose-email.ts';
import { isMarketingEmail } from './messages/lead-records.ts';
import type { OutboundEmailRepository } from './outbound-email-repository.ts';
import { recordSent } from './record-sent.ts';

/** The payload the database's triggers give the job (back_office.queue_email). */
export const sendEmailPayloadSchema = z.object({ emailId: z.uuid() });

/**
 * A refusal the server means (5xx: unknown mailbox, policy) is tried this many times in all, then the
 * e-mail is dead; a temporary failure (4xx, connection refused, timeouts) is tried up to the job's
 * max_attempts (10: graphile-worker's backoff spreads them over about 3.5 hours).
 */
export const PERMANENT_FAILURE_ATTEMPTS = 3;

/** One mailbox, as nodemailer takes it: an address given this way is never read as a name or a list. */
export type MailAddress = { name: string; address: string };

export interface MailTransport {
  sendMail(message: Omit<ComposedEmail, 'to' | 'replyTo'> & { to: MailAddress; replyTo: MailAddress; from: string; messageId: string }): Promise<unknown>;
}

/**
 * Addresses go to nodemailer as objects, not strings: a string such as `a1<victim@example.org>` or
 * `x,victim@example.org` it would parse into a display name or a list, reaching a mailbox the daily limit
 * never counted. The database already refuses such addresses (private.is_email); this holds if that changes.
 */
const oneMailbox = (address: string): MailAddress => ({ name: '', address });

export interface SendEmailDependencies {
  repository: OutboundEmailRepository;
  transport: MailTransport;
  context: EmailContext;
  /** The From header, e.g. `Your Flooring Co. <hello@example.com>`. */
  mailFrom: string;
  /** The processor's public unsubscribe endpoint (UNSUBSCRIBE_URL); the worker signs a link to it per recipient. */
  unsubscribeUrl: string;
  log?: (line: string) => void;
}

function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The enhanced status codes (RFC 3463) that say the address itself is wrong: 5.1.0 other, 5.1.1 no such mailbox,
 * 5.1.2 no such domain, 5.1.3 malformed, 5.1.6 moved, 5.1.10 a domain that takes no mail. 5.7.x (policy, a blocked
 * sender), 5.2.x (a full or disabled mailbox) and the rest are refusals of the message or of us, not of the address.
 */
const ADDRESS_DOES_NOT_EXIST = /^5\.1\.(?:0|1|2|3|6|10)$/;

/**
 * A reply without an enhanced code counts only when its words say the mailbox does not exist: a bare 550 or 553 is
 * also what a relay answers when it refuses to pass our mail on ("553 sorry, that domain isn't in my list of allowed
 * rcpthosts", "550 relay not permitted"), as when the relay's login breaks, and then every visitor's address would
 * be held back for 30 days (review, session 35). Anything else keeps the usual retries.
 */
const WORDS_OF_NO_SUCH_MAILBOX =
  /\b(?:no such (?:user|mailbox|recipient|address|account)|user(?:name)? unknown|unknown (?:user|recipient|mailbox|address)|(?:user|mailbox|recipient|address|account) (?:does not|doesn't) exist|recipient not found|invalid (?:recipient|mailbox|address))\b/i;
const WORDS_OF_A_RELAY_REFUSAL = /relay|rcpthosts|authenticat|not permitted|access denied/i;

/**
 * The recipient's server refused the address itself (not the message, not our sending): a permanent reply to RCPT
 * TO, as nodemailer reports it (EENVELOPE), with an enhanced code above, or, from a server that gives none, 550,
 * 551 or 553 (RFC 5321's "mailbox unavailable", "user not local", "mailbox name not allowed") whose words say so. Such an address is
 * not tried again, and the queue holds back later e-mails to it (migration 20261210300000, decision 032 session 35).
 * A relay that takes every message and bounces later (most e-mail providers) never answers this way: its bounces
 * reach the MAIL_FROM mailbox, and its own suppression list is the provider's (README, "E-mail").
 */
export function isAddressRefused(error: unknown): boolean {
  const { command, responseCode, response } = error as { command?: unknown; responseCode?: unknown; response?: unknown };
  if (command !== 'RCPT TO' || typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600) return false;
  const enhanced = typeof response === 'string' ? response.match(/^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/)?.[1] : undefined;
  if (enhanced) return ADDRESS_DOES_NOT_EXIST.test(enhanced);
  const words = typeof response === 'string' ? response : '';
  return [550, 551, 553].includes(responseCode) && WORDS_OF_NO_SUCH_MAILBOX.test(words) && !WORDS_OF_A_RELAY_REFUSAL.test(words);
}

/** The domain of the From address, for Message-IDs. */
export function messageIdDomain(mailFrom: string): string {
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  return address.split('@')[1]?.trim() || 'localhost';
}

/**
 * The `send_email` job: one job per e-mail, so a retry can repeat at most that one message. The row is
 * marked `sending` before the SMTP conversation and `sent` after the server accepted the message; an
 * attempt that finds it still `sending` knows the previous one ended in between (worker killed, database
 * gone) and sends again with the same Message-ID, which lets mail clients fold the two together.
 */
export function createSendEmailTask(deps: SendEmailDependencies): Task {
  const log = deps.log ?? ((line: string) => console.log(line));
  const domain = messageIdDomain(deps.mailFrom);
  let signingKey: Promise<string> | undefined;
  /** Read once per process; a failed read (database away) is tried again by the next e-mail. */
  const readSigningKey = () =>
    (signingKey ??= deps.repository.unsubscribeSigningKey().catch((error: unknown) => {
      signingKey = undefined;
      throw error;
    }));

  return async (payload: unknown, helpers: JobHelpers) => {
    const { emailId } = sendEmailPayloadSchema.parse(payload);
    const email = await deps.repository.claim(emailId);
    if (!email) return; // already sent, dead or suppressed: nothing to do
    const attempt = helpers.job.attempts;
    const finalAttempt = attempt >= helpers.job.max_attempts;
    const label = `email ${email.id} (${email.kind})`;
    const again = email.previous_status === 'sending' ? ', again after an attempt that was not confirmed' : '';
    // An unsubscribe recorded after this e-mail was queued: it is not sent (the queue holds back the ones queued after).
    if (isMarketingEmail(email.kind) && email.recipient_unsubscribed_at) {
      await deps.repository.markSuppressed(email.id, 'The visitor unsubscribed from marketing e-mail');
      log(`${label}: suppressed, the visitor unsubscribed`);
      return;
    }
    // A mail server refused this address after the e-mail was queued (another e-mail to it was tried first).
    if (email.recipient_refused_at) {
      await deps.repository.markSuppressed(email.id, 'A mail server refused this address as one that does not exist');
      log(`${label}: suppressed, a mail server refused the address`);
      return;
    }

    let message: ComposedEmail;
    try {
      const lead = await deps.repository.loadLead(email.source_table, email.source_id);
      if (!lead) throw new EmailNotComposable(`The ${email.source_table} row no longer exists`);
      message = await composeEmail(email.kind, lead, email.recipient, deps.context, {
        unsubscribeLink:
          isMarketingEmail(email.kind) && email.recipient_digest
            ? unsubscribeLink(deps.unsubscribeUrl, await readSigningKey(), email.recipient_digest)
            : null,
        visitorUnsubscribedAt: email.recipient === null && 'email' in lead ? await deps.repository.unsubscribedAt(lead.email) : null,
        visitorAddressRefusedAt:
          email.recipient === null && 'email' in lead ? await deps.repository.addressRefusedAt(lead.email) : null,
      });
    } catch (error) {
      if (error instanceof EmailNotComposable) {
        await deps.repository.markDead(email.id, error.message);
        log(`${label}: dead, ${error.message}`);
        return;
      }
      throw error;
    }

    try {
      await deps.transport.sendMail({
        ...message,
        to: oneMailbox(message.to),
        replyTo: oneMailbox(message.replyTo),
        from: deps.mailFrom,
        messageId: `<${email.id}@${domain}>`,
      });
    } catch (error) {
      const reason = describeError(error);
      // A visitor's address only: a refused STAFF_INBOX is the deployment's fault, which check:deployment reports from
      // the staff e-mails that failed, and marking it would hold back nothing (staff rows keep no recipient).
      if (email.recipient !== null && isAddressRefused(error)) {
        // Asking again gets the same answer: dead at once, and the address marked for the queue.
        await deps.repository.markAddressRefused(email.id, `Address refused on attempt ${attempt}: ${reason}`);
        log(`${label}: dead, the recipient's server refused the address: ${reason}`);
        return;
      }
      const permanent = isPermanentRefusal(error);
      if (finalAttempt || (permanent && attempt >= PERMANENT_FAILURE_ATTEMPTS)) {
        await deps.repository.markDead(email.id, `${permanent ? 'Refused' : 'Not delivered'} after ${attempt} attempts: ${reason}`);
        log(`${label}: dead after ${attempt} attempts: ${reason}`);
        return;
      }
      await deps.repository.markRetrying(email.id, `Attempt ${attempt} failed: ${reason}`);
      log(`${label}: attempt ${attempt} failed, will retry: ${reason}`);
      throw new JobAttemptFailed(`SMTP attempt ${attempt} failed: ${reason}`);
    }

    if (!(await recordSent(deps.repository, email.id))) {
      // The row stays `sending`: the job's next attempt sends it again, with the same Message-ID.
      log(`${label}: sent${again}, but "sent" could not be recorded; it may be sent a second time`);
      throw new JobAttemptFailed('The e-mail was sent but could not be recorded as sent');
    }
    log(`${label}: sent${attempt > 1 ? ` on attempt ${attempt}` : ''}${again}`);
  };
}
