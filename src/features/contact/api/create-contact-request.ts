import * as z from 'zod/mini';
import { phoneConsent } from '@/content/phone-consent';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import {
  cleanMultiLine,
  cleanOneLine,
  hasVisibleText,
  isEmailShaped,
  isWholePhoneNumber,
  PHONE_SHAPE,
  phoneInKeyboardCharacters,
  startsLikeAFormula,
  textMessages,
} from '@/lib/visitor-text';

/**
 * Spec sections 3 and 5: a contact request is name, email, phone and message, every value trimmed. The browser
 * checks presence and the email/tel shapes (native `required`, `type`); this schema cleans control characters
 * away and mirrors the database's rules (lengths, a name that shows and is no spreadsheet formula, a phone that
 * looks like one), so the form can say which field to fix. Beyond the spec's four fields, the row carries the
 * version of the consent words shown beside the phone field (src/content/phone-consent.ts, decision 021).
 */
const oneLine = (emptyMessage: string) =>
  z.string().check(z.overwrite(cleanOneLine), z.trim(), z.refine(hasVisibleText, emptyMessage));

export const contactRequestSchema = z.object({
  name: oneLine('Please enter your name.').check(
    z.refine((value) => !startsLikeAFormula(value), textMessages.nameStartsLikeAFormula),
    z.maxLength(120, 'Please enter a name of at most 120 characters.'),
  ),
  email: oneLine('Please enter your email address.').check(
    z.maxLength(254, 'Please enter an email address of at most 254 characters.'),
    z.refine(isEmailShaped, textMessages.emailShape),
  ),
  phone: oneLine('Please enter your phone number.').check(
    z.overwrite(phoneInKeyboardCharacters),
    z.maxLength(40, 'Please enter a phone number of at most 40 characters.'),
    z.regex(PHONE_SHAPE, textMessages.phoneShape),
    z.refine(isWholePhoneNumber, textMessages.phoneDigits),
  ),
  message: z
    .string()
    .check(
      z.overwrite(cleanMultiLine),
      z.trim(),
      z.refine(hasVisibleText, 'Please tell us about your project.'),
      z.maxLength(5000, 'Please keep your message to 5000 characters.'),
    ),
  /** Which consent words the form showed beside the phone field; the database stores it with its own time. */
  phone_consent_version: z._default(z.literal(phoneConsent.version), phoneConsent.version),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** Stores one contact request (spec section 7, calls 1 and 2). Throws when both the client and the fallback fail. */
export async function createContactRequest(input: ContactRequestInput): Promise<{ id: string }> {
  const record = contactRequestSchema.parse(input);
  return insertWithFallback('contacts', record);
}
