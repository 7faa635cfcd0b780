-- The consent words of 2026-12-01 (decision 021, session 23). The investor form's box for deal-alert texts now names
-- the seller (prior express written consent authorises "the seller": 47 CFR 64.1200(f)(9)) and says what the
-- carriers' rules ask of a texting sign-up (CTIA: message frequency, rates, STOP and HELP). The words beside the
-- phone field are unchanged. Rows sent with version 2026-11-28 keep it: those visitors agreed to its words.
--
-- {business} stands for the business's name as the page shows it (VITE_BUSINESS_NAME, a deployment setting; the
-- page puts it in with marketingTextsFor, src/content/phone-consent.ts).

insert into back_office.phone_consent_texts (version, calls_and_texts, marketing_texts) values (
  '2026-12-01',
  'By giving your phone number, you agree that we may call or text you at that number about this request. Agreeing is not a condition of buying anything. Message and data rates may apply.',
  'Yes, {business} may text me deal alerts and clearance offers at the number above. These are marketing texts and may be sent automatically. Ticking this box is optional and is not a condition of buying anything. Message frequency varies. Message and data rates may apply. Reply STOP to any text to stop them, or HELP for help.'
);

comment on column back_office.phone_consent_texts.marketing_texts is
  'The words beside the investor form''s box for deal-alert texts; from version 2026-12-01, {business} is the business''s name as the page showed it (VITE_BUSINESS_NAME).';
