-- What `npm run check:deployment` (scripts/check-deployment/main.ts) needs to test a live deployment with real rows
-- in it, and leave nothing: the public key must not read a lead table that holds rows (an empty table answers `[]`
-- whatever its row-level security), and a test photo must go through the processor and storage as a visitor's does.
--
-- A row the check plants is marked in back_office.deployment_check_rows, which only the database owner and the
-- functions below can write (back_office is not exposed, and nothing is granted on it): a visitor cannot mark a row
-- of theirs to have its e-mails dropped. A marked row queues no e-mail. The check removes its rows when it is done;
-- rows a check left behind (it was killed) are removed by the next check and by the processor's hourly retention job.

create table back_office.deployment_check_rows (
  row_id uuid primary key,
  source_table text not null
    check (source_table in ('contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests')),
  planted_at timestamptz not null default now()
);
alter table back_office.deployment_check_rows enable row level security;
comment on table back_office.deployment_check_rows is
  'Rows npm run check:deployment planted in the lead tables; they queue no e-mail and are removed after the check.';

-- Every e-mail goes through back_office.queue_email's insert here: for a marked row it is skipped, so no e-mail and
-- no job exists for it (queue_email adds the job only for a row it inserted).
create function back_office.skip_emails_of_deployment_check_rows()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from back_office.deployment_check_rows where row_id = new.source_id) then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function back_office.skip_emails_of_deployment_check_rows() from public;
create trigger skip_emails_of_deployment_check_rows before insert on back_office.outbound_emails
  for each row execute function back_office.skip_emails_of_deployment_check_rows();

-- Removes marked rows: those named, and any planted longer ago than `left_for` (a check that never finished).
-- Returns the visualizer requests among them, whose stored files the caller deletes (Storage's files are not
-- rows this function may delete on the platform).
create function back_office.remove_deployment_check_rows(named uuid[], left_for interval)
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
  return removed;
end;
$$;
revoke all on function back_office.remove_deployment_check_rows(uuid[], interval) from public;

-- One marked row in each lead table, committed (the public key is then asked for it over the API), after removing
-- what an earlier check left. Returns the ids by table; the visualizer request is `pending`, for the test photo.
create function public.deployment_check_plant_rows()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  ids json;
  contact uuid := gen_random_uuid();
  lead uuid := gen_random_uuid();
  realtor uuid := gen_random_uuid();
  investor uuid := gen_random_uuid();
  request uuid := gen_random_uuid();
  note constant text := 'Deployment check: removed when the check ends; no e-mail is sent.';
begin
  perform back_office.remove_deployment_check_rows('{}', interval '10 minutes');
  insert into back_office.deployment_check_rows (row_id, source_table)
  values (contact, 'contacts'), (lead, 'leads'), (realtor, 'realtors'), (investor, 'investors'),
         (request, 'floor_visualizer_requests');
  insert into public.contacts (id, name, email, phone, message)
  values (contact, 'Deployment Check', 'deployment-check@example.com', '856-555-0100', note);
  insert into public.leads (id, email) values (lead, 'deployment-check@example.com');
  insert into public.realtors (id, name, email, phone, brokerage)
  values (realtor, 'Deployment Check', 'deployment-check@example.com', '856-555-0100', note);
  insert into public.investors (id, name, email, phone, company)
  values (investor, 'Deployment Check', 'deployment-check@example.com', '856-555-0100', note);
  insert into public.floor_visualizer_requests (id, customer_name, email)
  values (request, 'Deployment Check', 'deployment-check@example.com');
  select json_build_object('contacts', contact, 'leads', lead, 'realtors', realtor, 'investors', investor,
                           'floor_visualizer_requests', request) into ids;
  return ids;
end;
$$;

-- Removes the rows the check planted (and any an earlier check left), returning the visualizer requests removed and
-- how many marked rows remain.
create function public.deployment_check_remove_rows(planted uuid[])
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  requests uuid[] := back_office.remove_deployment_check_rows(planted, interval '10 minutes');
begin
  return json_build_object(
    'visualizer_requests', requests,
    'left_behind', (select count(*) from back_office.deployment_check_rows where row_id = any(planted)),
    'emails', (select count(*) from back_office.outbound_emails where source_id = any(planted))
  );
end;
$$;

-- Which services have said they are alive in the last `within_seconds` (back_office.worker_heartbeats, written every
-- 5 s by each worker pool), and how long ago each last did.
create function public.deployment_check_workers(within_seconds integer default 30)
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_object_agg(service, seconds_ago), '{}')
  from (
    select service, round(extract(epoch from now() - max(last_seen_at)))::integer as seconds_ago
    from back_office.worker_heartbeats
    where last_seen_at > now() - make_interval(secs => within_seconds)
    group by service
  ) as alive;
$$;

revoke all on function public.deployment_check_plant_rows() from public, anon, authenticated;
revoke all on function public.deployment_check_remove_rows(uuid[]) from public, anon, authenticated;
revoke all on function public.deployment_check_workers(integer) from public, anon, authenticated;
grant execute on function public.deployment_check_plant_rows() to service_role;
grant execute on function public.deployment_check_remove_rows(uuid[]) to service_role;
grant execute on function public.deployment_check_workers(integer) to service_role;
