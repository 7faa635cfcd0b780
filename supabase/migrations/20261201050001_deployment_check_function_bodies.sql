-- For `npm run check:deployment`, callable with the service key only: each function of the project's schemas, with
-- the md5 of its body as Postgres keeps it (pg_proc.prosrc: a dollar-quoted body verbatim). Red-team, session 24:
-- the lines trusted the migrations' functions once applied, so one replaced by hand in the SQL editor (the lead
-- trigger's back_office.follow_up_new_lead() with a pg_notify or an insert elsewhere added, handing on every lead;
-- or a deployment_check_ function made to answer "nothing found") passed every line. The check holds each to the
-- body the checkout's last migration gives it (scripts/check-deployment/function-bodies.ts).
--
-- Answers [{"name": "back_office.follow_up_new_lead", "args": "", "md5": "af9f..."}, ...]; an extension's own
-- functions are left out (not the migrations').
create function public.deployment_check_function_bodies()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'name', namespace.nspname || '.' || function.proname,
    'args', pg_catalog.pg_get_function_identity_arguments(function.oid),
    'md5', pg_catalog.md5(function.prosrc)
  ) order by namespace.nspname, function.proname, function.oid), '[]'::json)
  from pg_catalog.pg_proc as function
  join pg_catalog.pg_namespace as namespace on namespace.oid = function.pronamespace
  where namespace.nspname in ('public', 'private', 'back_office')
    and not exists (
      select from pg_catalog.pg_depend as depend
      where depend.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and depend.objid = function.oid and depend.deptype = 'e'
    );
$$;

revoke all on function public.deployment_check_function_bodies() from public, anon, authenticated;
grant execute on function public.deployment_check_function_bodies() to service_role;
