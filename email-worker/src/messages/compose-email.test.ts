import MailComposer from 'nodemailer/lib/mail-composer';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { readBusinessFacts } from '../../../src/config/business.ts';
import { whatEachFormCollects } from '../../../src/features/legal/content/what-we-collect.ts';
import { composeEmail } from './compose-email.ts';
import type { VisualizerRequestRecord } from './lead-records.ts';

/** The visualizer e-mails' words about rugs and carpet (issue 23); sending them is tested against the stack. */
const context = { business: readBusinessFacts({}), siteUrl: 'https://floors.example', staffInbox: 'office@floors.example', guidePdf: async () => Buffer.alloc(0) };
const request = (rugs: Pick<VisualizerRequestRecord, 'rug_choice' | 'rug_share' | 'rug_choices_used'>): VisualizerRequestRecord => ({
  table: 'floor_visualizer_requests',
  id: '00000000-0000-4000-8000-000000000001',
  created_at: new Date('2026-11-25T15:00:00Z'),
  customer_name: 'Robin Carpet',
  email: 'robin@example.com',
  status: 'completed',
  original_image_url: 'https://storage.example/original.jpg',
  processed_image_url: 'https://storage.example/render-2/natural-white-oak.jpg',
  failure_reason: null,
  ...rugs,
});

