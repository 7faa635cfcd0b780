-- What the write throttle has counted this window for the addresses the deployment check names (session 27). The
-- processor counts a webhook call whose row never came as one write of its caller's allowance
-- (private.count_rowless_webhook_call, 20261130230001), under the address its VISUALIZER_CLIENT_ADDRESS_HEADER
-- setting gives it, and keys that caller's upload slots by the same address. Its /healthz cannot say whether that
-- header is one a visitor writes (no proxy in front replaces it): only what it counts can. So the check sends its
-- call for a request nobody made with addresses of its own written in the usual client-address headers, and reads
-- here, before and after, which address the call was counted as: one it wrote (the processor trusts a forged
-- header), this machine's (right), or none. Answers counts only for the addresses asked, never the table's other
-- rows (visitors' addresses), with the window they are in and the allowance, for the service key alone. Not marked
-- stable: it takes a list, so it is called with POST, and PostgREST answered the public key's POST to a stable
-- function with 405 instead of the refusal the check's grants line looks for.

create function public.deployment_check_throttle_counts(addresses text[])
returns json
language sql
security definer
set search_path = ''
as $$
  select json_build_object(
    'window_start', w.window_start,
    'max_writes', w.max_writes,
    'counts', coalesce(
      (select json_object_agg(a.address, coalesce(h.hits, 0))
         from unnest(addresses) as a(address)
         left join private.insert_throttle_hits as h
           on h.client_address = coalesce(private.client_address_key(left(nullif(btrim(a.address), ''), 100)), 'unknown')
          and h.window_start = w.window_start),
      '{}'::json
    ),
    -- The window before: a call counted just before a window began is read there (the check reads before and after).
    'previous_counts', coalesce(
      (select json_object_agg(a.address, coalesce(h.hits, 0))
         from unnest(addresses) as a(address)
         left join private.insert_throttle_hits as h
           on h.client_address = coalesce(private.client_address_key(left(nullif(btrim(a.address), ''), 100)), 'unknown')
          and h.window_start = w.window_start - make_interval(secs => w.window_seconds)),
      '{}'::json
    )
  )
  from (
    select s.max_writes,
           s.window_seconds,
           to_timestamp(floor(extract(epoch from now()) / s.window_seconds) * s.window_seconds) as window_start
      from private.insert_throttle_settings as s
  ) as w;
$$;

revoke all on function public.deployment_check_throttle_counts(text[]) from public, anon, authenticated;
grant execute on function public.deployment_check_throttle_counts(text[]) to service_role;
