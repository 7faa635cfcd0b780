import { describe, expect, it } from 'vitest';
import { factsLacking, factsTheEmailLacks } from '../../scripts/check-deployment/business-facts';

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

describe("check:deployment's comparison of the unsubscribe page's facts with the site's", () => {
  // The processor's page (visualizer-processor/src/email-unsubscribe.ts): the phone and the registration line, no e-mail address.
  const unsubscribePage = (phone: string, registration: string) =>
    `<main><p>Call us at <a class="phone" href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a></p></main><footer><p>Haddon Floorworks · 1 Test Avenue, Haddonfield, NJ 08033 · <a class="phone" href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a></p><p>NJ Home Improvement Contractor Reg. No. ${registration}</p></footer>`;

  it("asks the page for the site's phone and registration number only", () => {
    const site = page('(856) 555-0142', 'office@haddon.test', '13VH01234567');
    expect(factsLacking(site, unsubscribePage('(856) 555-0142', '13VH01234567'), ['phone', 'registration number'])).toEqual([]);
    // A processor whose host kept the owner's older phone and number.
    expect(factsLacking(site, unsubscribePage('(856) 555-0199', '13VH07654321'), ['phone', 'registration number'])).toEqual([
      'the phone 8565550142',
      'the registration number 13VH01234567',
    ]);
  });
});
