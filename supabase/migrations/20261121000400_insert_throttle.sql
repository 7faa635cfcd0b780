-- Per-client write throttle, run by PostgREST before every request (db-pre-request). It counts the writes
-- (POST, PATCH, PUT, DELETE) of anonymous visitors per client address in fixed windows and answers
-- 429 once a window is full. The address is the first entry of X-Forwarded-For, which the gateway (locally)
-- or Supabase's edge (hosted) sets from the connection; a client cannot choose it.
--
-- Limits (docs/throttle.md): by default 20 writes per client address per 10 minutes across all tables.
-- A visitor filling every form of the site twice stays well under it. Because the counter is written in the
-- request's own transaction, a write that fails (a CHECK violation, say) does not count: the throttle bounds
-- stored rows, which is what floods cost us.

create table private.insert_throttle_settings (
  singleton boolean primary key default true check (singleton),
  max_writes integer not null check (max_writes > 0),
  window_seconds integer not null check (window_seconds > 0)
);
insert into private.insert_throttle_settings (max_writes, window_seconds) values (20, 600);

create table private.insert_throttle_hits (
  client_address text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (client_address, window_start)
);

create or replace function private.throttle_anonymous_writes()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_method text := current_setting('request.method', true);
  request_role text := coalesce(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role', 'anon');
  forwarded_for text := nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for';
  caller_address text := coalesce(nullif(btrim(split_part(forwarded_for, ',', 1)), ''), 'unknown');
  settings private.insert_throttle_settings;
  current_window timestamptz;
  hits_now integer;
begin
  if request_method is null or request_method not in ('POST', 'PATCH', 'PUT', 'DELETE') then
    return;
  end if;
  if request_role not in ('anon', 'authenticated') then
    return;
  end if;

  select * into settings from private.insert_throttle_settings;
  current_window := to_timestamp(floor(extract(epoch from now()) / settings.window_seconds) * settings.window_seconds);

  insert into private.insert_throttle_hits as h (client_address, window_start, hits)
  values (caller_address, current_window, 1)
  on conflict (client_address, window_start) do update set hits = h.hits + 1
  returning h.hits into hits_now;

  if hits_now > settings.max_writes then
    raise sqlstate 'PT429' using
      message = 'Too many submissions from your network. Please wait a few minutes and try again.',
      hint = format('At most %s submissions per %s minutes.', settings.max_writes, settings.window_seconds / 60);
  end if;

  -- Old windows are useless; sweep them now and then instead of running a scheduler.
  if random() < 0.01 then
    delete from private.insert_throttle_hits where window_start < now() - interval '1 day';
  end if;
end;
$$;

revoke all on function private.throttle_anonymous_writes() from public;
grant execute on function private.throttle_anonymous_writes() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.throttle_anonymous_writes';
notify pgrst, 'reload config';
