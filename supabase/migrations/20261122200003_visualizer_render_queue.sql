-- The visualizer's render runs on the job queue (the processor's webhook stores the photo and queues it).
-- This file holds what the database adds to that: the private bucket for uploaded photos, the count of
-- refused webhook calls per request, and the deadline that keeps a request from waiting forever.

-- Uploaded photos as the visitor sent them (with their EXIF, GPS included) wait here, readable only with the
-- service key, until the render has stored its metadata-free copies in the public bucket; then they are
-- deleted. Locally there is no storage schema: the processor keeps them in a folder the gateway never serves.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit)
    values ('floor-visualizer-uploads', 'floor-visualizer-uploads', false, 10485760)
    on conflict (id) do update set public = false, file_size_limit = excluded.file_size_limit;
  end if;
end;
$$;

-- Webhook calls the processor refused for a request id, per hour. The id appears in the public image URLs,
-- so without a limit anyone holding a result link could keep trying; the processor stops answering
-- for that id after a few refusals.
create table back_office.visualizer_webhook_refusals (
  request_id uuid not null,
  window_start timestamptz not null,
  refusals integer not null,
  primary key (request_id, window_start)
);
alter table back_office.visualizer_webhook_refusals enable row level security;

-- Counts one refusal and returns how many there were for this id in the current hour.
create function back_office.count_visualizer_webhook_refusal(request uuid)
returns integer
language sql
set search_path = ''
as $$
  insert into back_office.visualizer_webhook_refusals as r (request_id, window_start, refusals)
  values (request, date_trunc('hour', now()), 1)
  on conflict (request_id, window_start) do update set refusals = r.refusals + 1
  returning r.refusals;
$$;

create function back_office.visualizer_webhook_refusals_this_hour(request uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce((select refusals from back_office.visualizer_webhook_refusals
                   where request_id = request and window_start = date_trunc('hour', now())), 0);
$$;

-- The page polls for about five minutes. A request still `processing` after `processing_deadline` (the
-- render's attempts all spent, or the queue too long) and one still `pending` after `pending_deadline`
-- (the photo never arrived) are failed with a reason a visitor can read; the render job still waiting
-- for them is dropped. Returns the ids it failed.
create function back_office.fail_overdue_visualizer_requests(processing_deadline interval, pending_deadline interval)
returns setof uuid
language plpgsql
set search_path = ''
as $$
declare
  overdue record;
begin
  for overdue in
    update public.floor_visualizer_requests
    set status = 'failed',
        failure_reason = case status
          when 'processing' then 'Your photo took too long to process. Please try again.'
          else 'No photo was received for this request.'
        end
    where (status = 'processing' and updated_at < now() - processing_deadline)
       or (status = 'pending' and created_at < now() - pending_deadline)
    returning id
  loop
    perform graphile_worker.remove_job('render:' || overdue.id);
    return next overdue.id;
  end loop;
end;
$$;
revoke all on function back_office.count_visualizer_webhook_refusal(uuid) from public;
revoke all on function back_office.visualizer_webhook_refusals_this_hour(uuid) from public;
revoke all on function back_office.fail_overdue_visualizer_requests(interval, interval) from public;
