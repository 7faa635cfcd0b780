import type { OutboundEmailRepository } from './outbound-email-repository.ts';

/**
 * How long the worker keeps trying to record "sent" after the SMTP server accepted a message. Until it is
 * recorded, the e-mail counts as not sent and its next attempt sends it again (with the same Message-ID), so
 * a database restart must not cut this short: Postgres is back within seconds after a crash.
 */
export const RECORD_SENT_WITHIN_MS = 60_000;

/**
 * The time a stopping worker needs (SIGTERM): an SMTP conversation in flight (the transport's 30 s socket
 * timeout) and then recording it. Whatever stops the worker (the local stack's supervisor, a host's
 * termination grace period) should wait this long before killing it; a kill sooner is a possible second send.
 */
export const EMAIL_WORKER_STOP_GRACE_MS = 30_000 + RECORD_SENT_WITHIN_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Records "sent", retrying with backoff for up to RECORD_SENT_WITHIN_MS while the database is away. True once
 * recorded; false if it never could be (the message may then go out a second time).
 */
export async function recordSent(repository: OutboundEmailRepository, id: string, withinMs = RECORD_SENT_WITHIN_MS): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await repository.markSent(id);
      return true;
    } catch {
      const wait = Math.min(500 * 2 ** attempt, 4_000, deadline - Date.now());
      if (wait <= 0) return false;
      await sleep(wait);
    }
  }
}
