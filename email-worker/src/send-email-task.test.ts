import type { JobHelpers } from 'graphile-worker';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBusinessFacts } from '../../src/config/business.ts';
import type { OutboundEmail, OutboundEmailRepository } from './outbound-email-repository.ts';
import { unsubscribeToken, verifiedMailboxDigest } from '../../contracts/unsubscribe-link.ts';
import {
  PERMANENT_FAILURE_ATTEMPTS,
  createSendEmailTask,
  messageIdDomain,
  type MailAddress,
  type MailTransport,
} from './send-email-task.ts';

/** The send_email job's decisions (retry, dead, sent, resend), on a recording repository and transport. */
const EMAIL_ID = '5b1c9e2a-1f0e-4c7a-9d3e-2a6b8c4d1e0f';
const lead = {
  id: '9f2c1b7e-3d4a-4e5f-8a6b-1c2d3e4f5a6b',
  created_at: new Date('2026-11-20T15:00:00Z'),
  email: 'visitor@example.com',
};
let recipient: string | null = lead.email;
let kind: OutboundEmail['kind'] = 'guide';

let states: string[];
let logLines: string[];
let previousStatus: OutboundEmail['previous_status'];
let leadExists: boolean;
let unsubscribedAt: Date | null;
let refusedAt: Date | null;
/** How many of the next calls to markSent fail (the database away). */
let markSentFailures: number;
const DIGEST = 'a'.repeat(64);

const repository: OutboundEmailRepository = {
  async claim(id) {
    return {
      id,
      kind,
      source_table: 'leads',
      source_id: lead.id,
      recipient,
      attempts: 1,
      previous_status: previousStatus,
      recipient_digest: DIGEST,
      recipient_unsubscribed_at: unsubscribedAt,
      recipient_refused_at: refusedAt,
    };
  },
  async loadLead() {
    return leadExists ? { table: 'leads', ...lead } : null;
  },
  async markSent() {
    if (markSentFailures > 0) {
      markSentFailures -= 1;
      throw new Error('Connection terminated unexpectedly');
    }
    states.push('sent');
  },
  async markRetrying(_id, reason) {
    states.push(`retrying: ${reason}`);
  },
  async markDead(_id, reason) {
    states.push(`dead: ${reason}`);
  },
  async markSuppressed(_id, reason) {
    states.push(`suppressed: ${reason}`);
  },
  async markAddressRefused(_id, reason) {
    states.push(`address refused: ${reason}`);
  },
  async unsubscribedAt() {
    return unsubscribedAt;
  },
  async addressRefusedAt() {
    return refusedAt;
  },
  async unsubscribeSigningKey() {
    return 'test signing key';
  },
};

function refusal(responseCode: number) {
  return Object.assign(
    new Error(`Can't send mail - all recipients were rejected: ${responseCode} <visitor@example.com>: no such user`),
    {
      responseCode,
    },
  );
}

/** A refusal of the recipient at RCPT TO, as nodemailer reports it (code EENVELOPE, command, the server's reply). */
function recipientRefusal(reply: string) {
  return Object.assign(new Error(`Can't send mail - all recipients were rejected: ${reply}`), {
    code: 'EENVELOPE',
    command: 'RCPT TO',
    response: reply,
    responseCode: Number(reply.slice(0, 3)),
  });
}

function task(transport: MailTransport) {
  const business = readBusinessFacts({});
  return createSendEmailTask({
    repository,
    transport,
    mailFrom: 'Your Flooring Co. <hello@floors.example>',
    unsubscribeUrl: 'https://processor.floors.example/unsubscribe',
    context: {
      business,
      siteUrl: 'https://floors.example',
      staffInbox: 'office@floors.example',
      guidePdf: async () => Buffer.from('%PDF-1.3'),
    },
    log: (line) => logLines.push(line),
  });
}

const attempt = (attempts: number, max_attempts = 10) => ({ job: { attempts, max_attempts } }) as unknown as JobHelpers;

