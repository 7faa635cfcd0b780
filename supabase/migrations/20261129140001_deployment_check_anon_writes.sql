-- For `npm run check:deployment` (scripts/check-deployment/main.ts), callable with the service key only: which lead
-- tables the public key could change or delete rows of over the API. The check plants a row and asks for it to show
-- that the public key reads nothing; changing or deleting a visitor's row is the other half, and asking it over the
-- API would spend the check machine's write allowance (private.throttle_anonymous_writes counts every PATCH and
-- DELETE) and change a row to find out. So the database says what it would allow: an UPDATE or DELETE privilege
-- (on the table or, for UPDATE, on any column) that row-level security does not stop, because it is off or a
-- permissive policy for that command applies to anon (directly, through a role anon belongs to, or to PUBLIC).
-- The migrations grant anon neither; a dashboard's "grant all", or a policy written `for all`, would.
create function public.deployment_check_anon_writes()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_object_agg(tables.name, writes.allowed), '{}')
  from unnest(array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests']) as tables(name)
  join pg_catalog.pg_class as class
    on class.oid = pg_catalog.to_regclass(pg_catalog.format('public.%I', tables.name))
  cross join lateral (
    select array_remove(array[
      case when pg_catalog.has_any_column_privilege('anon', class.oid, 'UPDATE')
             and (not class.relrowsecurity or exists (
               select 1 from pg_catalog.pg_policy as policy
               where policy.polrelid = class.oid and policy.polpermissive and policy.polcmd in ('w', '*')
                 and (0::oid = any(policy.polroles)
                      or exists (select 1 from unnest(policy.polroles) as role
                                 where pg_catalog.pg_has_role('anon', role, 'USAGE')))))
           then 'update' end,
      case when pg_catalog.has_table_privilege('anon', class.oid, 'DELETE')
             and (not class.relrowsecurity or exists (
               select 1 from pg_catalog.pg_policy as policy
               where policy.polrelid = class.oid and policy.polpermissive and policy.polcmd in ('d', '*')
                 and (0::oid = any(policy.polroles)
                      or exists (select 1 from unnest(policy.polroles) as role
                                 where pg_catalog.pg_has_role('anon', role, 'USAGE')))))
           then 'delete' end
    ], null) as allowed
  ) as writes
  where cardinality(writes.allowed) > 0;
$$;

revoke all on function public.deployment_check_anon_writes() from public, anon, authenticated;
grant execute on function public.deployment_check_anon_writes() to service_role;
