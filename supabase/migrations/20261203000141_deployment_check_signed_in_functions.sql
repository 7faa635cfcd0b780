-- For `npm run check:deployment`: deployment_check_signed_in_access (20261130180001) also names each security
-- definer function of the owner's that the authenticated role may call and anon may not (anon's are the leaks
-- line's, 20261130220002). Red-team, session 28: a staff function made in the SQL editor (`returns setof
-- public.contacts ... security definer`, revoked from public and anon, granted to authenticated for a staff page)
-- hands every lead to whoever signs up with the public key (Supabase Auth takes sign-ups unless turned off), and the
-- line read only the lead tables' grants and policies. Schemas as the leaks line takes them: those authenticated may
-- use, less Supabase's own; the write throttle, which PostgREST runs for every role, is left out. Each function is
-- answered as 'function <name>(<arguments>)' -> ['call'] beside the tables' entries.
create or replace function public.deployment_check_signed_in_access()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_object_agg(found.name, found.allowed), '{}')
  from (
    select tables.name, access.allowed
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
    where cardinality(access.allowed) > 0
    union all
    select pg_catalog.format('function %s%s(%s)',
                             case when proc.pronamespace = 'public'::regnamespace then ''
                                  else proc.pronamespace::regnamespace::text || '.' end,
                             proc.proname, pg_catalog.pg_get_function_identity_arguments(proc.oid)),
           array['call']
    from pg_catalog.pg_proc as proc
    join pg_catalog.pg_namespace as namespace on namespace.oid = proc.pronamespace
    where proc.prosecdef
      and pg_catalog.has_schema_privilege('authenticated', namespace.oid, 'USAGE')
      and namespace.nspname not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'extensions', 'graphql',
                                    'realtime', '_realtime', 'supabase_functions', 'vault', 'pgsodium',
                                    'pgsodium_masks', 'net', 'cron', 'pgbouncer', 'supabase_migrations', '_analytics',
                                    'pgtle', 'topology', 'tiger')
      and namespace.nspname not like 'pg\_%'
      and pg_catalog.has_function_privilege('authenticated', proc.oid, 'EXECUTE')
      and not pg_catalog.has_function_privilege('anon', proc.oid, 'EXECUTE')
      and proc.oid is distinct from pg_catalog.to_regprocedure('private.throttle_anonymous_writes()')::oid
      and not (namespace.nspname = 'graphql_public' and proc.proname = 'graphql')
  ) as found;
$$;
