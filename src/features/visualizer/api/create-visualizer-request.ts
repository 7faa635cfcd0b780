import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import { cleanOneLine, hasVisibleText, isEmailShaped, startsLikeAFormula, textMessages } from '@/lib/visitor-text';

/** What the info step collects (spec section 3: on creation only customer_name and email are sent). */
export const visualizerContactSchema = z.object({
  name: z
    .string()
    .overwrite(cleanOneLine)
    .trim()
    .refine(hasVisibleText, 'Please enter your name')
    .refine((value) => !startsLikeAFormula(value), textMessages.nameStartsLikeAFormula)
    .max(120, 'Please shorten your name to 120 characters'),
  email: z
    .string()
    .overwrite(cleanOneLine)
    .trim()
    // Each message says how to put it right, in the other forms' words (WCAG 3.3.3): an empty field was told
    // "Please enter a valid email address", and one too long "That email is too long", with no limit given.
    .min(1, 'Please enter your email address.')
    .max(254, 'Please enter an email address of at most 254 characters.')
    .refine(isEmailShaped, textMessages.emailShape),
});

export type VisualizerContact = z.infer<typeof visualizerContactSchema>;

/**
 * Spec call 7: create the request row. The id is made by the client and becomes the webhook's requestId and the
 * key the visitor reads their row back with. The page makes it itself (`id`), so that the photo can go out beside
 * the insert rather than after it (decision 025, session 20); without it insertWithFallback makes one.
 */
export async function createVisualizerRequest({
  id,
  ...contact
}: VisualizerContact & { id?: string }): Promise<{ id: string }> {
  const { name, email } = visualizerContactSchema.parse(contact);
  return insertWithFallback(
    'floor_visualizer_requests',
    { customer_name: name, email },
    id === undefined ? {} : { id },
  );
}

export function useCreateVisualizerRequest() {
  return useMutation({ mutationFn: createVisualizerRequest });
}
