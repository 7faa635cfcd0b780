import type { Outcome } from './test-rows.ts';

/** What public.deployment_check_retention answers: ages in seconds on the database's clock. */
export type RetentionSeen = { scheduled: boolean; known_for_s?: number | null; last_run_ago_s?: number | null; failed: number; latest_error?: unknown };

/** The retention job runs hourly (ENFORCE_RETENTION_SCHEDULE): two hours without a run is a job that does not run. */
export const RETENTION_RUN_LIMIT_S = 2 * 3600;
/**
 * How far graphile-worker's schedule may be ahead of the database's clock. The cron stamps `known_since` and
 * `last_execution` with the processor's own clock (graphile-worker's cron.js), so a processor whose clock runs ahead
 * writes a run that has not happened yet, which read as "ran -N min ago"; and until real time passes that stamp, the
 * instances with the right time cannot take the schedule's lock (it moves only forward), so the job is not added.
 */
export const SCHEDULE_AHEAD_LIMIT_S = 5 * 60;

const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

/** Whether the retention job is on the schedule, runs hourly and has no failed run (main.ts's retention line). */
export function retentionOutcome(seen: RetentionSeen): Outcome {
  if (!seen.scheduled) {
    return { ok: false, detail: "enforce_retention is not on graphile-worker's schedule: no processor with its job runner has started (an image from before the job?); visitors' data would be kept past its retention period" };
  }
  if (seen.failed > 0) {
    return { ok: false, detail: `${seen.failed} run(s) of enforce_retention failed (latest: ${String(seen.latest_error ?? 'no error stored').slice(0, 160)}): visitors' data is kept past its retention period; the processor's log says more` };
  }
  const sinceRun = seen.last_run_ago_s ?? null;
  const ahead = -Math.min(sinceRun ?? Infinity, seen.known_for_s ?? Infinity);
  if (ahead > SCHEDULE_AHEAD_LIMIT_S) {
    return {
      ok: false,
      detail: `enforce_retention's schedule is stamped ${hours(ahead)} ahead of the database's clock: a processor's clock runs ahead (graphile-worker stamps runs with it), so no run can be told apart from one yet to come, and instances with the right time skip the job until then; set the processor host's clock (NTP)`,
    };
  }
  if (sinceRun === null ? (seen.known_for_s ?? 0) > RETENTION_RUN_LIMIT_S : sinceRun > RETENTION_RUN_LIMIT_S) {
    return {
      ok: false,
      detail: `enforce_retention (hourly) ${sinceRun === null ? `has not run in the ${hours(seen.known_for_s ?? 0)} since it was scheduled` : `last ran ${hours(sinceRun)} ago`}: is the processor's job runner running?`,
    };
  }
  return {
    ok: true,
    detail: sinceRun === null ? `scheduled ${Math.round((seen.known_for_s ?? 0) / 60)} min ago, first run within the hour` : `hourly; last ran ${Math.round(sinceRun / 60)} min ago, no failed run`,
  };
}
