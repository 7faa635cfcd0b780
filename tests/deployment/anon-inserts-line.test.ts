import { describe, expect, it, vi } from 'vitest';
import { anonInsertsOutcome, SITE_ROWS, type AnonInsertSeen } from '../../scripts/check-deployment/anon-inserts';
import { createContactRequest } from '@/features/contact/api/create-contact-request';
import { createGuideLead } from '@/features/lead-magnet/api/create-guide-lead';
import { createInvestorApplication } from '@/features/partners/api/create-investor-application';
import { createRealtorApplication } from '@/features/partners/api/create-realtor-application';
import { createVisualizerRequest } from '@/features/visualizer/api/create-visualizer-request';

/** What each form's own function hands to the insert (nothing is sent). */
const sent = vi.hoisted(() => [] as { table: string; row: Record<string, unknown> }[]);
vi.mock('@/lib/insert-with-fallback', () => ({
  insertWithFallback: async (table: string, row: Record<string, unknown>) => {
    sent.push({ table, row });
    return { id: 'x' };
  },
}));

/**
 * check:deployment's line on the forms' inserts as the public key's role makes them (public.deployment_check_anon_inserts;
 * check-deployment.test.ts breaks them on the real stack).
 */
const stored: AnonInsertSeen = { returned: true, stored: true, email_kept: true, emails_queued: 2, jobs_queued: 2 };
const healthy = { contacts: stored, leads: stored, realtors: stored, investors: stored, floor_visualizer_requests: { ...stored, emails_queued: 0, jobs_queued: 0 } };

describe("check:deployment's line on visitors' inserts", () => {
  it('is ok when every table stores the row its form sends and the four leads queue their e-mails', () => {
    expect(anonInsertsOutcome(healthy)).toMatchObject({ ok: true, detail: expect.stringMatching(/^each of the 5 tables took the row its form sends/) });
  });

  it('fails, naming each table, an insert refused, a row dropped or removed, an address changed, no e-mail queued, a table not tried', () => {
    const outcome = anonInsertsOutcome({
      contacts: { refused: '42501: new row violates row-level security policy for table "contacts"' },
      leads: { ...stored, returned: false, stored: false },
      realtors: { ...stored, stored: false },
      investors: { ...stored, email_kept: false },
      floor_visualizer_requests: undefined,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toBe(
      'a visitor\'s insert, made as the site makes it: contacts: refused (42501: new row violates row-level security policy for table "contacts"): every visitor\'s form fails; leads: answered no row (a trigger or rule that drops or removes it: the API answers success, the site says the request was sent, and the lead is lost); realtors: answered its id, but the row is not stored (a trigger or rule that drops or removes it: the API answers success, the site says the request was sent, and the lead is lost); investors: stored with another e-mail address than the one sent (a trigger that changes it): nobody can answer the visitor; floor_visualizer_requests: not tried (the function does not know it: are the migrations applied?)',
    );
    expect(anonInsertsOutcome({ ...healthy, investors: { ...stored, emails_queued: 0, jobs_queued: 0 } }).detail).toBe(
      "a visitor's insert, made as the site makes it: investors: stored, but it queued 0 e-mail(s) and 0 job(s) (its follow-up trigger dropped?): the office never hears of it",
    );
  });

  it("sends each form's whole row, as the form's own function makes it from the same values: every column the site sends (session 23)", async () => {
    const { contacts, leads, realtors, investors, floor_visualizer_requests: visualizer } = SITE_ROWS;
    await createContactRequest({ name: contacts.name, email: contacts.email, phone: contacts.phone, message: contacts.message });
    await createGuideLead({ email: leads.email });
    await createRealtorApplication({ name: realtors.name, email: realtors.email, phone: realtors.phone, brokerage: realtors.brokerage, instagram: realtors.instagram });
    await createInvestorApplication({ name: investors.name, email: investors.email, phone: investors.phone, company: investors.company, investment_focus: investors.investment_focus });
    await createVisualizerRequest({ name: visualizer.customer_name, email: visualizer.email });

    expect(sent).toEqual([
      { table: 'contacts', row: contacts },
      { table: 'leads', row: leads },
      { table: 'realtors', row: realtors },
      { table: 'investors', row: investors },
      { table: 'floor_visualizer_requests', row: visualizer },
    ]);
  });
});
