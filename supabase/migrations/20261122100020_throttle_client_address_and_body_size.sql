-- The write throttle, hardened (docs/decisions/005-client-address-for-the-throttle.md, docs/security.md):
--
-- 1. The client address comes from a header the platform sets and the client cannot choose. Hosted Supabase
--    sits behind Cloudflare, which passes a client's own X-Forwarded-For on and only appends to it, so the
--    first entry (what the throttle used) is the client's choice: rotating it escaped the limit, naming a
--    victim's address locked the victim out. Cloudflare sets CF-Connecting-IP to the address that connected
--    to it, replacing anything the client sent. Which header is a setting (`client_address_header`); when the
--    header holds a list, its last entry counts (the one the nearest proxy appended). A request without the
--    header shares one bucket with every other such request: a misconfiguration limits too much, never too little.
-- 2. A write whose declared body exceeds `max_body_bytes` is refused with 413 before any SQL reads the body.
--    The largest real submission (a 5,000-character message, JSON-escaped) stays far below the default 64 KiB.

alter table private.insert_throttle_settings
  add column client_address_header text not null default 'cf-connecting-ip'
    check (client_address_header ~ '^[a-z0-9-]{1,64}$'),
  add column max_body_bytes integer not null default 65536 check (max_body_bytes > 0);

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

  address_header := headers ->> settings.client_address_header;
  caller_address := coalesce(
    left(nullif(btrim(reverse(split_part(reverse(address_header), ',', 1))), ''), 100),
    'unknown'
  );
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
