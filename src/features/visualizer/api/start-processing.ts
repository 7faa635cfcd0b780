import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { visualizerWebhookPayloadSchema } from '@contracts/visualizer-webhook';
import { getSiteEnv } from '@/lib/env';
import { pageTexts } from '@/content/spec-texts';
import { readFileAsDataUrl } from '../utils/read-file-as-data-url';

export type StartProcessingInput = { requestId: string; name: string; email: string; file: File };

/** The processor's answer: 200 when it finished within a few seconds, 202 when it goes on in the background. */
const webhookReplySchema = z
  .object({ status: z.enum(['processing', 'completed']).optional() })
  .catch({ status: undefined });

export type WebhookReply = z.infer<typeof webhookReplySchema>;

/**
 * Spec call 8: POST the photo (as a data URL) with the request id, name and e-mail to the webhook. The
 * payload is checked against the schema the processor uses, so a bad payload fails here, not over the wire.
 * Only whether the reply is ok matters; the page learns the outcome by reading the row.
 */
export async function startProcessing({ requestId, name, email, file }: StartProcessingInput): Promise<WebhookReply> {
  const payload = visualizerWebhookPayloadSchema.parse({
    requestId,
    name,
    email,
    imageBase64: await readFileAsDataUrl(file),
    fileName: file.name || 'photo',
  });

  const response = await fetch(getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!response.ok) throw new Error(pageTexts.visualizer.processingFailure);

  return webhookReplySchema.parse(await response.json().catch(() => ({})));
}

export function useStartProcessing() {
  return useMutation({ mutationFn: startProcessing });
}
