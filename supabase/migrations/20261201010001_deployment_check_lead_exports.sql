-- For `npm run check:deployment`, callable with the service key only: what, in the database, may send each lead
-- somewhere else as it arrives. Left from session 22 (red-team): a trigger that copies each new row to a table anon
-- cannot read, a Supabase "database webhook" (a trigger running supabase_functions.http_request, which posts the row
-- to any address), a trigger function calling pg_net's net.http_post, a rule, a publication a subscriber elsewhere
-- replicates, or a pg_cron job reading the lead tables: each hands the leads to whoever is at the other end, which the
-- privacy page does not name, and no line looked. The check names every one the checkout's migrations do not create
-- (scripts/check-deployment/lead-exports.ts reads the migrations' `create trigger` statements).
--
-- Answers [{"kind": "trigger", "name": "zapier", "table": "contacts", "runs": "supabase_functions.http_request",
-- "network": true}, {"kind": "publication", "name": "crm_sync", "table": "leads"}, {"kind": "cron", "name": "nightly",
-- "table": "contacts"}, ...].
create function public.deployment_check_lead_exports()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lead_tables constant text[] := array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'];
  found jsonb;
begin
  -- Triggers (a database webhook is one), with the function each runs and whether its body reaches the network.
  select coalesce(jsonb_agg(jsonb_build_object(
    'kind', 'trigger',
    'name', trigger.tgname,
    'table', class.relname,
    'runs', function_namespace.nspname || '.' || function.proname,
    'network', function_namespace.nspname = 'supabase_functions'
               or coalesce(function.prosrc, '') ~* '(http_(request|post|get|put|patch|delete)|dblink)'
  ) order by class.relname, trigger.tgname), '[]')
  into found
  from pg_catalog.pg_trigger as trigger
  join pg_catalog.pg_class as class on class.oid = trigger.tgrelid
  join pg_catalog.pg_namespace as namespace on namespace.oid = class.relnamespace
  join pg_catalog.pg_proc as function on function.oid = trigger.tgfoid
  join pg_catalog.pg_namespace as function_namespace on function_namespace.oid = function.pronamespace
  where namespace.nspname = 'public' and class.relname = any(lead_tables) and not trigger.tgisinternal;

  -- Rules (`create rule ... do also insert into ...`): the migrations make none.
  found := found || coalesce((
    select jsonb_agg(jsonb_build_object('kind', 'rule', 'name', rules.rulename, 'table', rules.tablename) order by rules.tablename, rules.rulename)
    from pg_catalog.pg_rules as rules
    where rules.schemaname = 'public' and rules.tablename = any(lead_tables)
  ), '[]');

  -- Publications a logical-replication subscriber elsewhere copies every row from (FOR ALL TABLES ones included).
  -- Supabase Realtime's own applies each subscriber's row-level security, which the probe lines test.
  found := found || coalesce((
    select jsonb_agg(jsonb_build_object('kind', 'publication', 'name', published.pubname, 'table', published.tablename) order by published.pubname, published.tablename)
    from pg_catalog.pg_publication_tables as published
    where published.schemaname = 'public' and published.tablename = any(lead_tables) and published.pubname <> 'supabase_realtime'
  ), '[]');

  -- pg_cron jobs whose command names a lead table (the project schedules its own jobs in graphile-worker).
  if pg_catalog.to_regclass('cron.job') is not null then
    found := found || coalesce((
      select jsonb_agg(jsonb_build_object('kind', 'cron', 'name', coalesce(job.jobname, job.jobid::text), 'table', lead_table) order by job.jobid, lead_table)
      from cron.job as job
      cross join unnest(lead_tables) as lead_table
      where job.command ~* ('\m' || lead_table || '\M')
    ), '[]');
  end if;
  return found::json;
end;
$$;

revoke all on function public.deployment_check_lead_exports() from public, anon, authenticated;
grant execute on function public.deployment_check_lead_exports() to service_role;
