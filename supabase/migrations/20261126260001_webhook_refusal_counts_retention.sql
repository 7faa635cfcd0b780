-- The processor's refused webhook calls per request id and hour (back_office.visualizer_webhook_refusals) only
-- matter in their own hour, yet nothing removed them: a row per probed id stayed for good. The retention job
-- now removes them with the throttle's counts, after the same period (src/config/data-retention.ts).
-- Returns how many hours' counts it deleted.
create function back_office.remove_expired_webhook_refusals(keep_for interval)
returns integer
language sql
set search_path = ''
as $$
  with removed as (
    delete from back_office.visualizer_webhook_refusals where window_start < now() - keep_for returning 1
  )
  select count(*)::integer from removed;
$$;

revoke all on function back_office.remove_expired_webhook_refusals(interval) from public;
