-- For `npm run check:deployment`, callable with the service key only: what in the API's schema (public) hands the
-- public key visitors' personal data without being a lead table or reading one. The planted rows show that anon cannot
-- read a lead table, and deployment_check_anon_leaks finds a view or function that reads one as its owner; neither
-- sees a copy: `create table public.leads_backup as select * from public.leads` in a dashboard's SQL editor makes a
-- table with row-level security off, which hosted Supabase's default privileges grant to anon (select included), so
-- every visitor's name, e-mail address and phone are one request away while every other line passes. Same for a
-- materialized view (no row-level security at all), a view that reads as its owner, or a foreign table.
-- The function now also answers "copies": each such relation in public, other than the lead tables, that anon may
-- select a column named like a lead table's personal data from (email, phone, name, message) and that row-level
-- security does not guard (a table or partitioned table with it off, a materialized view, a view without
-- security_invoker, a foreign table). A table with row-level security on is left to its policies.
create or replace function public.deployment_check_anon_leaks()
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
    ), '[]'),
    'copies', coalesce((
      select json_agg(pg_catalog.format('the %s %s (%s)',
                                        case class.relkind when 'm' then 'materialized view' when 'v' then 'view' when 'f' then 'foreign table' else 'table' end,
                                        class.relname, columns.names) order by class.relname)
      from pg_catalog.pg_class as class
      cross join lateral (
        select string_agg(attribute.attname, ', ' order by attribute.attnum) as names
        from pg_catalog.pg_attribute as attribute
        where attribute.attrelid = class.oid
          and attribute.attnum > 0
          and not attribute.attisdropped
          and attribute.attname in ('email', 'phone', 'name', 'message')
          and pg_catalog.has_column_privilege('anon', class.oid, attribute.attnum, 'SELECT')
      ) as columns
      where class.relnamespace = 'public'::regnamespace
        and class.oid not in (select oid from lead_tables)
        and class.oid not in (select view_oid from reading)
        and columns.names is not null
        and (
          (class.relkind in ('r', 'p') and not class.relrowsecurity)
          or class.relkind in ('m', 'f')
          or (class.relkind = 'v' and not coalesce('security_invoker=true' = any(class.reloptions)
                                                   or 'security_invoker=on' = any(class.reloptions), false))
        )
    ), '[]')
  );
$$;

revoke all on function public.deployment_check_anon_leaks() from public, anon, authenticated;
grant execute on function public.deployment_check_anon_leaks() to service_role;