describe('rugs and carpet in the visualizer e-mails', () => {
  it.each([
    [{ rug_choice: 'replace', rug_share: 0.2, rug_choices_used: 1 }, 'Replace carpet and rugs too (chosen by the visitor)', 'replaced by the new floor too (“Replace carpet and rugs too”)'],
    [{ rug_choice: 'keep', rug_share: 0.2, rug_choices_used: 0 }, 'Keep my rugs (the default for this photo; the visitor kept it)', 'stay as they are, in front of the new floor (“Keep my rugs”)'],
    [{ rug_choice: 'keep', rug_share: 0.2, rug_choices_used: 2 }, 'Keep my rugs (chosen by the visitor)', '(“Keep my rugs”)'],
  ] as const)('staff read which the after image shows and who chose it; the visitor reads it under the image (%o)', async (rugs, staffLine, visitorLine) => {
    const staff = await composeEmail('staff_visualizer', request(rugs), null, context);
    expect(staff.text).toContain(`Rugs and carpet: ${staffLine}`);
    const visitor = await composeEmail('visualizer_result', request(rugs), 'robin@example.com', context);
    expect(visitor.text).toContain(visitorLine);
  });

  it("says the picture is a computer's preview, as the result page and the Terms do (decision 040)", async () => {
    const visitor = await composeEmail('visualizer_result', request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }), 'robin@example.com', context);
    expect(visitor.text).toContain("A computer's preview: a real floor's colours, boards and edges will differ.");
    expect(visitor.html).toContain('A computer&#39;s preview: a real floor&#39;s colours, boards and edges will differ.');
  });

  // Session 20: a render that found little or no floor looks like the photo, and the e-mail called it "your room with a
  // new hardwood floor" in its subject, its first line and its picture's text, as the result page does not.
  it('says when little or no floor was found, as the result page does, and offers another photo', async () => {
    const noRugs = { rug_choice: null, rug_share: null, rug_choices_used: 0 } as const;
    const little = await composeEmail('visualizer_result', { ...request(noRugs), floor_share: 0.004 }, 'robin@example.com', context);
    expect(little.subject).toBe('Your Snap & See Wood result');
    expect(little.text).not.toContain('with a new hardwood floor');
    expect(little.html).not.toContain('alt="Your room with a new hardwood floor"');
    expect(little.text).toContain(
      'Here is the room photo you sent to our floor visualizer. We found little or no floor in this photo, so it barely changed. Try a photo that shows more of the floor, taken from standing height.',
    );
    expect(little.text).toContain('Try another photo: https://floors.example/floor-visualizer');
    // Session 25: "Like what you see?" asked about a new floor the picture does not show.
    expect(little.text).not.toContain('Like what you see?');
    expect(little.text).toContain('\n\nWe will measure the room and give you a free estimate, and we respond within 1 business day.');
    // At the threshold the page stops saying it, and so does the e-mail; a row without the share says nothing of it.
    for (const floor_share of [0.01, 0.3, null, undefined]) {
      const found = await composeEmail('visualizer_result', { ...request(noRugs), floor_share }, 'robin@example.com', context);
      expect(found.subject).toBe('Your room with a new hardwood floor');
      expect(found.text).toContain('Here is the room photo you sent to our floor visualizer, with a new hardwood floor.');
      expect(found.text).not.toContain('little or no floor');
      expect(found.text).toContain('Like what you see? We will measure the room and give you a free estimate');
    }
  });

  // Session 23: the info step takes any address, so a result can reach someone who sent no photo; the estimate
  // confirmation said what to do then, the result did not.
  it('tells someone who sent no photo that the address may have been typed by mistake, and that a reply deletes it', async () => {
    for (const floor_share of [0.3, 0.004]) {
      const visitor = await composeEmail('visualizer_result', { ...request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }), floor_share }, 'robin@example.com', context);
      const line = 'If you did not send us this photo, someone may have typed your address by mistake: you can ignore this e-mail, or reply and we delete the photo and its pictures.';
      expect(visitor.text).toContain(line);
      expect(visitor.html).toContain(line);
    }
  });

  // Session 23: a signed link is one unbroken word of some 300 characters; shown as text, it stretched the whole
  // result e-mail to 2,700 px on a 360 px phone. Links with words now, the addresses in the plain text only.
  it('links the before and after pictures with words, and keeps their addresses for the plain text', async () => {
    const noRugs = { rug_choice: null, rug_share: null, rug_choices_used: 0 } as const;
    const visitor = await composeEmail('visualizer_result', request(noRugs), 'robin@example.com', context);
    expect(visitor.html).toMatch(/Before: <a href="https:\/\/storage\.example\/original\.jpg" [^>]*>the photo you sent<\/a>/);
    expect(visitor.html).toMatch(/After: <a href="https:\/\/storage\.example\/render-2\/natural-white-oak\.jpg" [^>]*>your room with the new floor<\/a>/);
    expect(visitor.html).not.toContain('Before: https://');
    expect(visitor.text).toContain('Before: the photo you sent (https://storage.example/original.jpg)');
    expect(visitor.text).toContain('After: your room with the new floor (https://storage.example/render-2/natural-white-oak.jpg)');
    const little = await composeEmail('visualizer_result', { ...request(noRugs), floor_share: 0.004 }, 'robin@example.com', context);
    expect(little.text).toContain('After: the picture we made (https://storage.example/render-2/natural-white-oak.jpg)');
    // Any long word (a staff e-mail's link among its fields) breaks rather than widening the e-mail.
    const staff = await composeEmail('staff_visualizer', request(noRugs), null, context);
    for (const html of [visitor.html, staff.html]) {
      // Every paragraph, and each field's value.
      const styled = [...html.matchAll(/<p style="(margin:0 0 16px;[^"]*)"|<td style="(padding:6px 0;[^"]*)"/g)].map(([, p, td]) => p ?? td);
      expect(styled.length).toBeGreaterThan(3);
      for (const style of styled) expect(style).toContain('overflow-wrap:anywhere');
    }
  });

  // Session 24: the office's copy showed the same signed links as bare text in its fields, six lines of characters each
  // on a phone. Links with words there too; a failed request without pictures still says "(none)".
  it("links staff's before and after pictures with words, and keeps their addresses for the plain text", async () => {
    const noRugs = { rug_choice: null, rug_share: null, rug_choices_used: 0 } as const;
    const staff = await composeEmail('staff_visualizer', request(noRugs), null, context);
    expect(staff.html).toMatch(/<th [^>]*>Before<\/th><td [^>]*><a href="https:\/\/storage\.example\/original\.jpg" [^>]*>the visitor’s photo<\/a><\/td>/);
    expect(staff.html).toMatch(
      /<th [^>]*>After<\/th><td [^>]*><a href="https:\/\/storage\.example\/render-2\/natural-white-oak\.jpg" [^>]*>the picture with the new floor<\/a><\/td>/,
    );
    expect(staff.html).not.toMatch(/<td [^>]*>https:\/\//);
    expect(staff.text).toContain('Before: the visitor’s photo (https://storage.example/original.jpg)');
    expect(staff.text).toContain('After: the picture with the new floor (https://storage.example/render-2/natural-white-oak.jpg)');
    const failed = await composeEmail(
      'staff_visualizer',
      { ...request(noRugs), status: 'failed', processed_image_url: null, failure_reason: 'The photo could not be read' },
      null,
      context,
    );
    expect(failed.text).toContain('Before: the visitor’s photo (https://storage.example/original.jpg)');
    expect(failed.text).toContain('After: (none)');
    // Little or no floor found: the office is not told of a new floor either.
    const little = await composeEmail('staff_visualizer', { ...request(noRugs), floor_share: 0.004 }, null, context);
    expect(little.text).toContain('After: the picture made (little or no floor found) (https://storage.example/render-2/natural-white-oak.jpg)');
    expect(little.html).toContain('alt="After: little or no floor found, the photo barely changed"');
    expect(little.text).not.toMatch(/new (hardwood )?floor/);
  });

  it('says nothing of a choice the page did not offer (no rugs, or next to none)', async () => {
    for (const rugs of [{ rug_choice: null, rug_share: null, rug_choices_used: 0 }, { rug_choice: 'keep', rug_share: 0.001, rug_choices_used: 0 }] as const) {
      expect((await composeEmail('staff_visualizer', request(rugs), null, context)).text).toContain('Rugs and carpet: No rugs or carpet found');
      expect((await composeEmail('visualizer_result', request(rugs), 'robin@example.com', context)).text).not.toMatch(/rugs/i);
    }
  });
});

