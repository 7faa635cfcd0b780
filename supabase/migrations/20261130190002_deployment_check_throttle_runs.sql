-- Whether PostgREST runs the write throttle, asked of PostgREST itself. public.deployment_check_throttle (20261130180001)
-- reads the authenticator role's pgrst.db_pre_request, the setting PostgREST reads from the database when its
-- db-config is on (the default, and on hosted Supabase); a self-hosted PostgREST with db-config off, or its own
-- db-pre-request, does not apply it, and the line passed while every lead table took writes without limit. The
-- throttle now marks the transaction it runs in (a setting local to it, for every request: it still returns before
-- anything else on reads and on the service role's), and the check function, called through PostgREST as the check
-- calls it, says whether the mark is there: it is only when PostgREST ran the throttle before that very request.
-- The throttle is otherwise the one of 20261128990001, unchanged.

create or replace function private.throttle_anonymous_writes()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_method text := current_setting('request.method', true);
  request_role text := coalesce(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role', 'anon');
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  settings private.insert_throttle_settings;
  declared_length text := headers ->> 'content-length';
  address_header text;
  caller_address text;
  current_window timestamptz;
  hits_now integer;
begin
  -- Seen by public.deployment_check_throttle in the same request: PostgREST ran this before it.
  perform set_config('private.throttle_ran', 'on', true);
  if request_method is null or request_method not in ('POST', 'PATCH', 'PUT', 'DELETE') then
    return;
  end if;
  if request_role not in ('anon', 'authenticated') then
    return;
  end if;

  select * into settings from private.insert_throttle_settings;

  if declared_length ~ '^[0-9]{1,18}$' and declared_length::bigint > settings.max_body_bytes then
    raise sqlstate 'PT413' using
      message = 'The submission is too large.',
      hint = format('A request body may be at most %s bytes.', settings.max_body_bytes);
  end if;

  -- The header's last entry: the one the nearest proxy appended (decision 005).
  address_header := headers ->> settings.client_address_header;
  caller_address := coalesce(
    private.client_address_key(left(nullif(btrim(reverse(split_part(reverse(address_header), ',', 1))), ''), 100)),
    'unknown'
  );
  current_window := to_timestamp(floor(extract(epoch from now()) / settings.window_seconds) * settings.window_seconds);

  insert into private.insert_throttle_hits as h (client_address, window_start, hits)
  values (caller_address, current_window, 1)
  on conflict (client_address, window_start) do update set hits = h.hits + 1
  returning h.hits into hits_now;

  if hits_now > settings.max_writes then
    raise sqlstate 'PT429' using
      message = 'Too many submissions from your internet address. Please wait a few minutes and try again.',
      hint = format('At most %s submissions per %s minutes.', settings.max_writes, settings.window_seconds / 60);
  end if;

  -- Old windows are useless; sweep them now and then instead of running a scheduler.
  if random() < 0.01 then
    delete from private.insert_throttle_hits where window_start < now() - interval '1 day';
  end if;
end;
$$;

create or replace function public.deployment_check_throttle()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'pre_request', (
      select pg_catalog.substr(setting, pg_catalog.length('pgrst.db_pre_request=') + 1)
      from pg_catalog.pg_db_role_setting as role_setting
      cross join lateral unnest(role_setting.setconfig) as settings(setting)
      where role_setting.setrole = 'authenticator'::regrole
        and role_setting.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database()))
        and setting like 'pgrst.db\_pre\_request=%'
      order by role_setting.setdatabase desc
      limit 1
    ),
    'ran', coalesce(pg_catalog.current_setting('private.throttle_ran', true), '') = 'on'
  );
$$;

revoke all on function public.deployment_check_throttle() from public, anon, authenticated;
grant execute on function public.deployment_check_throttle() to service_role;
