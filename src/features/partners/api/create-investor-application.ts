import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import {
  emailAddress,
  optionalText,
  organisationName,
  personName,
  phoneConsentVersion,
  phoneNumber,
} from './application-fields';

/**
 * The investor form's payload (spec sections 3 and 5): every value trimmed, an empty investment focus stored as null;
 * beyond the spec's fields, the phone consent's version and the marketing-texts box (decision 021).
 */
export const investorApplicationSchema = z.object({
  name: personName('Please enter your name.'),
  email: emailAddress(),
  phone: phoneNumber(),
  company: organisationName(
    'Please enter your company.',
    160,
    'Please enter a company name of at most 160 characters.',
  ),
  investment_focus: optionalText(500, 'Please describe your investment focus in at most 500 characters.', {
    multiLine: true,
  }),
  phone_consent_version: phoneConsentVersion(),
  /** The optional box for marketing texts (deal alerts): unticked unless the visitor ticks it. */
  marketing_texts_consent: z.boolean().default(false),
});

/** What the form holds: the text of each field as typed. */
export type InvestorApplicationInput = z.input<typeof investorApplicationSchema>;
/** What is stored in `investors`. */
export type InvestorApplication = z.output<typeof investorApplicationSchema>;

/** Spec call 5 (and its fallback, call 6): one row in `investors`. Throws when the values are invalid or both inserts fail. */
export async function createInvestorApplication(input: InvestorApplicationInput): Promise<{ id: string }> {
  const application: InvestorApplication = investorApplicationSchema.parse(input);
  return insertWithFallback('investors', application);
}

export function useCreateInvestorApplication(
  options: Omit<UseMutationOptions<{ id: string }, Error, InvestorApplicationInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: createInvestorApplication });
}
