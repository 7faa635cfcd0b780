/**
 * The database's rules for visitors' text (supabase/migrations/*_visitor_text_rules.sql), for the forms'
 * schemas: they clean what never means anything (NUL and other control characters, which a paste can carry)
 * and refuse, with a message for the field, what the database would refuse, so the visitor learns which field
 * to fix instead of meeting a failure toast. Plain functions, so both the zod and the zod/mini schemas use them.
 */

/**
 * Characters that show nothing: controls, whitespace, format and other default-ignorable characters, and the
 * blank braille pattern. The same list as the database's private.invisible_characters();
 * tests/integration/visitor-text.test.ts compares the two for every code point.
 */
const INVISIBLE =
  '\\u0001-\\u0020\\u007f-\\u00a0\\u00ad\\u034f\\u061c\\u115f\\u1160\\u1680\\u17b4\\u17b5\\u180b-\\u180f' +
  '\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u206f\\u2800\\u3000\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufff8' +
  '\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e0fff}';

const visibleCharacter = new RegExp(`[^${INVISIBLE}]`, 'u');
const invisibleCharacter = new RegExp(`[${INVISIBLE}]`, 'u');
const formulaStart = new RegExp(`^[${INVISIBLE}]*[=+@-]`, 'u');

// Control characters and bidirectional overrides (which make text display as something else).
const LINE_BREAKS_AND_TABS = /[\t\n\r\u000b\u000c\u0085\u2028\u2029]+/g;
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Whether anything in `value` shows (a name of zero-width spaces does not). */
export function hasVisibleText(value: string): boolean {
  return visibleCharacter.test(value);
}

export function hasInvisibleCharacters(value: string): boolean {
  return invisibleCharacter.test(value);
}

/** Whether a spreadsheet would take `value` for a formula: =, +, - or @ as the first character that shows. */
export function startsLikeAFormula(value: string): boolean {
  return formulaStart.test(value);
}

/** A one-line field: line breaks and tabs become spaces, other control characters (NUL above all) go. */
export function cleanOneLine(value: string): string {
  return value.replace(LINE_BREAKS_AND_TABS, ' ').replace(CONTROLS, '');
}

/** A multi-line field keeps its line breaks and tabs; other control characters go. */
export function cleanMultiLine(value: string): string {
  return value.replace(CONTROLS, '');
}

/** Dashes and spaces a copied or autofilled number carries that look like the keyboard's (non-breaking, en dash, minus). */
const LOOKALIKE_DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const LOOKALIKE_SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

/**
 * A phone number as typed on a keyboard: a number copied from a web page or a contact card often comes with
 * non-breaking hyphens or spaces, en dashes or full-width digits, which look exactly like the example in the
 * refusal ("like (856) 555-0100") and were refused by PHONE_SHAPE, so the visitor could not see what to fix
 * (session 34, journeys2). NFKC makes full-width digits and brackets plain; the dashes and spaces it leaves are
 * made the keyboard's. The database's private.is_phone then takes what is stored, unchanged.
 */
export function phoneInKeyboardCharacters(value: string): string {
  return value.normalize('NFKC').replace(LOOKALIKE_DASHES, '-').replace(LOOKALIKE_SPACES, ' ');
}

/** Digits, spaces and + ( ) - . / with an optional extension ("ext. 12", "x12"), as the database's private.is_phone. */
export const PHONE_SHAPE = /^[+(]?[0-9][0-9 ()./-]*( ?(x|ext\.?|extension) ?[0-9]+)?$/i;

/**
 * A number the office can call back: at least the ten digits of a US number with its area code, the extension left
 * out. "856 555 010" (a digit missed on a phone) and "555-0100" (no area code: 856 or 609?) are phone-shaped, but
 * nobody can ring them. The database's private.is_whole_phone_number (migration 20261208300000) counts the same way.
 */
export function isWholePhoneNumber(value: string): boolean {
  const number = value.replace(/ ?(x|ext\.?|extension) ?[0-9]+$/i, '');
  return (number.match(/[0-9]/g)?.length ?? 0) >= 10;
}

/**
 * The database's e-mail shape (private.is_email, migration 20261125270002): an address a mail server takes.
 * The name before the @ is dot-separated words without the characters that make display names, lists or quoting
 * (< > , ; : " ( ) [ ] \) and without % (the old "percent hack" for relaying, which servers refuse); the
 * domain is dot-separated labels of letters, digits and inner hyphens, with no trailing dot and a last label
 * that is not a number (an IP address is no domain). Nothing invisible, no formula start.
 */
const LOCAL_WORD = String.raw`[^@\s<>,;:"()[\]\\.%]+`;
const LABEL_END = String.raw`[a-zA-Z0-9\u0080-\uffff]`;
const LABEL = String.raw`${LABEL_END}(?:[-a-zA-Z0-9\u0080-\uffff]*${LABEL_END})?`;
const EMAIL_SHAPE = new RegExp(`^${LOCAL_WORD}(?:\\.${LOCAL_WORD})*@(?:${LABEL}\\.)+${LABEL}$`);
const NUMERIC_LAST_LABEL = /\.[0-9]+$/;

export function isEmailShaped(value: string): boolean {
  return (
    EMAIL_SHAPE.test(value) &&
    !NUMERIC_LAST_LABEL.test(value) &&
    !hasInvisibleCharacters(value) &&
    !startsLikeAFormula(value)
  );
}

/** An Instagram handle as stored: the @ in front is decoration. */
export function withoutLeadingAt(value: string): string {
  return value.replace(/^@+/, '');
}

export const textMessages = {
  nameStartsLikeAFormula: 'Please start your name with a letter (not =, +, - or @).',
  phoneShape: 'Please enter a phone number with digits, spaces and ( ) + - . only, like (856) 555-0100.',
  phoneDigits: 'Please enter your whole phone number with its area code, like (856) 555-0100.',
  emailShape: 'Please enter a valid email address, like name@example.com.',
} as const;
