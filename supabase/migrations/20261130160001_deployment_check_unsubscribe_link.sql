-- For `npm run check:deployment`: does the unsubscribe link in the marketing e-mails work on this deployment
-- (decision 024)? The link is made by the e-mail worker from its own UNSUBSCRIBE_URL and the signing key; only the
-- worker knows that setting, so the check asks the worker for the link it would put in an e-mail, follows it as a
-- visitor's mail program would, and reads here that the mailbox is unsubscribed. A link made here or by the check
-- from the check's own settings could agree with the processor while the real e-mails carry a broken one.
--
-- Only ever for the check's own address, deployment-check@example.com (the address its planted rows carry; example.com
-- receives no mail): nothing here takes an address, and only the service key may call the functions, so nobody can
-- make a signed link or unsubscribe another mailbox with them.

-- The List-Unsubscribe headers of the e-mail the worker made for the check's address (it is handed to no SMTP
-- server), the e-mail's HTML (its footer shows the business's facts as the worker has them) and the worker's
-- STAFF_INBOX (where leads are announced). One row at most; removed with the check's other rows.
create table back_office.deployment_check_unsubscribe_links (
  singleton boolean primary key default true check (singleton),
  list_unsubscribe text,
  list_unsubscribe_post text,
  message_html text,
  staff_inbox text,
  made_at timestamptz not null default now()
);
alter table back_office.deployment_check_unsubscribe_links enable row level security;
comment on table back_office.deployment_check_unsubscribe_links is
  'The unsubscribe headers the e-mail worker made for npm run check:deployment''s test address; removed after the check.';

-- Starts the step: removes what an earlier check left (the link, the test mailbox's unsubscribe), then asks the
-- e-mail worker for its link with a job only the e-mail worker runs (email-worker/src/deployment-check-link-task.ts).
create function public.deployment_check_unsubscribe_start()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from back_office.deployment_check_unsubscribe_links;
  delete from back_office.email_unsubscribes
  where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com');
  perform graphile_worker.remove_job('deployment-check-unsubscribe-link');
  perform graphile_worker.add_job(
    'deployment_check_unsubscribe_link',
    '{}'::json,
    job_key => 'deployment-check-unsubscribe-link',
    max_attempts => 1
  );
  return json_build_object(
    'unsubscribed_at', back_office.unsubscribed_at('deployment-check@example.com'),
    'started_at', now()
  );
end;
$$;

-- What the step sees: the worker's headers once it made them, whether the test mailbox is unsubscribed (and since
-- when, on the database's clock), and the job's error if the worker failed it.
create function public.deployment_check_unsubscribe_state()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  job_error text;
  job_waiting boolean := false;
begin
  if pg_catalog.to_regclass('graphile_worker._private_jobs') is not null then
    execute $sql$
      select true, last_error from graphile_worker.jobs where key = 'deployment-check-unsubscribe-link'
    $sql$ into job_waiting, job_error;
  end if;
  return (
    select json_build_object(
      'list_unsubscribe', link.list_unsubscribe,
      'list_unsubscribe_post', link.list_unsubscribe_post,
      'message_html', link.message_html,
      'staff_inbox', link.staff_inbox,
      'made', link.made_at is not null,
      'job_waiting', coalesce(job_waiting, false),
      'job_error', job_error,
      'unsubscribed_at', back_office.unsubscribed_at('deployment-check@example.com'),
      'now', now()
    )
    from (select 1) as one
    left join back_office.deployment_check_unsubscribe_links as link on true
  );
end;
$$;

revoke all on function public.deployment_check_unsubscribe_start() from public, anon, authenticated;
revoke all on function public.deployment_check_unsubscribe_state() from public, anon, authenticated;
grant execute on function public.deployment_check_unsubscribe_start() to service_role;
grant execute on function public.deployment_check_unsubscribe_state() to service_role;

-- The check's removal (20261128990005, unchanged but for the last three statements): the test mailbox's unsubscribe,
-- the worker's link and a job still waiting go with the planted rows, also on Ctrl-C; it says what is left.
create or replace function public.deployment_check_remove_rows(planted uuid[])
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  requests uuid[] := back_office.remove_deployment_check_rows(planted, interval '10 minutes');
begin
  delete from back_office.deployment_check_unsubscribe_links;
  delete from back_office.email_unsubscribes
  where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com');
  perform graphile_worker.remove_job('deployment-check-unsubscribe-link');
  return json_build_object(
    'visualizer_requests', requests,
    'left_behind', (select count(*) from back_office.deployment_check_rows where row_id = any(planted)),
    'emails', (select count(*) from back_office.outbound_emails where source_id = any(planted)),
    'unsubscribes_left', (
      select count(*) from back_office.email_unsubscribes
      where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com')
    ) + (select count(*) from back_office.deployment_check_unsubscribe_links)
  );
end;
$$;

-- The sweep of a killed check's leftovers (20261128990005's, the processor runs it every few minutes with
-- '15 minutes'; the next check's planting with '10 minutes'): the test mailbox's unsubscribe and link go too when
-- no check's rows are left. Unchanged otherwise.
create or replace function back_office.remove_deployment_check_rows(named uuid[], left_for interval)
returns uuid[]
language plpgsql
set search_path = ''
as $$
declare
  removed uuid[];
begin
  with due as (
    delete from back_office.deployment_check_rows
    where row_id = any(coalesce(named, '{}')) or planted_at < now() - left_for
    returning row_id, source_table
  ),
  contacts as (delete from public.contacts where id in (select row_id from due where source_table = 'contacts')),
  leads as (delete from public.leads where id in (select row_id from due where source_table = 'leads')),
  realtors as (delete from public.realtors where id in (select row_id from due where source_table = 'realtors')),
  investors as (delete from public.investors where id in (select row_id from due where source_table = 'investors')),
  requests as (
    delete from public.floor_visualizer_requests
    where id in (select row_id from due where source_table = 'floor_visualizer_requests')
  )
  select coalesce(array_agg(row_id) filter (where source_table = 'floor_visualizer_requests'), '{}') into removed
  from due;
  -- Whatever else the test photo left: its refusal counts and a render still queued.
  delete from back_office.visualizer_webhook_refusals where request_id = any(removed);
  perform graphile_worker.remove_job('render:' || request) from unnest(removed) as request;
  -- The unsubscribe step's, once no check holds rows any more (the step runs while a check's rows are planted, so
  -- with none left it is a killed check's): the test mailbox's unsubscribe and the worker's link.
  if not exists (select 1 from back_office.deployment_check_rows) then
    delete from back_office.email_unsubscribes
    where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com');
    delete from back_office.deployment_check_unsubscribe_links;
  end if;
  return removed;
end;
$$;
revoke all on function back_office.remove_deployment_check_rows(uuid[], interval) from public;
