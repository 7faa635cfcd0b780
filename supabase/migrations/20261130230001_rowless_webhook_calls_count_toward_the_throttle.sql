-- A webhook call whose row never came (decision 025, session 22). The page sends the photo beside the row's insert, so
-- the processor waits up to 10 s for a row that is not there yet, holding one of the caller's upload slots and reading
-- the row meanwhile. A made-up id cost its caller nothing but that wait, and no limit counted it (a refusal is counted
-- per request id only for ids that exist: a row per made-up id would grow that table without limit). Such a call now
-- counts as one write of its caller's allowance in the write throttle (the same address key and window as
-- private.throttle_anonymous_writes, 20261130190002), as the row's insert would have; and the processor does not wait
-- at all for an address past its allowance. Inserts never take an address past it (a refused insert rolls its count
-- back), so only rowless calls can: a visitor whose own insert used the last write is still waited for.

create function private.count_rowless_webhook_call(address text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.insert_throttle_settings;
begin
  select * into settings from private.insert_throttle_settings;
  insert into private.insert_throttle_hits as h (client_address, window_start, hits)
  values (
    coalesce(private.client_address_key(left(nullif(btrim(address), ''), 100)), 'unknown'),
    to_timestamp(floor(extract(epoch from now()) / settings.window_seconds) * settings.window_seconds),
    1
  )
  on conflict (client_address, window_start) do update set hits = h.hits + 1;
end;
$$;

create function private.beyond_write_allowance(address text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select h.hits > s.max_writes
       from private.insert_throttle_settings as s
       join private.insert_throttle_hits as h
         on h.client_address = coalesce(private.client_address_key(left(nullif(btrim(address), ''), 100)), 'unknown')
        and h.window_start = to_timestamp(floor(extract(epoch from now()) / s.window_seconds) * s.window_seconds)),
    false
  );
$$;

-- The processor's own: it connects as the database owner, as for the refusal counts (20261122200003).
revoke all on function private.count_rowless_webhook_call(text) from public;
revoke all on function private.beyond_write_allowance(text) from public;
