import { toasts } from '@/content/spec-texts';

/** Spec section 8: which of the three 'Error' toast texts fits a failure to create the request or start it. */
export function describeProcessingError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const { descriptions } = toasts.visualizerError;
  if (/bucket|storage/i.test(message)) return descriptions.storage;
  if (/network|fetch/i.test(message)) return descriptions.network;
  return descriptions.default;
}
