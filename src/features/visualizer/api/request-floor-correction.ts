import { useMutation } from '@tanstack/react-query';
import {
  WEBHOOK_REFUSAL,
  visualizerCorrectionPayloadSchema,
  visualizerCorrectionReplySchema,
  visualizerRugChoicePayloadSchema,
  visualizerRugChoiceReplySchema,
  visualizerWebhookErrorReplySchema,
  type VisualizerCorrectionPayload,
  type VisualizerRugChoicePayload,
} from '@contracts/visualizer-webhook';
import { getSiteEnv } from '@/lib/env';
import { answerDeadline } from '@/lib/answer-deadline';
import { getVisualizerRequest } from './get-visualizer-request';

/** What the visitor reads when the processor will not take a correction, or cannot be reached. */
export const correctionRefusals = {
  notYours: "We couldn't confirm this photo is yours, so it can't be fixed from here. Please start a new request.",
  unreachable: "We couldn't reach the visualizer. Please check your connection and try again.",
  unexpected: 'Something went wrong sending your markers. Please try again.',
} as const;

/** A correction the processor did not take; `message` is for the visitor. */
export class CorrectionRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CorrectionRefusedError';
  }
}

/**
 * "Fix the floor": the visitor's markers, with the token the webhook gave this page, POSTed to the same webhook
 * URL. The processor answers 202 with the number of the render that will carry the correction; the page then
 * reads the row until that render is there.
 */
export async function requestFloorCorrection({
  shownRenderNumber,
  ...input
}: FloorCorrectionRequest): Promise<{ renderNumber: number }> {
  return orWhatTheRowSays(input.requestId, shownRenderNumber, () =>
    sendWithToken(visualizerCorrectionPayloadSchema.parse(input), visualizerCorrectionReplySchema),
  );
}

/** The markers, and the render the page shows (the one they were placed on). */
export type FloorCorrectionRequest = VisualizerCorrectionPayload & { shownRenderNumber: number };

/**
 * "Keep my rugs" / "Replace carpet and rugs too": the same token, the same webhook, the same answers as a fix.
 * The choice already shown answers with the current render, so the page has nothing to wait for.
 */
export async function requestRugChoice({
  shownRenderNumber,
  ...input
}: RugChoiceRequest): Promise<{ renderNumber: number }> {
  return orWhatTheRowSays(input.requestId, shownRenderNumber, () =>
    sendWithToken(visualizerRugChoicePayloadSchema.parse(input), visualizerRugChoiceReplySchema),
  );
}

/** The choice, and the render the page shows (the one it was made with). */
export type RugChoiceRequest = VisualizerRugChoicePayload & { shownRenderNumber: number };

/**
 * A 5xx or a dropped connection is no answer (issue 27): the processor may have taken the request and queued
 * its render all the same (it marks the row `rendering` in the same transaction), and the e-mails would then
 * show that render. The row tells: the render to wait for, or null when nothing was taken.
 */
async function orWhatTheRowSays(
  requestId: string,
  shownRenderNumber: number,
  send: () => Promise<{ renderNumber: number }>,
): Promise<{ renderNumber: number }> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof CorrectionRefusedError) || !(error.status === 0 || error.status >= 500)) throw error;
    const renderNumber = await renderTakenWithoutAnAnswer(requestId, shownRenderNumber);
    if (renderNumber === null) throw error;
    return { renderNumber };
  }
}

async function renderTakenWithoutAnAnswer(requestId: string, shownRenderNumber: number): Promise<number | null> {
  const row = await getVisualizerRequest(requestId).catch(() => null);
  if (!row) return null;
  if (row.correction_state === 'rendering') return row.render_number + 1;
  return row.render_number > shownRenderNumber ? shownRenderNumber + 1 : null;
}

async function sendWithToken(
  payload: object,
  replySchema: typeof visualizerRugChoiceReplySchema,
): Promise<{ renderNumber: number }> {
  // The processor answers a fix or a rug choice at once (202); a call that gets no answer in time is unanswered, like
  // a dropped connection, and the row tells whether it was taken.
  const deadline = answerDeadline();
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: deadline.signal,
    });
    body = await response.json().catch(() => null);
  } catch {
    throw new CorrectionRefusedError(correctionRefusals.unreachable, 0);
  } finally {
    deadline.clear();
  }
  if (response.ok) {
    const reply = replySchema.safeParse(body);
    if (!reply.success) throw new CorrectionRefusedError(correctionRefusals.unexpected, response.status);
    return { renderNumber: reply.data.renderNumber };
  }
  const refusal = visualizerWebhookErrorReplySchema.safeParse(body);
  // The webhook's one refusal speaks of taking a photo; here it means the token is not this request's.
  if (response.status === WEBHOOK_REFUSAL.status && refusal.data?.error === WEBHOOK_REFUSAL.error) {
    throw new CorrectionRefusedError(correctionRefusals.notYours, response.status);
  }
  // Busy, all corrections used, too many attempts, the result expired: the processor's own sentences are written
  // for the visitor.
  if (refusal.success && [409, 410, 429].includes(response.status)) {
    throw new CorrectionRefusedError(refusal.data.error, response.status);
  }
  throw new CorrectionRefusedError(
    response.status >= 500 ? correctionRefusals.unreachable : correctionRefusals.unexpected,
    response.status,
  );
}

export function useRequestFloorCorrection() {
  return useMutation({ mutationFn: requestFloorCorrection });
}

export function useRequestRugChoice() {
  return useMutation({ mutationFn: requestRugChoice });
}
