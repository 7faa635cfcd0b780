-- For `npm run check:deployment`, callable with the service key only (decision 023, item 31): deployment_check_anon_leaks
-- as in 20261130220002 and deployment_check_signed_in_access as in 20261203000141, and in Supabase's own schemas anon
-- or authenticated may use, what the project's role made there.
--
-- Red-team, session 32: the leaks line read every schema anon may use but Supabase's own, left out whole by name. But
-- anon may use `extensions` (hosted grants it usage), hosted's GraphQL endpoint serves the schemas on PostgREST's
-- search path (graphql_public, public, extensions), and any invoker function in public reaches it: `create function
-- extensions.all_contacts() returns setof public.contacts language sql security definer ...` (executable by PUBLIC,
-- as every new function is) and `create function public.contact_list() ... as 'select * from
-- extensions.all_contacts()'` handed the public key every contact, and passed every line. A view, function or copy
-- there is now judged when the role that owns the lead tables (the migrations' and the SQL editor's) owns it and no
-- extension installed it (pg_depend's 'e'); Supabase's own (its roles', an extension's, or an event trigger's
-- function such as grant_pg_cron_access, which cannot be called) stay out.
--
-- deployment_check_signed_in_access (20261203000141) likewise for a definer function only signed-in users may call.
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
  -- The schemas whose objects anon may reach (PostgREST exposes public; the others through what public calls).
  usable as (
    select namespace.oid
    from pg_catalog.pg_namespace as namespace
    where pg_catalog.has_schema_privilege('anon', namespace.oid, 'USAGE')
      and namespace.nspname not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'extensions', 'graphql',
                                    'realtime', '_realtime', 'supabase_functions', 'vault', 'pgsodium',
                                    'pgsodium_masks', 'net', 'cron', 'pgbouncer', 'supabase_migrations', '_analytics',
                                    'pgtle', 'topology', 'tiger')
      and namespace.nspname not like 'pg\_%'
  ),
  -- In Supabase's own schemas anon may use (extensions, which hosted's GraphQL endpoint serves beside public), what
  -- the project's role made there and no extension installed (session 32).
  elsewhere as (
    select namespace.oid
    from pg_catalog.pg_namespace as namespace
    where pg_catalog.has_schema_privilege('anon', namespace.oid, 'USAGE')
      and namespace.nspname not in ('pg_catalog', 'information_schema')
      and namespace.nspname not like 'pg\_%'
      and namespace.oid not in (select oid from usable)
  ),
  project_role as (
    select class.relowner as oid from pg_catalog.pg_class as class where class.oid = pg_catalog.to_regclass('public.contacts')
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
  ),
  -- The migrations' own select policy: a visitor reads back the id of the row it sent.
  designed as (
    select '(id = private.submission_id_header())'::text as qual
  )
  select json_build_object(
    'views', coalesce((
      select json_agg(case when class.relnamespace = 'public'::regnamespace then class.relname::text
                           else pg_catalog.format('%s.%s', class.relnamespace::regnamespace, class.relname) end
                      order by class.relnamespace <> 'public'::regnamespace, class.relname)
      from pg_catalog.pg_class as class
      where class.oid in (select view_oid from reading)
        and (class.relnamespace in (select oid from usable)
             or (class.relnamespace in (select oid from elsewhere) and class.relowner in (select oid from project_role)
                 and not exists (select from pg_catalog.pg_depend as depend
                                 where depend.classid = 'pg_catalog.pg_class'::regclass and depend.objid = class.oid
                                   and depend.deptype = 'e')))
        and pg_catalog.has_table_privilege('anon', class.oid, 'SELECT')
        and (class.relkind = 'm' or not coalesce('security_invoker=true' = any(class.reloptions)
                                                  or 'security_invoker=on' = any(class.reloptions), false))
    ), '[]'),
    'functions', coalesce((
      select json_agg(pg_catalog.format('%s%s(%s)',
                                        case when proc.pronamespace = 'public'::regnamespace then ''
                                             else proc.pronamespace::regnamespace::text || '.' end,
                                        proc.proname, pg_catalog.pg_get_function_identity_arguments(proc.oid))
                      order by proc.pronamespace <> 'public'::regnamespace, proc.proname)
      from pg_catalog.pg_proc as proc
      where (proc.pronamespace in (select oid from usable)
             or (proc.pronamespace in (select oid from elsewhere) and proc.proowner in (select oid from project_role)
                 -- An event trigger's function (Supabase's grant_pg_*_access) cannot be called.
                 and proc.prorettype <> 'pg_catalog.event_trigger'::pg_catalog.regtype
                 and not exists (select from pg_catalog.pg_depend as depend
                                 where depend.classid = 'pg_catalog.pg_proc'::regclass and depend.objid = proc.oid
                                   and depend.deptype = 'e')))
        and proc.prosecdef
        and pg_catalog.has_function_privilege('anon', proc.oid, 'EXECUTE')
        and proc.oid is distinct from pg_catalog.to_regprocedure('private.throttle_anonymous_writes()')::oid
        -- Supabase's own entry point to pg_graphql (an invoker function; named in case a version makes it definer).
        and not (proc.pronamespace::regnamespace::text = 'graphql_public' and proc.proname = 'graphql')
    ), '[]'),
    'copies', coalesce((
      select json_agg(pg_catalog.format('the %s %s (%s)',
                                        case class.relkind when 'm' then 'materialized view' when 'v' then 'view' when 'f' then 'foreign table' else 'table' end,
                                        case when class.relnamespace = 'public'::regnamespace then class.relname::text
                                             else pg_catalog.format('%s.%s', class.relnamespace::regnamespace, class.relname) end,
                                        columns.names)
                      order by class.relnamespace <> 'public'::regnamespace, class.relname)
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
      where (class.relnamespace in (select oid from usable)
             or (class.relnamespace in (select oid from elsewhere) and class.relowner in (select oid from project_role)
                 and not exists (select from pg_catalog.pg_depend as depend
                                 where depend.classid = 'pg_catalog.pg_class'::regclass and depend.objid = class.oid
                                   and depend.deptype = 'e')))
        and class.oid not in (select oid from lead_tables)
        and class.oid not in (select view_oid from reading)
        and columns.names is not null
        and (
          (class.relkind in ('r', 'p') and not class.relrowsecurity)
          or class.relkind in ('m', 'f')
          or (class.relkind = 'v' and not coalesce('security_invoker=true' = any(class.reloptions)
                                                   or 'security_invoker=on' = any(class.reloptions), false))
        )
    ), '[]'),
    'reads', coalesce((
      select json_agg(found.what order by found.relname, found.what)
      from (
        select class.relname, pg_catalog.format('%s (row-level security off; anon may select %s)', class.relname, columns.names) as what
        from pg_catalog.pg_class as class
        cross join lateral (
          select string_agg(attribute.attname, ', ' order by attribute.attnum) as names
          from pg_catalog.pg_attribute as attribute
          where attribute.attrelid = class.oid and attribute.attnum > 0 and not attribute.attisdropped
            and pg_catalog.has_column_privilege('anon', class.oid, attribute.attnum, 'SELECT')
        ) as columns
        where class.oid in (select oid from lead_tables) and not class.relrowsecurity and columns.names is not null
        union all
        select class.relname,
               pg_catalog.format('%s (its policy "%s", using %s)', class.relname, policy.polname,
                                 coalesce(pg_catalog.pg_get_expr(policy.polqual, policy.polrelid), 'no condition'))
        from pg_catalog.pg_policy as policy
        join pg_catalog.pg_class as class on class.oid = policy.polrelid
        where class.oid in (select oid from lead_tables)
          and class.relrowsecurity
          and policy.polpermissive
          and policy.polcmd in ('r', '*')
          and (0::oid = any(policy.polroles)
               or exists (select 1 from unnest(policy.polroles) as role where pg_catalog.pg_has_role('anon', role, 'USAGE')))
          and coalesce(pg_catalog.pg_get_expr(policy.polqual, policy.polrelid), '') <> (select qual from designed)
          and (pg_catalog.has_table_privilege('anon', class.oid, 'SELECT')
               or pg_catalog.has_any_column_privilege('anon', class.oid, 'SELECT'))
      ) as found
    ), '[]')
  );
