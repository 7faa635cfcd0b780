/**
 * How long the site keeps each kind of visitor data, in one place. The privacy page states these periods
 * (src/features/legal), the retention job deletes by them (visitor-data/enforce-retention-task.ts), and a test
 * holds the page and these values together, so what the page promises is what the system does.
 * A visitor can ask for deletion sooner at any time (`npm run data:forget`).
 */
export const dataRetention = {
  /** The room photo as stored for the result, every render of it and its floor outline: days after the request. */
  visualizerImagesDays: 90,
  /** The address an e-mail went to: days after it was sent (or given up on). The row saying what was sent stays. */
  emailRecipientDays: 30,
  /** A photo as uploaded (a HEIC sent as chosen keeps its camera data) whose render never finished: days after. */
  abandonedUploadDays: 1,
  /** Internet addresses the anti-flood limit counts submissions by: days. */
  throttleAddressDays: 1,
  /**
   * A form's row (estimate request, guide sign-up, realtor or investor application, a visualizer request's name and
   * e-mail): months after it was sent, unless staff marked the person a customer (`customer_since`, set in the
   * Supabase dashboard), whose rows stay as the record of the work until they ask for deletion (decision 027).
   */
  leadRowMonths: 24,
} as const;

export type DataRetention = typeof dataRetention;

/**
 * How long the retention job leaves a visualizer request's stored files whose row is gone (or whose row says its
 * images were deleted) before it deletes them: days after the newest of those files was stored. Such files are
 * already past what the privacy page promises (their request was deleted); the wait is only so that files being
 * written this minute, by a render whose row another transaction has not committed yet, are never swept.
 */
export const orphanFilesGraceDays = 1;

/**
 * When a visualizer request's photo and renders are due for deletion, and so when the signed links to them end
 * (decision 022): the retention job deletes them on its first hourly run after this, and the page calls the
 * result expired from then on.
 */
export function visualizerImagesExpireAt(createdAt: string | Date, retention: DataRetention = dataRetention): Date {
  return new Date(new Date(createdAt).getTime() + retention.visualizerImagesDays * 86_400_000);
}

/**
 * When the privacy notice and the terms last changed, and so the date they are in effect from (ISO date). Change it
 * with their text.
 */
export const LEGAL_PAGES_LAST_CHANGED = '2026-12-03';