/**
 * A subject that names the visitor carries what they typed. The database refuses control characters and
 * bidirectional overrides in names, but an RFC 2047 encoded word typed in plain ASCII (`=?utf-8?B?4oCu?=` is U+202E)
 * would be decoded by the staff's mail program into exactly those, unless the subject is encoded as a whole.
 */
describe('a visitor-typed encoded word in a staff subject', () => {
  const contact = (name: string) =>
    ({
      table: 'contacts',
      id: '00000000-0000-4000-8000-000000000002',
      created_at: new Date('2026-11-25T15:00:00Z'),
      name,
      email: 'ann@example.com',
      phone: '856 555 0100',
      message: 'Kitchen floor',
    }) as const;

  async function subjectAsRead(name: string): Promise<string | undefined> {
    const composed = await composeEmail('staff_contact', contact(name), null, context);
    const raw = await new MailComposer({ from: 'office@floors.example', ...composed }).compile().build();
    return (await PostalMime.parse(raw)).subject;
  }

  it.each([
    ['a right-to-left override', 'Ann =?utf-8?B?4oCu?= eeL', 'New estimate request from Ann =?utf-8?B?4oCu?= eeL'],
    ['a line break and a fake header', 'Ann =?utf-8?Q?=0D=0ABcc:_x@evil.test?=', 'New estimate request from Ann =?utf-8?Q?=0D=0ABcc:_x@evil.test?='],
  ])('reads literally, as typed, for %s', async (_what, name, expected) => {
    expect(await subjectAsRead(name)).toBe(expected);
  });

  it('leaves ordinary and accented names as they are', async () => {
    expect(await subjectAsRead('Zoë O’Brien-Núñez')).toBe('New estimate request from Zoë O’Brien-Núñez');
  });
});

