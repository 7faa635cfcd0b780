-- Visitors' data is kept only as long as the privacy notice says (docs/decisions/015-visitor-data-retention.md).
-- The periods live in src/config/data-retention.ts; the retention job (visitor-data/enforce-retention-task.ts,
-- graphile-worker's cron, in the processor because it holds the storage key) passes them to the functions below,
-- which do the database's part. Deleting on request (`npm run data:forget`) uses the same record of removals.

-- A visualizer request whose images were deleted keeps its row (a lead, with name and e-mail) and says so: the
-- image URLs are gone and images_deleted_at is set, which the visitor's page reads to say the result has expired.
alter table public.floor_visualizer_requests add column images_deleted_at timestamptz;
grant select (images_deleted_at) on public.floor_visualizer_requests to anon;
alter table public.floor_visualizer_requests drop constraint completed_requests_have_both_images;
alter table public.floor_visualizer_requests add constraint completed_requests_have_both_images
  check (status <> 'completed' or images_deleted_at is not null
         or (original_image_url is not null and processed_image_url is not null));

-- An e-mail's row outlives the address it went to: kind, lead, status and times stay as the record of what was
-- sent; the address is cleared (recipient_removed_at says when). The e-mail's text is never stored: the worker
-- composes it from the lead row when it sends.
alter table back_office.outbound_emails add column recipient_removed_at timestamptz;
alter table back_office.outbound_emails drop constraint staff_emails_have_no_visitor_recipient;
alter table back_office.outbound_emails add constraint staff_emails_have_no_visitor_recipient
  check (case when kind like 'staff\_%' then recipient is null and recipient_removed_at is null
              else (recipient is null) = (recipient_removed_at is not null) end);

-- What was removed, when and why: counts only, never whose data it was.
create table back_office.data_removals (
  id bigint generated always as identity primary key,
  removed_at timestamptz not null default now(),
  cause text not null check (cause in ('retention', 'request')),
  removed jsonb not null check (jsonb_typeof(removed) = 'object')
);
comment on table back_office.data_removals is
  'Visitor data removed by the retention job (cause retention) or on a visitor''s request (npm run data:forget): what kinds, how many.';
alter table back_office.data_removals enable row level security;

-- The next batch of requests whose images are due: finished (or given up) and older than `keep_for`. Oldest first.
create function back_office.visualizer_requests_with_images_due(keep_for interval, batch_size integer)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select id from public.floor_visualizer_requests
  where images_deleted_at is null and created_at < now() - keep_for and status in ('completed', 'failed')
  order by created_at
  limit batch_size;
$$;

-- After their files are deleted: the rows forget the URLs and say the images are gone. Returns how many changed
-- (a second call for the same ids changes none).
create function back_office.mark_visualizer_images_deleted(requests uuid[])
returns integer
language sql
set search_path = ''
as $$
  with marked as (
    update public.floor_visualizer_requests
    set original_image_url = null, processed_image_url = null, style_image_urls = '{}'::jsonb, floor_mask_url = null,
        correction_state = null, images_deleted_at = now()
    where id = any(requests) and images_deleted_at is null
    returning 1
  )
  select count(*)::integer from marked;
$$;

-- Clears the address of up to `batch_size` e-mails finished (sent, suppressed or given up) longer ago than
-- `keep_for`. Returns how many it cleared.
create function back_office.remove_expired_email_recipients(keep_for interval, batch_size integer)
returns integer
language sql
set search_path = ''
as $$
  with due as (
    select id from back_office.outbound_emails
    where recipient is not null and status in ('sent', 'suppressed', 'dead')
      and coalesce(sent_at, last_attempt_at, created_at) < now() - keep_for
    order by created_at
    limit batch_size
    for update skip locked
  ), cleared as (
    update back_office.outbound_emails as email
    set recipient = null, recipient_removed_at = now()
    from due where email.id = due.id
    returning 1
  )
  select count(*)::integer from cleared;
$$;

-- The write throttle's counts per client address, older than `keep_for` (the throttle also sweeps them at random;
-- this makes the promise hold). Returns how many windows it deleted.
create function back_office.remove_expired_throttle_counts(keep_for interval)
returns integer
language sql
set search_path = ''
as $$
  with removed as (
    delete from private.insert_throttle_hits where window_start < now() - keep_for returning 1
  )
  select count(*)::integer from removed;
$$;

revoke all on function back_office.visualizer_requests_with_images_due(interval, integer) from public;
revoke all on function back_office.mark_visualizer_images_deleted(uuid[]) from public;
revoke all on function back_office.remove_expired_email_recipients(interval, integer) from public;
revoke all on function back_office.remove_expired_throttle_counts(interval) from public;
