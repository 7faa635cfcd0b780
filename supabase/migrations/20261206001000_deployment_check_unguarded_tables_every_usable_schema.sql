-- For `npm run check:deployment`, callable with the service key only (decision 023, item 30).
--
-- deployment_check_unguarded_tables (20261204005000, 20261205002000) read the schemas PostgREST serves, public and
-- graphql_public. A grant on another schema reaches the public key as well, through any invoker function or view in
-- public: `grant usage on schema back_office to anon; grant select on back_office.outbound_emails to anon` and
-- `create function public.mail_log() returns setof back_office.outbound_emails language sql as $$ select * from
-- back_office.outbound_emails $$` (invoker, and executable by PUBLIC as every new function is) handed every address
-- the office e-mailed, with what each e-mail was about, and passed every line: the leaks line copies only tables with
-- a column named email, phone, name or message (this one's is `recipient`), and the functions line judges the
-- migrations' functions only. The function now reads every schema anon or authenticated may use (`USAGE`), less
-- Supabase's own (the leaks line's list, 20261130220002): a table there with row-level security off, or a view,
-- materialized view or foreign table there that reads as its owner, on which either holds a privilege is answered,
-- named with its schema. The migrations grant anon usage on `public` and `private` (the throttle), and no privilege
-- on a table of `private`.
--
-- deployment_check_table_policies (20261205002000) likewise: a staff page's later change, `grant usage on schema
-- back_office to authenticated`, `grant select on back_office.outbound_emails to authenticated`, a policy
-- `for select to authenticated using (true)` (row-level security is on there, so a grant alone shows nothing) and an
-- invoker function in public that selects it, let anyone who signs up with the public key read the office's e-mail
-- log; the policy was on a table of no schema the line read. It now answers the policies on the tables of every
-- schema anon or authenticated may use, less Supabase's own; the migrations make none outside public.
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
  where namespace.nspname not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'extensions', 'graphql',
                                  'realtime', '_realtime', 'supabase_functions', 'vault', 'pgsodium',
                                  'pgsodium_masks', 'net', 'cron', 'pgbouncer', 'supabase_migrations', '_analytics',
                                  'pgtle', 'topology', 'tiger')
    and namespace.nspname not like 'pg\_%'
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
  where namespace.nspname not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'extensions', 'graphql',
                                  'realtime', '_realtime', 'supabase_functions', 'vault', 'pgsodium',
                                  'pgsodium_masks', 'net', 'cron', 'pgbouncer', 'supabase_migrations', '_analytics',
                                  'pgtle', 'topology', 'tiger')
    and namespace.nspname not like 'pg\_%'
    and (pg_catalog.has_schema_privilege('anon', namespace.oid, 'USAGE')
         or pg_catalog.has_schema_privilege('authenticated', namespace.oid, 'USAGE'));
$$;

revoke all on function public.deployment_check_table_policies() from public, anon, authenticated;
grant execute on function public.deployment_check_table_policies() to service_role;
