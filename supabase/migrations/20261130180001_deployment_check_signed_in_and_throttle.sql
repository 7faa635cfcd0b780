-- For `npm run check:deployment`, callable with the service key only: two things a careless deploy changes that no
-- line asked.
--
-- 1. What a signed-in user may do with lead rows. The site has no logins and `authenticated` is granted nothing on
--    the lead tables (20261121000200), but anyone can become `authenticated`: Supabase Auth takes sign-ups from the
--    public key unless they are turned off. A dashboard's "grant all" with a policy `to authenticated using (true)`
--    (say, for a staff page) hands every lead to whoever signs up, and the check's public-key probe never sees it.
--    Answered as deployment_check_anon_writes answers for anon: a SELECT, UPDATE or DELETE privilege (on the table,
--    or on any column) that row-level security does not stop, because it is off or a permissive policy for that
--    command applies to authenticated (directly, through a role it belongs to, or to PUBLIC).
create function public.deployment_check_signed_in_access()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_object_agg(tables.name, access.allowed), '{}')
  from unnest(array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests']) as tables(name)
  join pg_catalog.pg_class as class
    on class.oid = pg_catalog.to_regclass(pg_catalog.format('public.%I', tables.name))
  cross join lateral (
    select array_remove(array[
      case when (pg_catalog.has_table_privilege('authenticated', class.oid, 'SELECT')
                 or pg_catalog.has_any_column_privilege('authenticated', class.oid, 'SELECT'))
             and (not class.relrowsecurity or exists (
               select 1 from pg_catalog.pg_policy as policy
               where policy.polrelid = class.oid and policy.polpermissive and policy.polcmd in ('r', '*')
                 and (0::oid = any(policy.polroles)
                      or exists (select 1 from unnest(policy.polroles) as role
                                 where pg_catalog.pg_has_role('authenticated', role, 'USAGE')))))
           then 'read' end,
      case when pg_catalog.has_any_column_privilege('authenticated', class.oid, 'UPDATE')
             and (not class.relrowsecurity or exists (
               select 1 from pg_catalog.pg_policy as policy
               where policy.polrelid = class.oid and policy.polpermissive and policy.polcmd in ('w', '*')
                 and (0::oid = any(policy.polroles)
                      or exists (select 1 from unnest(policy.polroles) as role
                                 where pg_catalog.pg_has_role('authenticated', role, 'USAGE')))))
           then 'update' end,
      case when pg_catalog.has_table_privilege('authenticated', class.oid, 'DELETE')
             and (not class.relrowsecurity or exists (
               select 1 from pg_catalog.pg_policy as policy
               where policy.polrelid = class.oid and policy.polpermissive and policy.polcmd in ('d', '*')
                 and (0::oid = any(policy.polroles)
                      or exists (select 1 from unnest(policy.polroles) as role
                                 where pg_catalog.pg_has_role('authenticated', role, 'USAGE')))))
           then 'delete' end
    ], null) as allowed
  ) as access
  where cardinality(access.allowed) > 0;
$$;

revoke all on function public.deployment_check_signed_in_access() from public, anon, authenticated;
grant execute on function public.deployment_check_signed_in_access() to service_role;

-- 2. Whether PostgREST is told to run the write throttle. The throttle is private.throttle_anonymous_writes, run
--    before every API request because 20261121000400 sets pgrst.db_pre_request on the authenticator role; a role
--    reset (a dashboard, a restore into a new project that skipped it) leaves every table taking writes without
--    limit, and no line failed: the throttle's client-address line asks a function that works either way. Answers
--    the setting PostgREST reads for this database (its own, else the role's), or null.
create function public.deployment_check_throttle()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object('pre_request', (
    select pg_catalog.substr(setting, pg_catalog.length('pgrst.db_pre_request=') + 1)
    from pg_catalog.pg_db_role_setting as role_setting
    cross join lateral unnest(role_setting.setconfig) as settings(setting)
    where role_setting.setrole = 'authenticator'::regrole
      and role_setting.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database()))
      and setting like 'pgrst.db\_pre\_request=%'
    order by role_setting.setdatabase desc
    limit 1
  ));
$$;

revoke all on function public.deployment_check_throttle() from public, anon, authenticated;
grant execute on function public.deployment_check_throttle() to service_role;
