-- For `npm run check:deployment`, callable with the service key only (decision 023, item 29): two functions widened
-- to what a project changed later could hand visitors and no line saw.
--
-- 1. deployment_check_storage_policies (20261130190001) answered only the policies that name a visitor bucket or no
-- bucket: a bucket added later (an `exports` bucket of lead CSVs, staff's "documents") given the dashboard's
-- template "Give anon users access to the folder" passed, while the public key listed and opened every file in it.
-- The project keeps files in its two private buckets only, with the service key, so no permissive policy on
-- storage.objects or storage.buckets for anon or authenticated (directly, through a role, or PUBLIC) should exist,
-- whatever bucket it names; each is answered, with its table. (A bucket's `public` flag needs no policy: the check
-- lists the buckets through the Storage API, line "project has no storage bucket but the photo buckets".)
create or replace function public.deployment_check_storage_policies()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'name', policy.polname,
    'table', class.relname,
    'command', case policy.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
    'roles', (
      select coalesce(array_agg(case when role = 0 then 'public' else pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(role)) end order by role), '{}')
      from unnest(policy.polroles) as roles(role)
    )
  ) order by class.relname desc, policy.polname), '[]')
  from pg_catalog.pg_policy as policy
  join pg_catalog.pg_class as class on class.oid = policy.polrelid
  join pg_catalog.pg_namespace as namespace on namespace.oid = class.relnamespace
  where namespace.nspname = 'storage' and class.relname in ('objects', 'buckets')
    and policy.polpermissive
    and (0::oid = any(policy.polroles)
         or exists (select 1 from unnest(policy.polroles) as role
                    where pg_catalog.pg_has_role('anon', role, 'USAGE') or pg_catalog.pg_has_role('authenticated', role, 'USAGE')));
$$;

revoke all on function public.deployment_check_storage_policies() from public, anon, authenticated;
grant execute on function public.deployment_check_storage_policies() to service_role;

-- 2. deployment_check_unguarded_tables (20261204005000) answered tables only. A view reads as its owner unless it is
-- made `security_invoker` (Postgres 15), so `create view public.mail_log as select recipient, kind, created_at from
-- back_office.outbound_emails` in the SQL editor (granted to anon and authenticated by hosted Supabase's default
-- privileges) hands every visitor's address to the public key past row-level security and past back_office being
-- private; the leaks line names such a view only when it reads a lead table or has a column named email, phone,
-- name or message, so it passed. A materialized view and a foreign table have no row-level security at all. Each of
-- the three the API serves (public, graphql_public) on which anon or authenticated holds a privilege is answered
-- now, with `kind`; the migrations make none.
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
  where namespace.nspname in ('public', 'graphql_public')
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

-- 3. Every row-level policy on the tables the API serves (public, graphql_public), as the database has it. The lead
-- tables' lines try what anon may read and insert with the rows they plant, but a policy changed in the dashboard
-- (the visualizer's insert policy given `with check (true)`: a visitor may then store a row that says it is rendered,
-- with image links of their choosing) or made on a table added later with row-level security on (the template
-- "Enable read access for all users", `using (true)`) passed every line. The check compares each with the policies
-- the checkout's migrations make (line "row-level policies are the migrations' own").
create function public.deployment_check_table_policies()
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
  where namespace.nspname in ('public', 'graphql_public');
$$;

revoke all on function public.deployment_check_table_policies() from public, anon, authenticated;
grant execute on function public.deployment_check_table_policies() to service_role;
