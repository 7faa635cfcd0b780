import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { insertWithFallback } from '@/lib/insert-with-fallback';

/**
 * Spec sections 3 and 5: a contact request is name, email, phone and message, every value trimmed. The
 * browser checks presence and the email/tel shapes (native `required`, `type`); the database checks the rest.
 */
const trimmedText = () => z.string().check(z.trim(), z.minLength(1));

export const contactRequestSchema = z.object({
  name: trimmedText(),
  email: trimmedText(),
  phone: trimmedText(),
  message: trimmedText(),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** Stores one contact request (spec section 7, calls 1 and 2). Throws when both the client and the fallback fail. */
export async function createContactRequest(input: ContactRequestInput): Promise<{ id: string }> {
  const record = contactRequestSchema.parse(input);
  return insertWithFallback('contacts', record);
}

export function useCreateContactRequest() {
  return useMutation({ mutationFn: createContactRequest });
}