$$;

revoke all on function public.deployment_check_anon_leaks() from public, anon, authenticated;
grant execute on function public.deployment_check_anon_leaks() to service_role;

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
      and namespace.nspname not in ('pg_catalog', 'information_schema')
      and namespace.nspname not like 'pg\_%'
      and (namespace.nspname not in ('auth', 'storage', 'extensions', 'graphql', 'realtime', '_realtime',
                                     'supabase_functions', 'vault', 'pgsodium', 'pgsodium_masks', 'net', 'cron',
                                     'pgbouncer', 'supabase_migrations', '_analytics', 'pgtle', 'topology', 'tiger')
           -- In Supabase's own schemas, what the project's role made there (session 32).
           or (proc.proowner = (select class.relowner from pg_catalog.pg_class as class
                                where class.oid = pg_catalog.to_regclass('public.contacts'))
               and proc.prorettype <> 'pg_catalog.event_trigger'::pg_catalog.regtype
               and not exists (select from pg_catalog.pg_depend as depend
                               where depend.classid = 'pg_catalog.pg_proc'::regclass and depend.objid = proc.oid
                                 and depend.deptype = 'e')))
      and pg_catalog.has_function_privilege('authenticated', proc.oid, 'EXECUTE')
      and not pg_catalog.has_function_privilege('anon', proc.oid, 'EXECUTE')
      and proc.oid is distinct from pg_catalog.to_regprocedure('private.throttle_anonymous_writes()')::oid
      and not (namespace.nspname = 'graphql_public' and proc.proname = 'graphql')
  ) as found;
$$;
