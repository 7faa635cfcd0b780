import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import {
  emailAddress,
  instagramHandle,
  organisationName,
  personName,
  phoneConsentVersion,
  phoneNumber,
} from './application-fields';

/**
 * The realtor form's payload (spec sections 3 and 5): every value trimmed, an empty instagram stored as null, the
 * handle without its @; beyond the spec's fields, the phone consent's version (decision 021).
 */
export const realtorApplicationSchema = z.object({
  name: personName('Please enter your full name.'),
  email: emailAddress(),
  phone: phoneNumber(),
  brokerage: organisationName(
    'Please enter your brokerage.',
    160,
    'Please enter a brokerage of at most 160 characters.',
  ),
  instagram: instagramHandle(100, 'Please enter an Instagram handle of at most 100 characters.'),
  phone_consent_version: phoneConsentVersion(),
});

/** What the form holds: the text of each field as typed. */
export type RealtorApplicationInput = z.input<typeof realtorApplicationSchema>;
/** What is stored in `realtors`. */
export type RealtorApplication = z.output<typeof realtorApplicationSchema>;

/** Spec call 4 (and its fallback, call 6): one row in `realtors`. Throws when the values are invalid or both inserts fail. */
export async function createRealtorApplication(input: RealtorApplicationInput): Promise<{ id: string }> {
  const application: RealtorApplication = realtorApplicationSchema.parse(input);
  return insertWithFallback('realtors', application);
}

export function useCreateRealtorApplication(
  options: Omit<UseMutationOptions<{ id: string }, Error, RealtorApplicationInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: createRealtorApplication });
}
