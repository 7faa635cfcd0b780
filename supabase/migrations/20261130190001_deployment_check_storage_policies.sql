-- For `npm run check:deployment`, callable with the service key only: the Storage policies that reach the visitor
-- buckets (floor-visualizer, floor-visualizer-uploads: room photos and renders, decision 022).
--
-- Only the processor and the tools use these buckets, with the service key, which bypasses row-level security; no
-- migration creates a policy on storage.objects. A policy added in the dashboard, for anon or for authenticated (its
-- templates offer "authenticated users can read"; Supabase Auth takes sign-ups from the public key unless they are
-- turned off, so anyone can be authenticated), hands every visitor's room to whoever asks: the check's public-key
-- probe of the stored photos sees anon's, never authenticated's, and trying it would need a sign-up on the live
-- project. A policy's condition cannot be judged here, so every permissive policy on storage.objects that applies to
-- anon or authenticated (directly, through a role it belongs to, or to PUBLIC) and names a visitor bucket, or names
-- no bucket at all (it then applies to every bucket), is answered: none should exist. Answers [] where there is no
-- storage schema (the local stack: its gateway serves storage from disk, with no policies).
create function public.deployment_check_storage_policies()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'name', policy.polname,
    'command', case policy.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
    'roles', (
      select coalesce(array_agg(case when role = 0 then 'public' else pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(role)) end order by role), '{}')
      from unnest(policy.polroles) as roles(role)
    )
  ) order by policy.polname), '[]')
  from pg_catalog.pg_policy as policy
  join pg_catalog.pg_class as class on class.oid = policy.polrelid
  join pg_catalog.pg_namespace as namespace on namespace.oid = class.relnamespace
  cross join lateral (
    select coalesce(pg_catalog.pg_get_expr(policy.polqual, policy.polrelid), '') || ' '
        || coalesce(pg_catalog.pg_get_expr(policy.polwithcheck, policy.polrelid), '') as text
  ) as expression
  where namespace.nspname = 'storage' and class.relname = 'objects'
    and policy.polpermissive
    and (0::oid = any(policy.polroles)
         or exists (select 1 from unnest(policy.polroles) as role
                    where pg_catalog.pg_has_role('anon', role, 'USAGE') or pg_catalog.pg_has_role('authenticated', role, 'USAGE')))
    and (expression.text like '%floor-visualizer%' or expression.text not like '%bucket_id%');
$$;

revoke all on function public.deployment_check_storage_policies() from public, anon, authenticated;
grant execute on function public.deployment_check_storage_policies() to service_role;
