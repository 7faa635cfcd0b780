/**
 * What a visitor reads in `failure_reason` (anon may select it). Short and human; the technical detail goes
 * to the server log only. A photo the processor refuses keeps its own message (PhotoRejectedError), which
 * is about the visitor's file and written for them.
 */
export const FAILURE_REASONS = {
  renderFailed: "We couldn't put a new floor on this photo. Please try again, or try another photo.",
  tooSlow: 'Your photo took too long to process. Please try again.',
  neverArrived: 'No photo was received for this request.',
  /** The webhook's 500 after the photo came (processor-server.ts, failAfterFault): nothing will render it. */
  notTaken: 'Something went wrong while we received your photo, and it will not be rendered. Please try again.',
} as const;
