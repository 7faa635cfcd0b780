import * as z from 'zod/mini';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import { cleanOneLine, isEmailShaped, textMessages } from '@/lib/visitor-text';

/**
 * Spec sections 3, 5 and 9: a free-guide lead is the visitor's trimmed email with the fixed source
 * `free_flooring_guide` and `guide_sent: true`. The email must have the database's shape (private.is_email).
 */
export const guideLeadSchema = z.pipe(
  z.object({
    email: z
      .string()
      .check(
        z.overwrite(cleanOneLine),
        z.trim(),
        z.minLength(1, 'Please enter your email address.'),
        z.maxLength(254, 'Please enter an email address of at most 254 characters.'),
        z.refine(isEmailShaped, textMessages.emailShape),
      ),
  }),
  z.transform(({ email }: { email: string }) => ({
    email,
    lead_source: 'free_flooring_guide' as const,
    guide_sent: true as const,
  })),
);

export type GuideLeadInput = z.input<typeof guideLeadSchema>;

/** Stores one guide sign-up (spec section 7, calls 3 and 6). Throws when both inserts fail. */
export async function createGuideLead(input: GuideLeadInput): Promise<{ id: string }> {
  return insertWithFallback('leads', guideLeadSchema.parse(input));
}