/** CAN-SPAM (15 U.S.C. 7704(a)(5)): every e-mail names the business's postal address, from the business settings. */
describe('the postal address and the way to unsubscribe', () => {
  const postal = '12 Kings Highway East, Haddonfield, NJ 08033';
  const unsubscribeLink = 'https://processor.floors.example/unsubscribe?token=abc';
  const withAddress = { ...context, business: readBusinessFacts({ VITE_BUSINESS_POSTAL_ADDRESS: postal }) };
  const created_at = new Date('2026-11-25T15:00:00Z');
  const person = { name: 'Ann Lee', email: 'ann@example.com', phone: '856 555 0100' };
  const rows = {
    estimate_confirmation: { table: 'contacts', id: '1', created_at, ...person, message: 'Kitchen' },
    staff_contact: { table: 'contacts', id: '1', created_at, ...person, message: 'Kitchen' },
    guide: { table: 'leads', id: '2', created_at, email: person.email },
    staff_guide: { table: 'leads', id: '2', created_at, email: person.email },
    realtor_welcome: { table: 'realtors', id: '3', created_at, ...person, brokerage: 'B', instagram: null },
    staff_realtor: { table: 'realtors', id: '3', created_at, ...person, brokerage: 'B', instagram: null },
    investor_welcome: { table: 'investors', id: '4', created_at, ...person, company: 'C', investment_focus: null },
    staff_investor: { table: 'investors', id: '4', created_at, ...person, company: 'C', investment_focus: null },
    visualizer_result: request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }),
    staff_visualizer: request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }),
  } as const;

  it.each(Object.keys(rows) as (keyof typeof rows)[])('is at the foot of the %s e-mail, in its text and its HTML', async (kind) => {
    const email = await composeEmail(kind, rows[kind], person.email, withAddress, { unsubscribeLink });
    expect(email.text).toContain(postal);
    expect(email.html).toContain(postal);
  });

  it.each(Object.keys(rows) as (keyof typeof rows)[])('the %s e-mail has an unsubscribe link and one-click headers exactly when it advertises', async (kind) => {
    const email = await composeEmail(kind, rows[kind], person.email, withAddress, { unsubscribeLink });
    const marketing = ['guide', 'realtor_welcome', 'investor_welcome'].includes(kind);
    expect(email.headers).toEqual(
      marketing ? { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
    );
    expect(email.text.includes(`unsubscribe (${unsubscribeLink}): the link opens a page with one button to press, nothing to fill in.`)).toBe(marketing);
    expect(email.html.includes(unsubscribeLink)).toBe(marketing);
  });

  // Session 23: the HTML showed the link as a bare address in a sentence, which not every mail program makes
  // clickable; and it said "one click" where the link opens a page whose button is the click (decision 024).
  it.each(['guide', 'realtor_welcome', 'investor_welcome'] as const)('the %s e-mail links its unsubscribe, and says what the link opens', async (kind) => {
    const email = await composeEmail(kind, rows[kind], person.email, withAddress, { unsubscribeLink });
    const paragraph = email.html.split('\n').find((line) => line.includes('To get no more offers or news'));
    expect(paragraph).toContain(`<a href="${unsubscribeLink}" `);
    expect(paragraph).toMatch(/>unsubscribe<\/a>: the link opens a page with one button to press, nothing to fill in\.<\/p>$/);
    expect(email.html).not.toContain('one click');
  });

  it.each([
    ['staff_guide', 'The guide was not e-mailed to them.'],
    ['staff_realtor', 'The welcome e-mail was not sent to them.'],
    ['staff_contact', 'answer their request only.'],
  ] as const)('a %s notification says the visitor unsubscribed, and what they did not get', async (kind, says) => {
    const since = new Date('2026-11-27T15:30:00Z');
    const email = await composeEmail(kind, rows[kind], null, withAddress, { visitorUnsubscribedAt: since });
    expect(email.text).toContain('This visitor unsubscribed from our marketing e-mail on Friday, November 27, 2026 at 10:30 AM.');
    expect(email.text).toContain(says);
    expect((await composeEmail(kind, rows[kind], null, withAddress)).text).not.toContain('unsubscribed');
  });

  // Migration 20261210300000: the queue holds back every e-mail to an address a mail server refused (decision 032,
  // session 35); the visitor heard nothing, so staff are told, and the day's-limits sentence would be untrue.
  it.each(['staff_guide', 'staff_contact', 'staff_visualizer'] as const)(
    'a %s notification says a mail server refused the address, so the visitor got no e-mail',
    async (kind) => {
      const refusedAt = new Date('2026-12-03T19:00:00Z');
      const row = kind === 'staff_guide' ? { ...rows.staff_guide, guide_sent: false } : rows[kind];
      const email = await composeEmail(kind, row, null, context, { visitorAddressRefusedAt: refusedAt });
      const said =
        "Our e-mails to this visitor's address are not sent: on Thursday, December 3, 2026 at 2:00 PM its mail server said the address does not exist. They got no e-mail from us about this; call them if they gave a number, and check the address with them.";
      expect(email.text).toContain(said);
      expect(email.html.replace(/<[^>]+>/g, '')).toContain(said.replace("'", '&#39;'));
      expect(email.text).not.toContain('had its few e-mails from us today');
      expect((await composeEmail(kind, row, null, context)).text).not.toContain('mail server said');
    },
  );

  // New Jersey's Contractors' Registration Act: the registration number on all correspondence with consumers
  // (N.J.A.C. 13:45A-17.11(d)2) and the Division of Consumer Affairs' toll-free number on it (N.J.S.A. 56:8-144).
  it.each(Object.keys(rows) as (keyof typeof rows)[])(
    "the %s e-mail ends with the registration number and the Division of Consumer Affairs' number",
    async (kind) => {
      const registered = { ...context, business: readBusinessFacts({ VITE_BUSINESS_NJ_HIC_REGISTRATION: '13VH01234567' }) };
      const email = await composeEmail(kind, rows[kind], person.email, registered, { unsubscribeLink });
      const division =
        "For information about contractors and the Contractors' Registration Act, contact the New Jersey Division of Consumer Affairs at 1-888-656-6225.";
      expect(email.text).toContain('NJ Home Improvement Contractor Reg. No. 13VH01234567');
      expect(email.text).toContain(division);
      const htmlText = email.html.replace(/<[^>]+>/g, '');
      expect(htmlText).toContain('NJ Home Improvement Contractor Reg. No. 13VH01234567');
      expect(htmlText).toContain(division.replace("'", '&#39;'));
    },
  );

  // Decision 021 and the privacy notice: texts about a request only with the consent words on the row, deal-alert
  // texts only with the investor form's box ticked. Staff send any text, so the notification tells them which.
  it.each([
    ['staff_contact', '2026-11-28', 'Calls and texts: agreed we may call or text about this request (consent words of 2026-11-28)'],
    ['staff_realtor', '2026-11-28', 'Calls and texts: agreed we may call or text about this request (consent words of 2026-11-28)'],
    ['staff_investor', '2026-11-28', 'Calls and texts: agreed we may call or text about this request (consent words of 2026-11-28)'],
    ['staff_contact', null, 'Calls and texts: no consent words were shown: call about the request, do not text'],
    ['staff_investor', null, 'Calls and texts: no consent words were shown: call about the request, do not text'],
  ] as const)('a %s notification (consent words %s) tells staff whether they may text', async (kind, version, says) => {
    const email = await composeEmail(kind, { ...rows[kind], phone_consent_version: version }, null, context);
    expect(email.text).toContain(says);
    expect(email.html.replace(/<[^>]+>/g, '')).toContain(says.slice('Calls and texts: '.length));
  });

  it('an investor notification says whether the deal-alert box was ticked; other notifications have no such line', async () => {
    const ticked = await composeEmail('staff_investor', { ...rows.staff_investor, phone_consent_version: '2026-11-28', marketing_texts_consent: true }, null, context);
    expect(ticked.text).toContain('Deal-alert texts: yes, ticked the box');
    const unticked = await composeEmail('staff_investor', { ...rows.staff_investor, phone_consent_version: '2026-11-28', marketing_texts_consent: false }, null, context);
    expect(unticked.text).toContain('Deal-alert texts: no: send no deal-alert texts');
    expect((await composeEmail('staff_investor', rows.staff_investor, null, context)).text).toContain('Deal-alert texts: no: send no deal-alert texts');
    for (const kind of ['staff_contact', 'staff_realtor'] as const) {
      expect((await composeEmail(kind, rows[kind], null, context)).text).not.toContain('Deal-alert');
    }
  });

  it('names a business whose name ends with a full stop without doubling it', async () => {
    const email = await composeEmail('estimate_confirmation', rows.estimate_confirmation, person.email, context);
    expect(readBusinessFacts({}).name).toBe('Your Flooring Co.');
    expect(email.text).toContain('has reached Your Flooring Co. We typically respond');
  });

  it('has a plain placeholder when the owner has set none', () => {
    expect(readBusinessFacts({}).postalAddress).toBe('100 Example Street, Haddonfield, NJ 08033');
  });
});

