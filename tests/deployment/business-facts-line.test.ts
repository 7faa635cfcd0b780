import { describe, expect, it } from 'vitest';
import { factsTheEmailLacks } from '../../scripts/check-deployment/business-facts';

/** The site's footer and an e-mail's, as the two builds write them (src/components/layout/site-footer.tsx, email-layout.ts). */
const page = (phone: string, email: string, registration: string) =>
  `<footer><a href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a><a href="mailto:${email}">${email}</a><p>NJ Home Improvement Contractor Reg. No. ${registration}</p></footer>`;
const email = (phone: string, address: string, registration: string) =>
  `<td>Haddon Floorworks · 1 Test Avenue, Haddonfield, NJ 08033 · ${phone} · ${address}<div>NJ Home Improvement Contractor Reg. No. <span style="white-space:nowrap">${registration}</span></div><div>contact the New Jersey Division of Consumer Affairs at <span>1-888-656-6225</span>.</div></td>`;

describe("check:deployment's comparison of the e-mails' facts with the site's", () => {
  it("finds nothing lacking when the e-mail carries the site's phone, address and number, however the phone is written", () => {
    expect(
      factsTheEmailLacks(
        page('(856) 555-0142', 'office@haddon.test', '13VH01234567'),
        email('(856) 555-0142', 'office@haddon.test', '13VH01234567'),
      ),
    ).toEqual([]);
    expect(
      factsTheEmailLacks(
        page('856-555-0142', 'Office@Haddon.test', '13VH01234567'),
        email('+1 856.555.0142', 'office@haddon.test', '13VH01234567'),
      ),
    ).toEqual([]);
  });

  it("holds the e-mail to none of the site's placeholders, which fail the pages' own line", () => {
    expect(
      factsTheEmailLacks(
        page('(856) 555-0100', 'hello@example.com', '13VH00000000'),
        email('(856) 555-0142', 'office@haddon.test', '13VH01234567'),
      ),
    ).toEqual([]);
  });

  it("names each fact of the site's that a worker with older settings leaves out", () => {
    expect(
      factsTheEmailLacks(
        page('(856) 555-0142', 'office@haddon.test', '13VH01234567'),
        email('(856) 555-0199', 'old@haddon.test', '13VH07654321'),
      ),
    ).toEqual([
      'the phone 8565550142',
      'the e-mail address office@haddon.test',
      'the registration number 13VH01234567',
    ]);
  });
});
