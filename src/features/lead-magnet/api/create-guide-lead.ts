import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { insertWithFallback } from '@/lib/insert-with-fallback';

/**
 * Spec sections 3, 5 and 9: a free-guide lead is the visitor's trimmed email with the fixed source
 * `free_flooring_guide` and `guide_sent: true`.
 */
export const guideLeadSchema = z
  .object({ email: z.string().trim().min(1) })
  .transform(({ email }) => ({ email, lead_source: 'free_flooring_guide' as const, guide_sent: true as const }));

export type GuideLeadInput = z.input<typeof guideLeadSchema>;

/** Stores one guide sign-up (spec section 7, calls 3 and 6). Throws when both inserts fail. */
export async function createGuideLead(input: GuideLeadInput): Promise<{ id: string }> {
  return insertWithFallback('leads', guideLeadSchema.parse(input));
}

export function useCreateGuideLead() {
  return useMutation({ mutationFn: createGuideLead });
}
