import { z } from 'zod';

/**
 * The floor visualizer webhook payload (spec section 7, call 8): one schema, used by the page that sends
 * it and by the processor that receives it.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Bucket and object names of the visualizer's images, the same locally and on Supabase Storage. */
export const VISUALIZER_BUCKET = 'floor-visualizer';

const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/]+=*$/i;

/** Bytes a base64 body decodes to, without decoding it. */
export function decodedBase64Length(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export const visualizerWebhookPayloadSchema = z.object({
  requestId: z.uuid(),
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  imageBase64: z
    .string()
    .regex(IMAGE_DATA_URL, 'imageBase64 must be a base64 data URL of an image')
    .refine(
      (dataUrl) => decodedBase64Length(dataUrl.slice(dataUrl.indexOf(',') + 1)) <= MAX_IMAGE_BYTES,
      'The image must be at most 10 MB',
    ),
  fileName: z.string().trim().min(1).max(255),
});

export type VisualizerWebhookPayload = z.infer<typeof visualizerWebhookPayloadSchema>;

/**
 * The webhook's answers (spec call 8: the page only checks `ok`). 200 when the render finished within a few
 * seconds, 202 while it goes on (the page polls the row); any other status carries `{error}`.
 */
export const visualizerWebhookCompletedReplySchema = z.object({
  status: z.literal('completed'),
  requestId: z.uuid(),
  originalImageUrl: z.url(),
  processedImageUrl: z.url(),
});
export const visualizerWebhookProcessingReplySchema = z.object({ status: z.literal('processing'), requestId: z.uuid() });
export const visualizerWebhookErrorReplySchema = z.object({ error: z.string() });

export type VisualizerWebhookReply =
  | z.infer<typeof visualizerWebhookCompletedReplySchema>
  | z.infer<typeof visualizerWebhookProcessingReplySchema>
  | z.infer<typeof visualizerWebhookErrorReplySchema>;

/**
 * The one answer to a call that cannot start a render: an unknown id, a request that already has its photo
 * (whatever name and e-mail come with it), or a pending request whose name or e-mail differ. The same status
 * and text for all, so the answer tells nothing about the request or the visitor behind it.
 */
export const WEBHOOK_REFUSAL = { status: 409, error: 'This visualizer request cannot take a photo. Please start a new one.' } as const;

/** Refused calls allowed per request id per hour; beyond them every call for that id gets 429. */
export const MAX_WEBHOOK_REFUSALS_PER_HOUR = 5;
