import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { insertWithFallback } from '@/lib/insert-with-fallback';

/**
 * Spec sections 3, 5 and 9: a free-guide lead is the visitor's trimmed email with the fixed source
 * `free_flooring_guide` and `guide_sent: true`.
 */
export const guideLeadSchema = z.pipe(
  z.object({ email: z.string().check(z.trim(), z.minLength(1)) }),
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

export function useCreateGuideLead() {
  return useMutation({ mutationFn: createGuideLead });
}
