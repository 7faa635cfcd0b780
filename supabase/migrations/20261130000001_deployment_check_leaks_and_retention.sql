-- For `npm run check:deployment` (scripts/check-deployment/main.ts), callable with the service key only: what in the
-- API's schema (public) lets the public key past row-level security on the lead tables without touching them. The
-- check's planted rows show that anon cannot read a lead table itself; a view over it runs as the view's owner
-- unless it says security_invoker (a materialized view has no row-level security at all), and a SECURITY DEFINER
-- function runs as its owner, so either hands anon every visitor's row while the table's own answer stays `[]`.
-- The migrations create no such view and no function anon may call in public; a dashboard's SQL editor could.
-- Answers {"views": [...], "functions": [...]}: views or materialized views anon may read that read a lead table
-- (directly or through other views) as their owner, and security definer functions in public anon may execute.
create function public.deployment_check_anon_leaks()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  with recursive lead_tables as (
    select pg_catalog.to_regclass(pg_catalog.format('public.%I', name))::oid as oid
    from unnest(array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests']) as tables(name)
  ),
  -- Every view reading a lead table, directly or through another view, and whether it reads as its owner.
  reading (view_oid) as (
    select rewrite.ev_class
    from pg_catalog.pg_rewrite as rewrite
    join pg_catalog.pg_depend as depend on depend.classid = 'pg_catalog.pg_rewrite'::regclass and depend.objid = rewrite.oid
    where depend.refobjid in (select oid from lead_tables) and rewrite.ev_class <> depend.refobjid
    union
    select rewrite.ev_class
    from pg_catalog.pg_rewrite as rewrite
    join pg_catalog.pg_depend as depend on depend.classid = 'pg_catalog.pg_rewrite'::regclass and depend.objid = rewrite.oid
    join reading on depend.refobjid = reading.view_oid
    where rewrite.ev_class <> depend.refobjid
  )
  select json_build_object(
    'views', coalesce((
      select json_agg(class.relname order by class.relname)
      from pg_catalog.pg_class as class
      where class.oid in (select view_oid from reading)
        and class.relnamespace = 'public'::regnamespace
        and pg_catalog.has_table_privilege('anon', class.oid, 'SELECT')
        and (class.relkind = 'm' or not coalesce('security_invoker=true' = any(class.reloptions)
                                                  or 'security_invoker=on' = any(class.reloptions), false))
    ), '[]'),
    'functions', coalesce((
      select json_agg(pg_catalog.format('%s(%s)', proc.proname, pg_catalog.pg_get_function_identity_arguments(proc.oid)) order by proc.proname)
      from pg_catalog.pg_proc as proc
      where proc.pronamespace = 'public'::regnamespace
        and proc.prosecdef
        and pg_catalog.has_function_privilege('anon', proc.oid, 'EXECUTE')
    ), '[]')
  );
$$;

revoke all on function public.deployment_check_anon_leaks() from public, anon, authenticated;
grant execute on function public.deployment_check_anon_leaks() to service_role;

-- For `npm run check:deployment`, callable with the service key only: whether the retention job (visitor-data/
-- enforce-retention-task.ts, `enforce_retention`, hourly on graphile-worker's cron in the processor) is scheduled and
-- runs. Without it visitors' rows and photos outlive the periods the privacy policy promises, and nothing else says
-- so: a processor image from before the job, or one whose job runner never started, leaves no schedule; a job whose
-- every attempt fails stays on the queue with its error. graphile-worker's tables exist once a worker has started,
-- so they are read with dynamic SQL (this migration may run first). Ages are in seconds.
create function public.deployment_check_retention()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  known_for_s double precision;
  last_run_ago_s double precision;
  failed integer := 0;
  latest_error text;
  scheduled boolean := false;
begin
  if pg_catalog.to_regclass('graphile_worker._private_known_crontabs') is not null then
    execute $sql$
      select true, extract(epoch from now() - known_since), extract(epoch from now() - last_execution)
      from graphile_worker._private_known_crontabs where identifier = 'enforce_retention'
    $sql$ into scheduled, known_for_s, last_run_ago_s;
    execute $sql$
      select count(*)::integer, (array_agg(last_error order by updated_at desc))[1]
      from graphile_worker.jobs where task_identifier = 'enforce_retention' and last_error is not null
    $sql$ into failed, latest_error;
  end if;
  return json_build_object(
    'scheduled', coalesce(scheduled, false),
    'known_for_s', known_for_s,
    'last_run_ago_s', last_run_ago_s,
    'failed', failed,
    'latest_error', latest_error
  );
end;
$$;

revoke all on function public.deployment_check_retention() from public, anon, authenticated;
grant execute on function public.deployment_check_retention() to service_role;
