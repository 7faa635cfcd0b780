import { z } from 'zod';
import { isEmailShaped } from '../src/lib/visitor-text.ts';
import { pictureRenditionsSchema } from './image-renditions.ts';
import { isWoodStyleId, type WoodStyleId } from './wood-styles.ts';

/**
 * The floor visualizer webhook payload (spec section 7, call 8): one schema, used by the page that sends
 * it and by the processor that receives it.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Bucket and object names of the visualizer's images, the same locally and on Supabase Storage. */
export const VISUALIZER_BUCKET = 'floor-visualizer';
/** The private bucket the processor keeps uploads in until their render is done; the retention job (visitor-data/) empties it too. */
export const UPLOADS_BUCKET = 'floor-visualizer-uploads';

const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/]+=*$/i;

/** Bytes a base64 body decodes to, without decoding it. */
export function decodedBase64Length(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export const visualizerWebhookPayloadSchema = z.object({
  requestId: z.uuid(),
  name: z.string().trim().min(1).max(120),
  // The one address rule of every form and the database (private.is_email), not zod's stricter z.email(), which
  // refused addresses the forms, the database and mail servers take (josé@example.com, a!b@example.com; issue 38).
  email: z.string().max(254).refine(isEmailShaped, 'email must be an address a mail server takes'),
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
 * The visitor withdraws a request they sent and left before its floor was laid (decision 056): they went Back and
 * changed their name, e-mail or photo, and "Process Image" makes a new request for those. Without it the first still
 * rendered and e-mailed its result under the old details: two rows, two renders, two e-mails. The call carries the
 * request's id with the name and e-mail it was made with, as a photo for a pending row must: the id alone is in a
 * result link that may be forwarded, the three together only the visitor who made it holds. A row still pending or
 * processing is failed with WITHDRAWN_REASON (the render in progress writes nothing: it completes only a processing
 * row, and only a completed row e-mails the visitor); a row that has ended is left as it is (its e-mail is on its way).
 */
export const visualizerWithdrawalPayloadSchema = visualizerWebhookPayloadSchema
  .pick({ requestId: true, name: true, email: true })
  .extend({ withdraw: z.literal(true) });

export type VisualizerWithdrawalPayload = z.infer<typeof visualizerWithdrawalPayloadSchema>;

/**
 * The row was pending or processing, and is failed now. Any other call (a row that has ended, an unknown id, another
 * name or e-mail) is WEBHOOK_REFUSAL, as a photo for it would be: the answer tells nothing more than the photo's.
 */
export const visualizerWithdrawalReplySchema = z.object({ status: z.literal('withdrawn'), requestId: z.uuid() });

/**
 * What a visitor can do about a failed request, as its row says (`failure_kind`, beside `failure_reason`): the failure
 * screen's buttons follow it, not the reason's words (a new reason written without "try again" got "Choose another
 * photo" alone, as "Too many attempts ... start a new one later" did). `try_again`: a fault of the way or of the
 * processor, or a photo that never arrived in full: the same photo may well go ("Try again", then "Choose another
 * photo"). `another_photo`: about the file (not readable, not a photo, too small or too large): sending the same
 * bytes again fails again ("Choose another photo" alone). `withdrawn`: no fault at all, the visitor withdrew it as they
 * sent changed details (decision 056): staff get no failed request's e-mail for it (decision 059), and a page that
 * reads it offers "Try again" first, as for `try_again`. Every writer of a failed row sets it: the processor
 * (markFailed and markPendingFailed take it) and the database's sweep of overdue rows (`try_again`).
 */
export const VISUALIZER_FAILURE_KINDS = ['try_again', 'another_photo', 'withdrawn'] as const;
export type VisualizerFailureKind = (typeof VISUALIZER_FAILURE_KINDS)[number];

/** The withdrawn row's reason, for staff in the dashboard (a page that withdrew it no longer reads it). */
export const WITHDRAWN_REASON = 'Withdrawn by the visitor: they changed their details or photo and sent it again as a new request.';

/**
 * The webhook's answers (spec call 8: the page only checks `ok`). 200 when the render finished within a few
 * seconds, 202 while it goes on (the page polls the row); any other status carries `{error}`.
 */
/**
 * `correctionToken` is the visitor's secret for "Fix the floor" (the correction payload below): given once, in
 * the reply to the call that started the request's render, and never again.
 */
const correctionToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'correctionToken must be the token the webhook gave');

export const visualizerWebhookCompletedReplySchema = z.object({
  status: z.literal('completed'),
  requestId: z.uuid(),
  originalImageUrl: z.url(),
  processedImageUrl: z.url(),
  /**
   * The web-sized copies of the two pictures the result opens on (the default wood and the photo), as the row has
   * them: the page starts fetching them while it reads the row, which still says what is shown (decision 026).
   */
  processedImageRenditions: pictureRenditionsSchema.optional(),
  originalImageRenditions: pictureRenditionsSchema.optional(),
  correctionToken,
});
export const visualizerWebhookProcessingReplySchema = z.object({
  status: z.literal('processing'),
  requestId: z.uuid(),
  correctionToken,
});
export const visualizerWebhookErrorReplySchema = z.object({ error: z.string() });

/**
 * "Fix the floor": the visitor's taps on the result (fractions of the photo's width and height; `floor` true for
 * "this is floor", false for "this is not"), POSTed to the same webhook URL with the token. The row keeps its
 * images while the correction renders (`correction_state` = 'rendering'); the new render's images replace them
 * (`render_number` + 1) or `correction_state` turns 'failed'.
 */
export const MAX_CORRECTIONS_PER_REQUEST = 5;

export const visualizerCorrectionPayloadSchema = z.object({
  requestId: z.uuid(),
  correctionToken,
  taps: z
    .array(z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), floor: z.boolean() }))
    .min(1)
    .max(40),
});

