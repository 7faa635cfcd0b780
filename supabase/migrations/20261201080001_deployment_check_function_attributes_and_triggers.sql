-- For `npm run check:deployment`, callable with the service key only. Red-team, sessions 24 and 25: the check held
-- each of the migrations' functions to its body alone and each lead-table trigger to the function it runs, so what
-- changes a function or a trigger without touching either passed every line:
--   `alter function ... security invoker` (or definer), `alter function ... set search_path = ...` (a path naming a
--   schema someone can create in resolves its unqualified names, operators and pg_catalog's functions there first),
--   `alter function ... owner to ...` (a security definer function runs as its owner);
--   `alter table ... disable trigger ...` (the lead's e-mails, the throttle, the spreadsheet-safe text, the phone
--   consent stamp: each stops, and every other line still sees the trigger), or a trigger re-made under its name
--   with other events or another `when`; a trigger added to a table the lead line does not read (the outbox holds
--   every lead's e-mail; graphile_worker's jobs carry their payloads); and `alter role ... set
--   session_replication_role = replica`, which stops every ordinary trigger for that role's sessions.
-- The check holds these to what the checkout's migrations say (scripts/check-deployment/function-bodies.ts,
-- scripts/check-deployment/triggers.ts).

-- As before (20261201050001), each function with its body's md5, now with its attributes: whether it runs as its
-- owner, its SET options (pg_proc.proconfig, e.g. {"search_path=\"\""}) and its owner; and the owner of the lead
-- tables, which the migrations' functions share (the one that applied the migrations).
-- Answers {"functions": [{"name": ..., "args": ..., "md5": ..., "definer": true, "config": [...], "owner": ...}],
-- "tables_owner": "postgres"}.
create or replace function public.deployment_check_function_bodies()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'functions', coalesce(json_agg(json_build_object(
      'name', namespace.nspname || '.' || function.proname,
      'args', pg_catalog.pg_get_function_identity_arguments(function.oid),
      'md5', pg_catalog.md5(function.prosrc),
      'definer', function.prosecdef,
      'config', coalesce(function.proconfig, '{}'),
      'owner', pg_catalog.pg_get_userbyid(function.proowner)
    ) order by namespace.nspname, function.proname, function.oid), '[]'::json),
    'tables_owner', (
      select pg_catalog.pg_get_userbyid(class.relowner)
      from pg_catalog.pg_class as class
      join pg_catalog.pg_namespace as class_namespace on class_namespace.oid = class.relnamespace
      where class_namespace.nspname = 'public' and class.relname = 'contacts'
    )
  )
  from pg_catalog.pg_proc as function
  join pg_catalog.pg_namespace as namespace on namespace.oid = function.pronamespace
  where namespace.nspname in ('public', 'private', 'back_office')
    and not exists (
      select from pg_catalog.pg_depend as depend
      where depend.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and depend.objid = function.oid and depend.deptype = 'e'
    );
$$;

-- Every trigger on a table of the project's schemas and graphile_worker's (which makes none), as Postgres prints it
-- (pg_get_triggerdef: with search_path '' every name comes schema-qualified), and whether it fires
-- (pg_trigger.tgenabled: O fires, A always, R only on a replica, D never); and each role setting of
-- session_replication_role in this database (a role's sessions on 'replica' fire no O trigger at all).
-- Answers {"triggers": [{"schema": "public", "table": "contacts", "name": ..., "enabled": "O", "definition":
-- "CREATE TRIGGER ..."}], "replication_roles": [{"role": "authenticator", "value": "replica"}]}.
create function public.deployment_check_triggers()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'triggers', coalesce((
      select json_agg(json_build_object(
        'schema', namespace.nspname,
        'table', class.relname,
        'name', trigger.tgname,
        'enabled', trigger.tgenabled,
        'definition', pg_catalog.pg_get_triggerdef(trigger.oid)
      ) order by namespace.nspname, class.relname, trigger.tgname)
      from pg_catalog.pg_trigger as trigger
      join pg_catalog.pg_class as class on class.oid = trigger.tgrelid
      join pg_catalog.pg_namespace as namespace on namespace.oid = class.relnamespace
      where namespace.nspname in ('public', 'private', 'back_office', 'graphile_worker') and not trigger.tgisinternal
    ), '[]'::json),
    'replication_roles', coalesce((
      select json_agg(json_build_object(
        'role', coalesce(pg_catalog.pg_get_userbyid(nullif(setting.setrole, 0)), 'every role'),
        'value', pg_catalog.substr(config, pg_catalog.length('session_replication_role=') + 1)
      ))
      from pg_catalog.pg_db_role_setting as setting
      cross join pg_catalog.unnest(setting.setconfig) as config
      where setting.setdatabase in (0, (select database.oid from pg_catalog.pg_database as database where database.datname = pg_catalog.current_database()))
        and config like 'session\_replication\_role=%'
    ), '[]'::json)
  );
$$;

revoke all on function public.deployment_check_triggers() from public, anon, authenticated;
grant execute on function public.deployment_check_triggers() to service_role;
