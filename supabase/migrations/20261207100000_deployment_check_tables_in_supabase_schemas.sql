-- For `npm run check:deployment`, callable with the service key only (decision 023, item 31).
--
-- deployment_check_unguarded_tables and deployment_check_table_policies (20261206001000) read every schema anon or
-- authenticated may use, less Supabase's own (auth, storage, extensions, graphql, ...). But `extensions` is one anon
-- may use (hosted grants it usage), and hosted Supabase's GraphQL endpoint reflects every table of the schemas on
-- PostgREST's search path that the caller may use (pg_graphql's load_sql_context: `current_schemas(false)`), which are
-- graphql_public, public and extensions: `create table extensions.staff_notes (...)` in the dashboard's SQL editor
-- (row-level security off) with select granted to anon hands the public key every row at /graphql/v1, and through
-- any invoker function in public at /rest/v1/rpc, and passed every line: the schema was left out whole. Supabase's
-- own schemas are now read too, for what the project's role made there: a relation owned by the owner of the lead
-- tables (the role the migrations and the SQL editor run as) that no extension installed (pg_depend's 'e').
-- Supabase's own tables there are owned by its roles (supabase_admin, supabase_auth_admin, ...) or belong to an
-- extension (pg_stat_statements' views), and stay out.
create or replace function public.deployment_check_unguarded_tables()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
           'table', case namespace.nspname when 'public' then class.relname::text
                    else pg_catalog.format('%I.%I', namespace.nspname, class.relname) end,
           'kind', case class.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table'
                   else 'table' end,
           'role', roles.name,
           'privileges', privileges.allowed)
         order by namespace.nspname, class.relname, roles.name), '[]')
  from pg_catalog.pg_class as class
  join pg_catalog.pg_namespace as namespace on namespace.oid = class.relnamespace
  cross join unnest(array['anon', 'authenticated']) as roles(name)
  cross join lateral (
    select array_remove(array[
      case when pg_catalog.has_any_column_privilege(roles.name, class.oid, 'SELECT') then 'select' end,
      case when pg_catalog.has_any_column_privilege(roles.name, class.oid, 'INSERT') then 'insert' end,
      case when pg_catalog.has_any_column_privilege(roles.name, class.oid, 'UPDATE') then 'update' end,
      case when pg_catalog.has_table_privilege(roles.name, class.oid, 'DELETE') then 'delete' end,
      case when pg_catalog.has_table_privilege(roles.name, class.oid, 'TRUNCATE') then 'truncate' end
    ], null) as allowed
  ) as privileges
  where namespace.nspname not in ('pg_catalog', 'information_schema')
    and namespace.nspname not like 'pg\_%'
    and (namespace.nspname not in ('auth', 'storage', 'extensions', 'graphql', 'realtime', '_realtime',
                                   'supabase_functions', 'vault', 'pgsodium', 'pgsodium_masks', 'net', 'cron',
                                   'pgbouncer', 'supabase_migrations', '_analytics', 'pgtle', 'topology', 'tiger')
         -- In Supabase's own schemas, what the project's role made there (not an extension's).
         or (class.relowner = (select lead.relowner from pg_catalog.pg_class as lead
                               where lead.oid = pg_catalog.to_regclass('public.contacts'))
             and not exists (select from pg_catalog.pg_depend as depend
                             where depend.classid = 'pg_catalog.pg_class'::regclass and depend.objid = class.oid
                               and depend.deptype = 'e')))
    and (
      (class.relkind in ('r', 'p') and not class.relrowsecurity)
      or class.relkind in ('m', 'f')
      or (class.relkind = 'v' and not coalesce('security_invoker=true' = any(class.reloptions)
                                               or 'security_invoker=on' = any(class.reloptions), false))
    )
    and pg_catalog.has_schema_privilege(roles.name, namespace.oid, 'USAGE')
    and cardinality(privileges.allowed) > 0;
$$;

revoke all on function public.deployment_check_unguarded_tables() from public, anon, authenticated;
grant execute on function public.deployment_check_unguarded_tables() to service_role;

create or replace function public.deployment_check_table_policies()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'table', case namespace.nspname when 'public' then class.relname::text
             else pg_catalog.format('%I.%I', namespace.nspname, class.relname) end,
    'name', policy.polname,
    'command', case policy.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
    'permissive', policy.polpermissive,
    'roles', (
      select coalesce(array_agg(case when role = 0 then 'public' else pg_catalog.pg_get_userbyid(role)::text end order by role), '{}')
      from unnest(policy.polroles) as roles(role)
    ),
    'using', pg_catalog.pg_get_expr(policy.polqual, policy.polrelid),
    'check', pg_catalog.pg_get_expr(policy.polwithcheck, policy.polrelid)
  ) order by namespace.nspname, class.relname, policy.polname), '[]')
  from pg_catalog.pg_policy as policy
  join pg_catalog.pg_class as class on class.oid = policy.polrelid
  join pg_catalog.pg_namespace as namespace on namespace.oid = class.relnamespace
  where namespace.nspname not in ('pg_catalog', 'information_schema')
    and namespace.nspname not like 'pg\_%'
    and (namespace.nspname not in ('auth', 'storage', 'extensions', 'graphql', 'realtime', '_realtime',
                                   'supabase_functions', 'vault', 'pgsodium', 'pgsodium_masks', 'net', 'cron',
                                   'pgbouncer', 'supabase_migrations', '_analytics', 'pgtle', 'topology', 'tiger')
         -- In Supabase's own schemas, what the project's role made there (not an extension's).
         or (class.relowner = (select lead.relowner from pg_catalog.pg_class as lead
                               where lead.oid = pg_catalog.to_regclass('public.contacts'))
             and not exists (select from pg_catalog.pg_depend as depend
                             where depend.classid = 'pg_catalog.pg_class'::regclass and depend.objid = class.oid
                               and depend.deptype = 'e')))
    and (pg_catalog.has_schema_privilege('anon', namespace.oid, 'USAGE')
         or pg_catalog.has_schema_privilege('authenticated', namespace.oid, 'USAGE'));
$$;

revoke all on function public.deployment_check_table_policies() from public, anon, authenticated;
grant execute on function public.deployment_check_table_policies() to service_role;
