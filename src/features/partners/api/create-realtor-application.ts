import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import { emailAddress, optionalText, phoneNumber, requiredText } from './application-fields';

/** The realtor form's payload (spec sections 3 and 5): every value trimmed, an empty instagram stored as null. */
export const realtorApplicationSchema = z.object({
  name: requiredText('Please enter your full name.', 120, 'Please enter a name of at most 120 characters.'),
  email: emailAddress(),
  phone: phoneNumber(),
  brokerage: requiredText('Please enter your brokerage.', 160, 'Please enter a brokerage of at most 160 characters.'),
  instagram: optionalText(100, 'Please enter an Instagram handle of at most 100 characters.'),
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
