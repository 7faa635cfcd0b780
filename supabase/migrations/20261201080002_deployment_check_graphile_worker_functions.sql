-- For `npm run check:deployment` (red-team R6, sessions 24 and 25): graphile_worker's own functions too. The job
-- queue's functions are installed by graphile-worker, not by the migrations, so nothing compared them: add_job, which
-- every lead's e-mail passes through with the lead's fields in its payload, replaced by hand to copy each payload
-- elsewhere (or a job's completion to drop it) passed every line. The check holds them to the SQL of the
-- graphile-worker package the checkout installs (node_modules/graphile-worker/sql, its schema as graphile_worker), as
-- it holds the migrations' functions to theirs. As 20261201080001's, with graphile_worker among the schemas.
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
  where namespace.nspname in ('public', 'private', 'back_office', 'graphile_worker')
    and not exists (
      select from pg_catalog.pg_depend as depend
      where depend.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and depend.objid = function.oid and depend.deptype = 'e'
    );
$$;
