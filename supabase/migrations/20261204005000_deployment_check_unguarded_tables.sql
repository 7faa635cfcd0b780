-- For `npm run check:deployment`, callable with the service key only (decision 023, item 28): each table the API
-- serves (the schemas public and graphql_public) that row-level security does not guard while anon or authenticated
-- holds a privilege on it, with the privileges. The leaks line's "copies" names such a table only when a column is
-- named like a lead table's (email, phone, name, message), and the lead tables' lines know only the lead tables: a
-- table added later in the dashboard's SQL editor, `create table public.estimates (customer_email text, address text,
-- notes text)`, has row-level security off, and hosted Supabase's default privileges grant it to anon and
-- authenticated, so the public key reads, changes and empties it, while every line passed (red-team, session 29).
-- Supabase's Security Advisor says the same of it ("RLS disabled in public"). A table with row-level security on is
-- left to its policies; every table the migrations make has it on.
create function public.deployment_check_unguarded_tables()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
           'table', case namespace.nspname when 'public' then class.relname::text
                    else pg_catalog.format('%I.%I', namespace.nspname, class.relname) end,
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
    and class.relkind in ('r', 'p')
    and not class.relrowsecurity
    and pg_catalog.has_schema_privilege(roles.name, namespace.oid, 'USAGE')
    and cardinality(privileges.allowed) > 0;
$$;

revoke all on function public.deployment_check_unguarded_tables() from public, anon, authenticated;
grant execute on function public.deployment_check_unguarded_tables() to service_role;
