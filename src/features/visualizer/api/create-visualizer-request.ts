import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { insertWithFallback } from '@/lib/insert-with-fallback';

/** What the info step collects (spec section 3: on creation only customer_name and email are sent). */
export const visualizerContactSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(120, 'Please shorten your name to 120 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address').max(254, 'That email is too long')),
});

export type VisualizerContact = z.infer<typeof visualizerContactSchema>;

/**
 * Spec call 7: create the request row. The id is made by the client (insertWithFallback) and becomes the
 * webhook's requestId and the key the visitor reads their row back with.
 */
export async function createVisualizerRequest(contact: VisualizerContact): Promise<{ id: string }> {
  const { name, email } = visualizerContactSchema.parse(contact);
  return insertWithFallback('floor_visualizer_requests', { customer_name: name, email });
}

export function useCreateVisualizerRequest() {
  return useMutation({ mutationFn: createVisualizerRequest });
}