describe('the visualizer e-mails’ pictures', () => {
  const copies = (name: string) => ({
    webp: [
      { width: 720, height: 540, url: `https://storage.example/${name}-720w.webp` },
      { width: 1280, height: 960, url: `https://storage.example/${name}-1280w.webp` },
    ],
    jpeg: { width: 1040, height: 780, url: `https://storage.example/${name}-1040w.jpg` },
  });
  const withCopies = {
    ...request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }),
    image_renditions: { original: copies('original'), 'natural-white-oak': copies('render-2/natural-white-oak') },
  };

  it('show the web-sized JPEG copy that fills the 520 px picture at 2x, and link the full render', async () => {
    const visitor = await composeEmail('visualizer_result', withCopies, 'robin@example.com', context);
    expect(visitor.html).toContain('src="https://storage.example/render-2/natural-white-oak-1040w.jpg"');
    expect(visitor.html).not.toContain('src="https://storage.example/render-2/natural-white-oak.jpg"');
    expect(visitor.text).toContain('After: your room with the new floor (https://storage.example/render-2/natural-white-oak.jpg)');
    const staff = await composeEmail('staff_visualizer', withCopies, null, context);
    expect(staff.html).toContain('src="https://storage.example/original-1040w.jpg"');
    expect(staff.html).toContain('href="https://storage.example/render-2/natural-white-oak.jpg"');
  });

  it('show the full pictures of a row rendered before the copies existed', async () => {
    const visitor = await composeEmail('visualizer_result', request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }), 'robin@example.com', context);
    expect(visitor.html).toContain('src="https://storage.example/render-2/natural-white-oak.jpg"');
  });
});

