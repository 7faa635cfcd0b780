import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  visualizerWebhookCompletedReplySchema,
  visualizerWebhookPayloadSchema,
  visualizerWebhookProcessingReplySchema,
} from '@contracts/visualizer-webhook';
import { getSiteEnv } from '@/lib/env';
import { answerDeadline } from '@/lib/answer-deadline';
import { pageTexts } from '@/content/spec-texts';
import { readFileAsDataUrl } from '../utils/read-file-as-data-url';

export type StartProcessingInput = { requestId: string; name: string; email: string; file: File };

/**
 * The processor's answer: 200 when it finished within a few seconds, 202 when it goes on in the background.
 * Either carries the visitor's correction token ("Fix the floor"); a webhook that answers anything else just
 * gives no token, and the page offers no fixing.
 */
const webhookReplySchema = z.union([visualizerWebhookCompletedReplySchema, visualizerWebhookProcessingReplySchema]);

export type WebhookReply = { correctionToken: string | null };

/**
 * The webhook gave no answer the page can trust: a 5xx (the processor restarting under the gateway, a proxy's
 * 502) or a connection that dropped. The photo may well have arrived and its render be queued (issue 27: the
 * row completed 33 s after such a 502), so the page follows the row instead of showing an error at once.
 */
export class WebhookUnanswered extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : pageTexts.visualizer.processingFailure, { cause });
    this.name = 'WebhookUnanswered';
  }
}

/**
 * How long the page waits for the webhook's answer to a body of `bodyBytes`. The processor drops an upload that
 * arrives slower than 8 KiB/s on average (after a grace of 15 s) and then answers within seconds (it replies 202
 * while the render goes on), so any upload it would take is answered well within this; past it, a proxy or the
 * processor has stalled, and the page treats the call as unanswered and follows the row (WebhookUnanswered), as it
 * does after a dropped connection, instead of "Sending your photo" for as long as the page is open.
 */
export const WEBHOOK_MIN_BYTES_PER_SECOND = 8 * 1024;
export const WEBHOOK_ANSWER_SLACK_MS = 60_000;
export function webhookAnswerDeadlineMs(bodyBytes: number): number {
  return WEBHOOK_ANSWER_SLACK_MS + Math.ceil((bodyBytes / WEBHOOK_MIN_BYTES_PER_SECOND) * 1000);
}

/**
 * Spec call 8: POST the photo (as a data URL) with the request id, name and e-mail to the webhook. The
 * payload is checked against the schema the processor uses, so a bad payload fails here, not over the wire.
 * Only whether the reply is ok matters; the page learns the outcome by reading the row. A 4xx is a refusal;
 * a 5xx or a dropped connection is WebhookUnanswered.
 */
export async function startProcessing({ requestId, name, email, file }: StartProcessingInput): Promise<WebhookReply> {
  const payload = visualizerWebhookPayloadSchema.parse({
    requestId,
    name,
    email,
    imageBase64: await readFileAsDataUrl(file),
    fileName: file.name || 'photo',
  });

  const body = JSON.stringify(payload);
  const deadline = answerDeadline(webhookAnswerDeadlineMs(body.length));
  try {
    let response: Response;
    try {
      response = await fetch(getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        signal: deadline.signal,
      });
    } catch (error) {
      throw new WebhookUnanswered(error);
    }
    if (response.status >= 500) throw new WebhookUnanswered(new Error(pageTexts.visualizer.processingFailure));
    if (!response.ok) throw new Error(pageTexts.visualizer.processingFailure);

    const reply = webhookReplySchema.safeParse(await response.json().catch(() => null));
    return { correctionToken: reply.success ? reply.data.correctionToken : null };
  } finally {
    deadline.clear();
  }
}

export function useStartProcessing() {
  return useMutation({ mutationFn: startProcessing });
}
