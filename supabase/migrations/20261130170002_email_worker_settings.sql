-- Which settings each live worker pool runs with, as one short digest per setting (job-queue/setting-digests.ts),
-- never a value, and no password's. The deployment check can only try the e-mail worker instance that takes its job
-- (the unsubscribe link, the e-mail's facts and links); a second instance with other settings (a host given staging's
-- SITE_URL, a redeploy that changed one of two) went unseen. With every instance's digests beside its heartbeat, the
-- check compares them and names the settings that differ. Null: a pool from before this column.
alter table back_office.worker_heartbeats add column settings jsonb;
comment on column back_office.worker_heartbeats.settings is
  'The pool''s settings as {name: digest} (no values, no passwords), for npm run check:deployment to compare instances.';

-- The e-mail worker pools alive in the last `within_seconds` (as deployment_check_workers counts them), each with its
-- settings' digests, oldest first.
create function public.deployment_check_email_worker_settings(within_seconds integer default 30)
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object('pool', worker_pool_id, 'settings', settings) order by started_at), '[]')
  from back_office.worker_heartbeats
  where service = 'email-worker' and last_seen_at > now() - make_interval(secs => within_seconds);
$$;
revoke all on function public.deployment_check_email_worker_settings(integer) from public, anon, authenticated;
grant execute on function public.deployment_check_email_worker_settings(integer) to service_role;
