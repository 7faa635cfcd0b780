-- For `npm run check:deployment` (decision 023, item 34; session 35): the four functions of 20261209200000 as they
-- were, but for the predicate "an object the project made in Supabase's schemas", which they repeated six times (its
-- owner is the lead tables' owner or a role that is not one of Supabase's own, and no extension installed it). It is
-- now one private helper they all call: a role Supabase adds, or a new kind of object judged, is changed in one place,
-- not in six that can drift apart. What each function answers is unchanged (the deployment suite's tests).

create or replace function private.deployment_check_made_by_project(object_owner oid, object_catalog regclass, object_id oid)
returns boolean
language sql
stable
set search_path = ''
as $$
  -- Supabase's own roles (a superuser such as supabase_admin, supabase_*, pg_*, authenticator, pgbouncer,
  -- dashboard_user, pgsodium's) are left out, but for the lead tables' owner (here the superuser postgres): what they
  -- make in Supabase's schemas is Supabase's. A role the project made is judged (session 34).
  select object_owner in (select role.oid from pg_catalog.pg_roles as role
                          where role.oid = (select lead.relowner from pg_catalog.pg_class as lead
                                            where lead.oid = pg_catalog.to_regclass('public.contacts'))
                             or not (role.rolsuper or role.rolname like 'supabase\_%' or role.rolname like 'pg\_%'
                                     or role.rolname in ('authenticator', 'pgbouncer', 'dashboard_user', 'pgsodium_keyholder',
                                                         'pgsodium_keyiduser', 'pgsodium_keymaker')))
     -- And what an extension installed is the extension's, whoever owns it.
     and not exists (select from pg_catalog.pg_depend as depend
                     where depend.classid = object_catalog and depend.objid = object_id and depend.deptype = 'e');
$$;

-- Called by the check's definer functions only: anon may use schema private (its policies call
-- private.submission_id_header()), so nothing else may call this.
revoke all on function private.deployment_check_made_by_project(oid, regclass, oid) from public, anon, authenticated;

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
         or private.deployment_check_made_by_project(class.relowner, 'pg_catalog.pg_class'::regclass, class.oid))
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
         or private.deployment_check_made_by_project(class.relowner, 'pg_catalog.pg_class'::regclass, class.oid))
    and (pg_catalog.has_schema_privilege('anon', namespace.oid, 'USAGE')
         or pg_catalog.has_schema_privilege('authenticated', namespace.oid, 'USAGE'));
$$;

revoke all on function public.deployment_check_table_policies() from public, anon, authenticated;
grant execute on function public.deployment_check_table_policies() to service_role;

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
             or (class.relnamespace in (select oid from elsewhere) and private.deployment_check_made_by_project(class.relowner, 'pg_catalog.pg_class'::regclass, class.oid)))
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
             or (proc.pronamespace in (select oid from elsewhere) and private.deployment_check_made_by_project(proc.proowner, 'pg_catalog.pg_proc'::regclass, proc.oid)
                 -- An event trigger's function (Supabase's grant_pg_*_access) cannot be called.
                 and proc.prorettype <> 'pg_catalog.event_trigger'::pg_catalog.regtype))
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
             or (class.relnamespace in (select oid from elsewhere) and private.deployment_check_made_by_project(class.relowner, 'pg_catalog.pg_class'::regclass, class.oid)))
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
           or (private.deployment_check_made_by_project(proc.proowner, 'pg_catalog.pg_proc'::regclass, proc.oid)
               and proc.prorettype <> 'pg_catalog.event_trigger'::pg_catalog.regtype))
      and pg_catalog.has_function_privilege('authenticated', proc.oid, 'EXECUTE')
      and not pg_catalog.has_function_privilege('anon', proc.oid, 'EXECUTE')
      and proc.oid is distinct from pg_catalog.to_regprocedure('private.throttle_anonymous_writes()')::oid
      and not (namespace.nspname = 'graphql_public' and proc.proname = 'graphql')
  ) as found;
$$;