export type VisualizerCorrectionPayload = z.infer<typeof visualizerCorrectionPayloadSchema>;

/**
 * Carpet and rugs: the first render finds the floor twice from one network run, with rugs and carpet kept in
 * front of the new wood and with them replaced too, and shows one (`rug_choice`, chosen per photo). The visitor
 * who holds the token asks for the other the way they ask for a fix: the next render lays the same styles on
 * the other stored floor, without running the network again. `rug_share` (the share of the photo that is rug or
 * carpet) below RUG_CHOICE_MIN_SHARE: the choice would change nothing a visitor could see, so none is offered.
 */
export const RUG_CHOICES = ['keep', 'replace'] as const;
export type RugChoice = (typeof RUG_CHOICES)[number];
export const RUG_CHOICE_LABELS: Record<RugChoice, string> = { keep: 'Keep my rugs', replace: 'Replace carpet and rugs too' };
export const RUG_CHOICE_MIN_SHARE = 0.005;
/**
 * Below this share of the photo laid with wood (`floor_share`), the render looks like the photo: the engine found little
 * or no floor (a close-up, a photo of a wall, a floor hidden under things). The result page and the result e-mail then
 * say so rather than call it a room with a new floor.
 */
export const LITTLE_FLOOR_SHARE = 0.01;
/** Switches between the two a request may have (each is a render); separate from the fixes' allowance. */
export const MAX_RUG_CHOICES_PER_REQUEST = 10;

export const visualizerRugChoicePayloadSchema = z.object({
  requestId: z.uuid(),
  correctionToken,
  rugs: z.enum(RUG_CHOICES),
});

export type VisualizerRugChoicePayload = z.infer<typeof visualizerRugChoicePayloadSchema>;

/**
 * The wood the visitor shows on the result step (decision 046): every pick, and once more when they leave the result
 * step (`left`: the page goes, and its token with it, so the choice is final). Recorded on their own row for the
 * holder of the token; the e-mails, composed when sent, show that wood, and wait a little for the choice to settle.
 * Nothing is rendered (every wood's picture is on the row already), so the processor answers at once.
 */
/**
 * Wood calls a request may record (picks and the leaving); past it the processor answers 429 with the wood it keeps
 * (decision 046). The page sends a call only when the wood shown changes: five woods, the rug choice's re-render
 * and a visitor changing their mind come to a few dozen; this is several times that, and bounds what one token
 * can make the processor write (uncapped, 1,000 calls wrote the row 1,000 times, session 29).
 */
export const MAX_WOOD_PICKS_PER_REQUEST = 100;

export const visualizerWoodChoicePayloadSchema = z.object({
  requestId: z.uuid(),
  correctionToken,
  wood: z.custom<WoodStyleId>(isWoodStyleId, 'wood must be one of the visualizer\'s wood styles'),
  left: z.boolean().optional(),
});

export type VisualizerWoodChoicePayload = z.infer<typeof visualizerWoodChoicePayloadSchema>;

export const visualizerWoodChoiceReplySchema = z.object({ status: z.literal('recorded'), requestId: z.uuid() });
/** Past MAX_WOOD_PICKS_PER_REQUEST: nothing more is recorded, and `wood` is the one the e-mails keep showing. */
export const visualizerWoodPicksUsedUpReplySchema = z.object({
  error: z.string(),
  wood: z.custom<WoodStyleId>(isWoodStyleId, 'wood must be one of the visualizer\'s wood styles'),
});

export const visualizerCorrectionReplySchema = z.object({
  status: z.literal('rendering'),
  requestId: z.uuid(),
  renderNumber: z.number().int().min(2),
});

/** A rug choice already shown answers with the current render (1 when nothing was re-rendered yet). */
export const visualizerRugChoiceReplySchema = visualizerCorrectionReplySchema.extend({ renderNumber: z.number().int().min(1) });

export type VisualizerWebhookReply =
  | z.infer<typeof visualizerWebhookCompletedReplySchema>
  | z.infer<typeof visualizerWebhookProcessingReplySchema>
  | z.infer<typeof visualizerCorrectionReplySchema>
  | z.infer<typeof visualizerWoodChoiceReplySchema>
  | z.infer<typeof visualizerWebhookErrorReplySchema>;

/**
 * The one answer to a call that cannot start a render: an unknown id, a request that already has its photo
 * (whatever name and e-mail come with it), or a pending request whose name or e-mail differ. The same status
 * and text for all, so the answer tells nothing about the request or the visitor behind it.
 */
export const WEBHOOK_REFUSAL = { status: 409, error: 'This visualizer request cannot take a photo. Please start a new one.' } as const;

/**
 * The page names the request in this header as well as in the body: the header arrives first, so the processor
 * knows whose photo it was when the body never completes (the connection went, or the upload stopped arriving),
 * and fails that row with a reason the waiting or reloaded page reads, where the row would otherwise stay pending
 * for an hour. Only a pending row is failed; a body that arrives is checked against the row as before.
 */
export const WEBHOOK_REQUEST_ID_HEADER = 'x-visualizer-request';

/** Refused calls allowed per request id per hour; beyond them every call for that id gets 429. */
export const MAX_WEBHOOK_REFUSALS_PER_HOUR = 5;
