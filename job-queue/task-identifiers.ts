/**
 * The jobs on the queue, by graphile-worker task identifier. The database queues them too (the triggers in
 * supabase/migrations/*_email_outbox.sql call add_job('send_email', ...)), so these names are part of the
 * schema: rename one only together with the SQL that uses it.
 */
export const SEND_EMAIL_TASK = 'send_email';
export const RENDER_FLOOR_TASK = 'render_floor';
/** Deletes visitors' data that is past its retention period (visitor-data/enforce-retention-task.ts), on a cron. */
export const ENFORCE_RETENTION_TASK = 'enforce_retention';
/**
 * `npm run check:deployment` asks the e-mail worker for the unsubscribe link it would put in a marketing e-mail to
 * the check's address (email-worker/src/deployment-check-link-task.ts); queued by public.deployment_check_unsubscribe_start.
 */
export const DEPLOYMENT_CHECK_UNSUBSCRIBE_TASK = 'deployment_check_unsubscribe_link';
