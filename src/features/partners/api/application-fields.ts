import { z } from 'zod';
import { phoneConsent } from '@/content/phone-consent';
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
  withoutLeadingAt,
} from '@/lib/visitor-text';

/**
 * The field rules both partner applications share. They mirror the tables' CHECK constraints
 * (supabase/migrations/*_lead_tables.sql, *_visitor_text_rules.sql), so the page says what the database would
 * refuse before it is sent. Control characters (NUL above all) are cleaned away, never refused.
 */

const oneLine = () => z.string().overwrite(cleanOneLine).trim();

/** A field that must show something: blank-looking text (zero-width spaces, say) counts as empty. */
const requiredOneLine = (emptyMessage: string) => oneLine().refine(hasVisibleText, emptyMessage);

/** A person's name: refused if it starts like a spreadsheet formula (the database refuses it too). */
export const personName = (emptyMessage: string) =>
  requiredOneLine(emptyMessage)
    .refine((value) => !startsLikeAFormula(value), textMessages.nameStartsLikeAFormula)
    .max(120, 'Please enter a name of at most 120 characters.');

/** A company or brokerage name: anything that shows ("@properties" is a real brokerage; the database keeps it safe). */
export const organisationName = (emptyMessage: string, maxLength: number, tooLongMessage: string) =>
  requiredOneLine(emptyMessage).max(maxLength, tooLongMessage);

export const emailAddress = () =>
  requiredOneLine('Please enter your email address.')
    .max(254, 'Please enter an email address of at most 254 characters.')
    .refine(isEmailShaped, textMessages.emailShape);

export const phoneNumber = () =>
  requiredOneLine('Please enter your phone number.')
    .overwrite(phoneInKeyboardCharacters)
    .max(40, 'Please enter a phone number of at most 40 characters.')
    .regex(PHONE_SHAPE, textMessages.phoneShape)
    .refine(isWholePhoneNumber, textMessages.phoneDigits);

/** An optional field: cleaned and trimmed, and stored as null when nothing in it shows. */
export const optionalText = (maxLength: number, tooLongMessage: string, options: { multiLine?: boolean } = {}) =>
  z
    .string()
    .overwrite(options.multiLine ? cleanMultiLine : cleanOneLine)
    .trim()
    .max(maxLength, tooLongMessage)
    .transform((value) => (hasVisibleText(value) ? value : null));

/** An optional Instagram handle, stored without the @ in front (the database drops it too). */
export const instagramHandle = (maxLength: number, tooLongMessage: string) =>
  oneLine()
    .overwrite(withoutLeadingAt)
    .max(maxLength, tooLongMessage)
    .transform((value) => (hasVisibleText(value) ? value : null));

/**
 * Which consent words the form showed beside the phone field (src/content/phone-consent.ts); the database stores
 * it with its own time (decision 021).
 */
export const phoneConsentVersion = () => z.literal(phoneConsent.version).default(phoneConsent.version);
