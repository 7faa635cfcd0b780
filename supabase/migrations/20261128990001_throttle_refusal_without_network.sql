-- The throttle's refusal said "Too many submissions from your network", and the visualizer picks its Error toast's
-- text by the words in a failure's message (spec section 8: one that mentions network or fetch reads "Network error.
-- Please check your connection and try again."). A visitor over the limit, on a connection that works, was told to
-- check it. The refusal now speaks of their internet address (for IPv6 the /64 network it is counted by; see
-- migration 20261122100040). The function is otherwise the one of 20261122100040, unchanged.

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
