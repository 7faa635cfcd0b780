-- Two functions for `npm run check:deployment` (scripts/check-deployment/main.ts), callable with the service key only:
-- what a live deployment is asked without leaving anything behind or sending any e-mail.

-- The client address the write throttle keys its counter on for this request: the last entry of the configured
-- address header (cf-connecting-ip on hosted Supabase, decision 005), as a network key. The same derivation as
-- private.throttle_anonymous_writes (migration 20261122100040); tests/deployment/check-deployment.test.ts checks
-- that the two agree. If hosted did not pass the header, every visitor would be 'unknown' (or the proxy's address)
-- and share one counter; the check sends two requests from two addresses and expects two different answers.
create function public.deployment_check_client_address()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.client_address_key(left(nullif(btrim(reverse(split_part(reverse(
      coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> settings.client_address_header
    ), ',', 1))), ''), 100)),
    'unknown'
  )
  from private.insert_throttle_settings as settings;
$$;

-- One clearly marked test lead, stored as a visitor's would be (its CHECKs and the trigger that queues its e-mails
-- run), counted, then undone with everything it caused, in a subtransaction: nothing stays and no e-mail can be sent,
-- because the queued jobs never commit. Returns what it saw.
create function public.deployment_check_test_lead()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := gen_random_uuid();
  emails_queued integer := 0;
  jobs_queued integer := 0;
begin
  begin
    insert into public.contacts (id, name, email, phone, message)
    values (lead, 'Deployment Check', 'deployment-check@example.com', '856-555-0100',
            'Deployment check: removed in the same transaction, no e-mail is sent.');
    select count(*) into emails_queued from back_office.outbound_emails where source_id = lead;
    select count(*) into jobs_queued
    from graphile_worker.jobs as jobs
    join back_office.outbound_emails as emails on jobs.key = 'email:' || emails.id
    where emails.source_id = lead;
    raise exception using errcode = 'DC001', message = 'deployment check: undo the test lead';
  exception when sqlstate 'DC001' then
    null; -- the subtransaction is rolled back: the lead, its e-mails and their jobs are gone
  end;
  return json_build_object(
    'emails_queued', emails_queued,
    'jobs_queued', jobs_queued,
    'left_behind', (select count(*) from public.contacts where id = lead)
      + (select count(*) from back_office.outbound_emails where source_id = lead)
  );
end;
$$;

-- Functions in public are granted to the API roles by default (hosted's default privileges): take that back.
revoke all on function public.deployment_check_client_address() from public, anon, authenticated;
revoke all on function public.deployment_check_test_lead() from public, anon, authenticated;
grant execute on function public.deployment_check_client_address() to service_role;
grant execute on function public.deployment_check_test_lead() to service_role;
