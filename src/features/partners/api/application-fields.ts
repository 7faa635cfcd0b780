import { z } from 'zod';

/**
 * The field rules both partner applications share. They mirror the tables' CHECK constraints
 * (supabase/migrations/*_lead_tables.sql), so the page says what the database would refuse before it is sent.
 */

/** The database's e-mail shape (private.is_email): something@something.tld, no spaces. */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const requiredText = (emptyMessage: string, maxLength: number, tooLongMessage: string) =>
  z.string().trim().min(1, emptyMessage).max(maxLength, tooLongMessage);

export const emailAddress = () =>
  z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'Please enter an email address of at most 254 characters.')
    .regex(EMAIL_SHAPE, 'Please enter a valid email address, like name@example.com.');

export const phoneNumber = () =>
  requiredText('Please enter your phone number.', 40, 'Please enter a phone number of at most 40 characters.');

/** An optional field: trimmed, and stored as null when left empty. */
export const optionalText = (maxLength: number, tooLongMessage: string) =>
  z
    .string()
    .trim()
    .max(maxLength, tooLongMessage)
    .transform((value) => (value === '' ? null : value));
