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
