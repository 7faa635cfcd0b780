-- For `npm run check:deployment`, callable with the service key only: does each form's insert, made as the site
-- makes it, store its row? Red-team, session 22: the check only ever inserted as the owner (the test lead, into
-- contacts), so a deployment where a visitor's insert is refused (anon's insert grant revoked, an insert policy
-- `with check (false)`), silently dropped (a BEFORE INSERT trigger that returns null for anon, a rule `do instead
-- nothing`: PostgREST answers 201 with `[]`, the site says "sent" and the lead is gone), stored altered, not read
-- back (the site's `insert ... select id` needs the read-back policy) or stored without its e-mails to the office
-- (a follow-up trigger dropped on one table) passed every line.
--
-- Each table in turn, in a subtransaction undone at its end (the row, its e-mails and their jobs never commit, so
-- nothing is sent and nothing is left, as deployment_check_test_lead): the role becomes anon (PostgREST's
-- authenticator, whose request this is, may take it), the request carries the row's id in `x-submission-id` as the
-- site sends it, and the row the site sends is inserted `returning id`; then, as the caller again, the owner's helper
-- says whether the row is stored with the address sent and how many e-mails and jobs it queued. The write throttle
-- runs before a request (pgrst.db_pre_request), not per insert: this request, the service key's, spends no allowance.
-- Answers {"contacts": {"stored": true, "email_kept": true, "returned": true, "emails_queued": 2, "jobs_queued": 2},
-- ..., "leads": {"refused": "42501: permission denied for table leads"}}.

-- The owner's view of a row a visitor's insert just made (security definer: back_office is the owner's only).
create function private.deployment_check_inserted_row(lead_table text, row_id uuid, sent_email text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  stored_email text;
  found boolean;
begin
  execute pg_catalog.format('select true, email from public.%I where id = $1', lead_table) into found, stored_email using row_id;
  return json_build_object(
    'stored', coalesce(found, false),
    'email_kept', coalesce(lower(stored_email) = lower(sent_email), false),
    'emails_queued', (select count(*) from back_office.outbound_emails where source_id = row_id),
    'jobs_queued', (select count(*)
                    from graphile_worker.jobs as jobs
                    join back_office.outbound_emails as emails on jobs.key = 'email:' || emails.id
                    where emails.source_id = row_id)
  );
end;
$$;
revoke all on function private.deployment_check_inserted_row(text, uuid, text) from public, anon, authenticated;
grant execute on function private.deployment_check_inserted_row(text, uuid, text) to service_role;

-- Security invoker on purpose: a security definer function may not change its role, and the inserts must be anon's.
create function public.deployment_check_anon_inserts()
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  caller text := current_user;
  lead_table text;
  row_id uuid;
  returned uuid;
  seen json;
  answers jsonb := '{}';
  address constant text := 'deployment-check@example.com';
  note constant text := 'Deployment check: undone in its transaction; no e-mail is sent.';
begin
  foreach lead_table in array array['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] loop
    row_id := gen_random_uuid();
    returned := null;
    seen := null;
    begin
      perform pg_catalog.set_config('request.headers', json_build_object('x-submission-id', row_id)::text, true);
      execute 'set local role anon';
      -- The columns each form sends (src/features/*/api), as PostgREST's `insert ... returning id` for `.select('id')`.
      case lead_table
        when 'contacts' then
          insert into public.contacts (id, name, email, phone, message)
          values (row_id, 'Deployment Check', address, '856-555-0100', note) returning id into returned;
        when 'leads' then
          insert into public.leads (id, email, lead_source, guide_sent)
          values (row_id, address, 'free_flooring_guide', true) returning id into returned;
        when 'realtors' then
          insert into public.realtors (id, name, email, phone, brokerage)
          values (row_id, 'Deployment Check', address, '856-555-0100', note) returning id into returned;
        when 'investors' then
          insert into public.investors (id, name, email, phone, company)
          values (row_id, 'Deployment Check', address, '856-555-0100', note) returning id into returned;
        when 'floor_visualizer_requests' then
          insert into public.floor_visualizer_requests (id, customer_name, email)
          values (row_id, 'Deployment Check', address) returning id into returned;
      end case;
      execute pg_catalog.format('set local role %I', caller);
      seen := private.deployment_check_inserted_row(lead_table, row_id, address);
      raise exception using errcode = 'DC002', message = 'deployment check: undo the anonymous insert';
    exception
      when sqlstate 'DC002' then
        -- Undone: the row, its e-mails and their jobs (and the role and header set above) are gone.
        answers := answers || jsonb_build_object(lead_table, (seen::jsonb) || jsonb_build_object('returned', returned is not distinct from row_id));
      when others then
        answers := answers || jsonb_build_object(lead_table, jsonb_build_object('refused', sqlstate || ': ' || sqlerrm));
    end;
  end loop;
  return answers::json;
end;
$$;
revoke all on function public.deployment_check_anon_inserts() from public, anon, authenticated;
grant execute on function public.deployment_check_anon_inserts() to service_role;