describe('the wood the visitor chose, in the visualizer e-mails (decision 046)', () => {
  const noRugs = { rug_choice: null, rug_share: null, rug_choices_used: 0 } as const;
  const woods = {
    'natural-white-oak': 'https://storage.example/render-2/natural-white-oak.jpg',
    walnut: 'https://storage.example/render-2/walnut.jpg',
    hickory: 'https://storage.example/render-2/hickory.jpg',
  };
  const withWoods = (wood_style: string | null): VisualizerRequestRecord => ({
    ...request(noRugs),
    style_image_urls: woods,
    image_renditions: {
      walnut: {
        webp: [{ width: 720, height: 540, url: 'https://storage.example/render-2/walnut-720w.webp' }],
        jpeg: { width: 1040, height: 780, url: 'https://storage.example/render-2/walnut-1040w.jpg' },
      },
    },
    wood_style,
  });

  it('show the wood chosen, name it, and link the result page with it selected', async () => {
    const visitor = await composeEmail('visualizer_result', withWoods('walnut'), 'robin@example.com', context);
    expect(visitor.html).toContain('src="https://storage.example/render-2/walnut-1040w.jpg"');
    expect(visitor.text).toContain('Wood shown: Walnut, the one you chose.');
    expect(visitor.text).toContain('After: your room with the new floor (https://storage.example/render-2/walnut.jpg)');
    expect(visitor.text).toContain('See your result: https://floors.example/floor-visualizer?wood=walnut#result=00000000-0000-4000-8000-000000000001');
    expect(visitor.text).not.toContain('natural-white-oak');

    const staff = await composeEmail('staff_visualizer', withWoods('hickory'), null, context);
    expect(staff.text).toContain('Wood: Hickory (chosen by the visitor)');
    expect(staff.html).toContain('src="https://storage.example/render-2/hickory.jpg"');
    expect(staff.html).not.toContain('natural-white-oak.jpg');
  });

  it('show the default wood, said to be the default, when the visitor picked none', async () => {
    const visitor = await composeEmail('visualizer_result', withWoods(null), 'robin@example.com', context);
    expect(visitor.html).toContain('src="https://storage.example/render-2/natural-white-oak.jpg"');
    expect(visitor.text).toContain('Wood shown: Natural white oak. Your result page shows the other woods too.');
    expect(visitor.text).toContain('See your result: https://floors.example/floor-visualizer#result=');
    const staff = await composeEmail('staff_visualizer', withWoods(null), null, context);
    expect(staff.text).toContain('Wood: Natural white oak (the default; the visitor picked no other)');
    // Picked back to the default after trying others: their choice, said so.
    expect((await composeEmail('staff_visualizer', withWoods('natural-white-oak'), null, context)).text).toContain(
      'Wood: Natural white oak (chosen by the visitor)',
    );
  });

  it('fall back to the default wood when the latest render has no picture of the one chosen (a fix still laying it)', async () => {
    const visitor = await composeEmail('visualizer_result', withWoods('honey-oak'), 'robin@example.com', context);
    expect(visitor.html).toContain('src="https://storage.example/render-2/natural-white-oak.jpg"');
    expect(visitor.text).toContain('Wood shown: Natural white oak.');
    expect(visitor.text).not.toMatch(/honey/i);
    expect((await composeEmail('staff_visualizer', withWoods('honey-oak'), null, context)).text).toContain('Wood: Natural white oak (the default');
  });

  it('name no other woods when the render has only the default one', async () => {
    const visitor = await composeEmail('visualizer_result', request(noRugs), 'robin@example.com', context);
    expect(visitor.text).toContain('Wood shown: Natural white oak.');
    expect(visitor.text).not.toContain('other woods');
  });
});

