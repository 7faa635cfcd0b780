/**
 * Where the business's name stands in the words (`VITE_BUSINESS_NAME`, a deployment setting): the database keeps the
 * words with this mark, the page shows them with the name (`marketingTextsFor`).
 */
export const BUSINESS_NAME_MARK = '{business}';

/**
 * The consent words beside the phone fields (issue 36; decision 021). The estimate form and both partner forms
 * require a phone number, so each shows `callsAndTexts` under it; the investor form, which offers deal alerts, adds
 * an optional, unticked box for marketing texts. The form sends `version` with the row, and the database stores
 * it with the time it stored the row.
 *
 * The database keeps the exact words of every version (back_office.phone_consent_texts, supabase/migrations/
 * *_phone_consent.sql), and tests/integration/phone-consent.test.ts holds these words equal to the ones stored for
 * `version`. So changing a word here means a new version: a new date, and a migration adding its words.
 */
export const phoneConsent = {
  version: '2026-12-01',
  callsAndTexts:
    'By giving your phone number, you agree that we may call or text you at that number about this request. Agreeing is not a condition of buying anything. Message and data rates may apply.',
  // Since 2026-12-01 (decision 021, session 23): the box names the seller, as prior express written consent
  // authorises "the seller" (47 CFR 64.1200(f)(9)), and says what the carriers' rules ask of a texting sign-up
  // (CTIA: message frequency, rates, STOP and HELP). Version 2026-11-28 said neither the name nor frequency nor HELP.
  marketingTexts: {
    label: `Yes, ${BUSINESS_NAME_MARK} may text me deal alerts and clearance offers at the number above.`,
    details:
      'These are marketing texts and may be sent automatically. Ticking this box is optional and is not a condition of buying anything. Message frequency varies. Message and data rates may apply. Reply STOP to any text to stop them, or HELP for help.',
  },
} as const;

/** The marketing-texts box's words as one text, as the database keeps them: its label, then what the box says under it. */
export const marketingTextsWords = `${phoneConsent.marketingTexts.label} ${phoneConsent.marketingTexts.details}`;

/** The marketing-texts box's words as the page shows them, with the business's name. */
export function marketingTextsFor(businessName: string): { label: string; details: string } {
  const named = (text: string) => text.replaceAll(BUSINESS_NAME_MARK, businessName);
  return { label: named(phoneConsent.marketingTexts.label), details: named(phoneConsent.marketingTexts.details) };
}
