import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { visualizerWebhookPayloadSchema } from '@contracts/visualizer-webhook';
import { contactRequestSchema } from '@/features/contact/api/create-contact-request';
import { guideLeadSchema } from '@/features/lead-magnet/api/create-guide-lead';
import { investorApplicationSchema } from '@/features/partners/api/create-investor-application';
import { realtorApplicationSchema } from '@/features/partners/api/create-realtor-application';
import { visualizerContactSchema } from '@/features/visualizer/api/create-visualizer-request';
import { anonFetch, stack } from './stack-clients';

/**
 * One address rule (issue 38): every form, the visualizer's webhook (its schema, and the processor that applies
 * it) and the database take and refuse the same addresses. Before, `josé@example.com`, `user@bücher.example` and
 * `a!b@example.com` were taken by the estimate and guide forms, the database and the mail server, and refused by
 * the visualizer's form and webhook (zod's z.email()).
 */
const TAKEN = [
  'josé@example.com',
  'user@bücher.example',
  'a!b@example.com',
  "o'neil@example.com",
  'jo+floors@example.com',
  'x{y}z@mail-1.example.co.uk',
  'Dana.Reyes@Example.COM',
  'jo@xn--80ak6aa92e.com',
];
const REFUSED = [
  'plainaddress',
  'jo@',
  '@example.com',
  'jo@@example.com',
  'jo park@example.com',
  'jo@example',
  'x@example.com.',
  'x@127.0.0.1',
  'x%y@example.com',
  'a..b@example.com',
  '"jo"@example.com',
  'a1<victim@example.org>',
  'x,victim@example.org',
  '=1+2@example.com',
  'jo\u200b@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
];

/** Whether each part that judges an address takes `address`. */
async function verdicts(address: string) {
  const pageForms = {
    estimate: contactRequestSchema.safeParse({ name: 'Dana Reyes', email: address, phone: '856-555-0101', message: 'Oak' }).success,
    guide: guideLeadSchema.safeParse({ email: address }).success,
    realtor: realtorApplicationSchema.shape.email.safeParse(address).success,
    investor: investorApplicationSchema.shape.email.safeParse(address).success,
    visualizer: visualizerContactSchema.shape.email.safeParse(address).success,
  };
  const webhookSchema = visualizerWebhookPayloadSchema.shape.email.safeParse(address).success;
  // The processor checks the caller's identity before it looks for the request: an address it takes meets the
  // one refusal for an unknown id (409), one it refuses is a 400 naming the field.
  const webhook = await fetch(stack.processorUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestId: randomUUID(), name: 'Dana Reyes', email: address, fileName: 'room.jpg' }),
  });
  const database = {
    leads: (await anonFetch('leads', { method: 'POST', body: JSON.stringify({ email: address }) })).status,
    visualizer: (
      await anonFetch('floor_visualizer_requests', {
        method: 'POST',
        body: JSON.stringify({ customer_name: 'Dana Reyes', email: address }),
      })
    ).status,
  };
  return { pageForms, webhookSchema, webhook: webhook.status, database };
}

const expected = (taken: boolean) => ({
  pageForms: { estimate: taken, guide: taken, realtor: taken, investor: taken, visualizer: taken },
  webhookSchema: taken,
  webhook: taken ? 409 : 400,
  database: { leads: taken ? 201 : 400, visualizer: taken ? 201 : 400 },
});

describe('one rule for e-mail addresses', () => {
  it('the forms, the webhook and the database take the same addresses', async () => {
    for (const address of TAKEN) expect({ address, ...(await verdicts(address)) }).toEqual({ address, ...expected(true) });
  });

  it('and refuse the same addresses', async () => {
    for (const address of REFUSED) expect({ address, ...(await verdicts(address)) }).toEqual({ address, ...expected(false) });
  });

  it('and the mail server takes every address they take', async () => {
    const smtp = nodemailer.createTransport({
      host: stack.emailWorkerEnv.SMTP_HOST,
      port: Number(stack.emailWorkerEnv.SMTP_PORT),
      secure: false,
      ignoreTLS: true,
    });
    try {
      for (const address of TAKEN) {
        await expect(smtp.sendMail({ from: 'site@example.com', to: { name: '', address }, subject: 'Check', text: 'Check' })).resolves.toBeTruthy();
      }
    } finally {
      smtp.close();
    }
  });
});