// The programs reward referrals; the welcome is where a new partner learns the rewards, so it tells them to say so
// when they recommend the business (16 CFR 255.5; decision 032, session 30).
describe('the program welcomes', () => {
  const created_at = new Date('2026-11-25T15:00:00Z');
  const person = { name: 'Ann Lee', email: 'ann@example.com', phone: '856 555 0100' };
  const disclosure =
    'When you recommend us to anyone, in person or in a post, tell them we reward you for referrals: the Federal Trade Commission asks anyone rewarded for a recommendation to say so.';
  it.each([
    ['realtor_welcome', { table: 'realtors', id: '3', created_at, ...person, brokerage: 'B', instagram: null }],
    ['investor_welcome', { table: 'investors', id: '4', created_at, ...person, company: 'C', investment_focus: null }],
  ] as const)('the %s e-mail tells the partner to say they are rewarded for referrals, in its text and its HTML', async (kind, row) => {
    const email = await composeEmail(kind, row, person.email, context, { unsubscribeLink: 'https://processor.floors.example/unsubscribe?token=abc' });
    expect(email.text).toContain(disclosure);
    expect(email.html).toContain(disclosure.replace("'", '&#39;'));
  });
});

// Session 32: a guide sign-up and a visualizer request ask for no answer, yet their office e-mails said "Reply to this
// e-mail to answer the visitor directly." The privacy page says what each address is kept for (the guide; the result and
// a follow-up if they want a quote), and lists no offers to either: the office's e-mail says so where staff reply.
describe('what the office e-mail says a guide sign-up or a visualizer visitor asked for', () => {
  const why = (form: string) => whatEachFormCollects.find((entry) => entry.form === form)!.why;
  const signUp = { table: 'leads', id: '2', created_at: new Date('2026-11-25T15:00:00Z'), email: 'ann@example.com' } as const;

  it('a guide sign-up: the guide only, so no offers', async () => {
    expect(why('Free flooring guide')).toContain('so we can e-mail you the guide.');
    const staff = await composeEmail('staff_guide', signUp, null, context);
    expect(staff.text).toContain(
      'They asked for the guide only: our privacy page says we keep this address to send it, so send them no offers. If they write to us, reply to this e-mail to answer them.',
    );
    expect(staff.text).not.toContain('to answer the visitor directly');
  });

  // The database holds the guide back for the day's limits and the page tells the visitor to call (session 34).
  it("a guide sign-up whose guide was held back for the day's limits: staff are told, as the visitor was", async () => {
    const said = 'The guide was not e-mailed to them: this address had its few e-mails from us today.';
    expect((await composeEmail('staff_guide', { ...signUp, guide_sent: false }, null, context)).text).toContain(said);
    expect((await composeEmail('staff_guide', { ...signUp, guide_sent: true }, null, context)).text).not.toContain(said);
  });

  it('a visualizer request: the picture, not a quote, and what an offer must carry', async () => {
    expect(why('Snap & See Wood (floor visualizer)')).toContain('follow up if you want a quote.');
    const staff = await composeEmail('staff_visualizer', request({ rug_choice: null, rug_share: null, rug_choices_used: 0 }), null, context);
    expect(staff.text).toContain(
      'They asked for this picture, not for a quote: our privacy page says we keep their details to follow up if they want one. Reply to this e-mail to ask whether they do; an e-mail offering our work must also carry our postal address and a way to opt out (README, "E-mail").',
    );
    expect(staff.html).toContain('They asked for this picture, not for a quote');
    expect(staff.text).not.toContain('to answer the visitor directly');
  });
});