beforeEach(() => {
  recipient = lead.email;
  kind = 'guide';
  states = [];
  logLines = [];
  previousStatus = 'queued';
  leadExists = true;
  unsubscribedAt = null;
  refusedAt = null;
  markSentFailures = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the send_email job', () => {
  it("signs the guide's unsubscribe link for its recipient and puts it in the RFC 8058 headers and the text", async () => {
    const sent: { headers: Record<string, string>; text: string }[] = [];
    await task({ sendMail: async (message) => void sent.push(message) })({ emailId: EMAIL_ID }, attempt(1));
    const link = `https://processor.floors.example/unsubscribe?token=${unsubscribeToken('test signing key', DIGEST)}`;
    expect(sent[0]!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(sent[0]!.text).toContain(link);
    expect(verifiedMailboxDigest('test signing key', new URL(link).searchParams.get('token'))).toBe(DIGEST);
  });

  it('does not send a marketing e-mail to a mailbox that unsubscribed after it was queued', async () => {
    unsubscribedAt = new Date('2026-11-27T10:00:00Z');
    const sent: unknown[] = [];
    await task({ sendMail: async (message) => void sent.push(message) })({ emailId: EMAIL_ID }, attempt(1));
    expect(sent).toEqual([]);
    expect(states).toEqual(['suppressed: The visitor unsubscribed from marketing e-mail']);
  });

  it('sends with a Message-ID made from the e-mail id, then records it sent', async () => {
    const sent: { messageId: string; to: MailAddress; from: string }[] = [];
    await task({ sendMail: async (message) => void sent.push(message) })({ emailId: EMAIL_ID }, attempt(1));
    expect(sent).toEqual([
      expect.objectContaining({ messageId: `<${EMAIL_ID}@floors.example>`, to: { name: '', address: lead.email } }),
    ]);
    expect(states).toEqual(['sent']);
  });

  it('hands nodemailer one mailbox: an address spelled as a name or a list reaches no one else', async () => {
    // The database refuses these spellings; this is the layer behind it. nodemailer's own stream transport
    // shows the SMTP envelope it would send.
    const nodemailer = await import('nodemailer');
    const smtp = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const envelopes: string[][] = [];
    const send = task({
      sendMail: async (message) => envelopes.push((await smtp.sendMail(message)).envelope.to as string[]),
    });
    for (const spelling of ['a1<victim@example.org>', 'x,victim@example.org']) {
      recipient = spelling;
      await send({ emailId: EMAIL_ID }, attempt(1));
    }
    expect(envelopes).toHaveLength(2);
    for (const to of envelopes) expect([to.length, to.includes('victim@example.org')]).toEqual([1, false]);
  });

  it('retries a refusal the server means until the third attempt, then the e-mail is dead with the reason, without the address', async () => {
    const refuse = task({ sendMail: () => Promise.reject(refusal(550)) });
    for (let n = 1; n < PERMANENT_FAILURE_ATTEMPTS; n++) {
      await expect(refuse({ emailId: EMAIL_ID }, attempt(n))).rejects.toThrow(/SMTP attempt \d failed/);
    }
    await refuse({ emailId: EMAIL_ID }, attempt(PERMANENT_FAILURE_ATTEMPTS));
    expect(states.at(-1)).toMatch(/^dead: Refused after 3 attempts: .*550 <<address>>: no such user/);
    expect([...states, ...logLines].join('\n')).not.toContain('visitor@example.com');
  });

  it('gives up at once on an address its server says does not exist, and marks it for the queue', async () => {
    for (const reply of [
      '550 5.1.1 <visitor@example.com>: Recipient address rejected: User unknown',
      '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      '550 <visitor@example.com>: no such user here',
    ]) {
      states = [];
      await task({ sendMail: () => Promise.reject(recipientRefusal(reply)) })({ emailId: EMAIL_ID }, attempt(1));
      expect(states).toEqual([expect.stringMatching(/^address refused: Address refused on attempt 1: .*5\d\d /)]);
    }
    expect([...states, ...logLines].join('\n')).not.toContain('visitor@example.com');
  });

  it('does not mark the office inbox refused: a staff e-mail refused as unknown keeps its three tries', async () => {
    [kind, recipient] = ['staff_guide', null];
    const refuse = task({ sendMail: () => Promise.reject(recipientRefusal('550 5.1.1 User unknown')) });
    await expect(refuse({ emailId: EMAIL_ID }, attempt(1))).rejects.toThrow(/SMTP attempt 1 failed/);
    expect(states).toEqual([expect.stringMatching(/^retrying: Attempt 1 failed: .*550 5\.1\.1/)]);
  });

  it('does not mark an address refused when the server refuses us or the message (policy, a full mailbox)', async () => {
    for (const reply of [
      '550 5.7.1 Service unavailable; client host blocked',
      '552 5.2.2 Mailbox full',
      // A relay refusing to pass our mail on (its login broken), without an enhanced code: not the visitor's address.
      "553 sorry, that domain isn't in my list of allowed rcpthosts",
      '550 relay not permitted',
      '550 Requested action not taken: mailbox unavailable',
    ]) {
      states = [];
      const refuse = task({ sendMail: () => Promise.reject(recipientRefusal(reply)) });
      await expect(refuse({ emailId: EMAIL_ID }, attempt(1))).rejects.toThrow(/SMTP attempt 1 failed/);
      await refuse({ emailId: EMAIL_ID }, attempt(PERMANENT_FAILURE_ATTEMPTS));
      expect(states).toEqual([expect.stringMatching(/^retrying: /), expect.stringMatching(/^dead: Refused after 3 attempts: /)]);
    }
  });

  it('does not send to an address a server refused after the e-mail was queued', async () => {
    refusedAt = new Date('2026-12-03T19:00:00Z');
    const sent: unknown[] = [];
    await task({ sendMail: async (message) => void sent.push(message) })({ emailId: EMAIL_ID }, attempt(1));
    expect(sent).toEqual([]);
    expect(states).toEqual(['suppressed: A mail server refused this address as one that does not exist']);
  });

  it("keeps retrying a temporary failure, and gives up on the job's last attempt", async () => {
    const down = task({
      sendMail: () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ESOCKET' })),
    });
    await expect(down({ emailId: EMAIL_ID }, attempt(5))).rejects.toThrow();
    expect(states).toEqual(['retrying: Attempt 5 failed: connect ECONNREFUSED 127.0.0.1:587']);
    await down({ emailId: EMAIL_ID }, attempt(10));
    expect(states.at(-1)).toBe('dead: Not delivered after 10 attempts: connect ECONNREFUSED 127.0.0.1:587');
  });

  it("retries a temporary refusal (4xx: greylisting, a full mailbox) past the third attempt, until the job's last", async () => {
    const greylist = task({ sendMail: () => Promise.reject(refusal(451)) });
    await expect(greylist({ emailId: EMAIL_ID }, attempt(PERMANENT_FAILURE_ATTEMPTS))).rejects.toThrow(
      /SMTP attempt 3 failed/,
    );
    expect(states).toEqual([expect.stringMatching(/^retrying: Attempt 3 failed: .*451/)]);
    await greylist({ emailId: EMAIL_ID }, attempt(10));
    expect(states.at(-1)).toMatch(/^dead: Not delivered after 10 attempts: .*451/);
  });

  it('records "sent" once the database is back, within the minute it keeps trying', async () => {
    vi.useFakeTimers();
    markSentFailures = 3;
    const sending = task({ sendMail: async () => undefined })({ emailId: EMAIL_ID }, attempt(1));
    await vi.advanceTimersByTimeAsync(10_000);
    await sending;
    expect(states).toEqual(['sent']);
    expect(logLines).toEqual([`email ${EMAIL_ID} (guide): sent`]);
  });

  it('fails the attempt, leaving the e-mail to be sent again, when "sent" cannot be recorded within the minute', async () => {
    vi.useFakeTimers();
    markSentFailures = Number.POSITIVE_INFINITY;
    const sending = task({ sendMail: async () => undefined })({ emailId: EMAIL_ID }, attempt(1));
    const outcome = expect(sending).rejects.toThrow('The e-mail was sent but could not be recorded as sent');
    await vi.advanceTimersByTimeAsync(61_000);
    await outcome;
    expect(states).toEqual([]);
    expect(logLines).toEqual([
      `email ${EMAIL_ID} (guide): sent, but "sent" could not be recorded; it may be sent a second time`,
    ]);
  });

  it('says so when it resends after an attempt that may have been delivered', async () => {
    previousStatus = 'sending';
    await task({ sendMail: async () => undefined })({ emailId: EMAIL_ID }, attempt(2));
    // One line for the job: the resend is said in its outcome line.
    expect(logLines).toEqual([
      `email ${EMAIL_ID} (guide): sent on attempt 2, again after an attempt that was not confirmed`,
    ]);
  });

  it('marks an e-mail dead at once when its lead is gone', async () => {
    leadExists = false;
    await task({ sendMail: () => Promise.reject(new Error('must not send')) })({ emailId: EMAIL_ID }, attempt(1));
    expect(states).toEqual(['dead: The leads row no longer exists']);
  });

  it('takes the Message-ID domain from the sender', () => {
    expect(messageIdDomain('Your Flooring Co. <hello@floors.example>')).toBe('floors.example');
    expect(messageIdDomain('hello@floors.example')).toBe('floors.example');
  });
});
