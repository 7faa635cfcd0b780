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
  version: '2026-11-28',
  callsAndTexts:
    'By giving your phone number, you agree that we may call or text you at that number about this request. Agreeing is not a condition of buying anything. Message and data rates may apply.',
  marketingTexts: {
    label: 'Yes, text me deal alerts and clearance offers at the number above.',
    details:
      'These are marketing texts and may be sent automatically. Ticking this box is optional and is not a condition of buying anything. Reply STOP to any text to stop them. Message and data rates may apply.',
  },
} as const;

/** The marketing-texts box's words as one text: its label, then what the box says under it. */
export const marketingTextsWords = `${phoneConsent.marketingTexts.label} ${phoneConsent.marketingTexts.details}`;
