-- For `npm run check:deployment`: which migrations this database has. `supabase db push` records each one it applies
-- in supabase_migrations.schema_migrations (the local stack and the Supabase-shaped test database do the same), so
-- the check compares them with the supabase/migrations/ of the checkout it runs from: a database a push never
-- reached, or one that stopped half-way, fails by the first missing version instead of at the first visitor whose
-- row needs a column it lacks. Null when the database keeps no such list (migrations applied by hand).
create function public.deployment_check_migrations()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if pg_catalog.to_regclass('supabase_migrations.schema_migrations') is null then
    return null;
  end if;
  return (select coalesce(json_agg(version order by version), '[]'::json) from supabase_migrations.schema_migrations);
end;
$$;
revoke all on function public.deployment_check_migrations() from public, anon, authenticated;
grant execute on function public.deployment_check_migrations() to service_role;
