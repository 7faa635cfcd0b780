import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../email-worker/src/messages/email-layout';
import { senderNameProblem } from '../../scripts/check-deployment/unsubscribe';
import { readBusinessFacts } from '../../src/config/business';

/**
 * check:deployment's e-mail line judges the sender's name (MAIL_FROM) against the business's name in the e-mail's own
 * footer (session 23, decision 040): made here by the worker's layout, so a change of the footer fails this test.
 */
const emailOf = (name: string) =>
  renderEmail(readBusinessFacts({ VITE_BUSINESS_NAME: name }), 'Welcome', [{ kind: 'paragraph', text: 'Hi' }]).html;

describe("check:deployment's reading of the e-mails' sender name", () => {
  it("passes the business's name, as written or a short or long form of it", () => {
    const html = emailOf('Haddon Floorworks, LLC');
    for (const mailFrom of [
      'Haddon Floorworks, LLC <office@haddon.test>',
      '"Haddon Floorworks, LLC" <office@haddon.test>',
      'haddon floorworks llc <office@haddon.test>',
      'Haddon Floorworks <office@haddon.test>',
    ]) {
      expect(senderNameProblem(mailFrom, html), mailFrom).toBeUndefined();
    }
    expect(senderNameProblem('Tom & Jerry Floors Office <o@t.test>', emailOf('Tom & Jerry Floors'))).toBeUndefined();
  });

  it('fails a bare address, which names no sender', () => {
    expect(senderNameProblem('office@haddon.test', emailOf('Haddon Floorworks'))).toBe(
      'its MAIL_FROM is office@haddon.test, which names no sender: a visitor\'s mailbox shows the bare address where the business\'s name should be; set it to "Haddon Floorworks <an address on the business\'s domain>" (README, "E-mail")',
    );
    expect(senderNameProblem('<office@haddon.test>', emailOf('Haddon Floorworks'))).toMatch(/which names no sender/);
  });

  it("fails another name: a staging copy's, or another company's", () => {
    expect(senderNameProblem('Staging <staging@haddon.test>', emailOf('Haddon Floorworks'))).toBe(
      'its MAIL_FROM names "Staging" as the sender, while its e-mails are from Haddon Floorworks: a From line that misleads about who sends is what CAN-SPAM forbids first (15 U.S.C. 7704(a)(1)); set it to "Haddon Floorworks <an address on the business\'s domain>" (README, "E-mail")',
    );
    expect(senderNameProblem('Acme Web Agency <noreply@haddon.test>', emailOf('Haddon Floorworks'))).toMatch(
      /names "Acme Web Agency"/,
    );
  });

  it('judges nothing when the footer cannot be read (an e-mail from another version of the worker)', () => {
    expect(senderNameProblem('Staging <s@haddon.test>', '<p>no footer</p>')).toBeUndefined();
  });
});
