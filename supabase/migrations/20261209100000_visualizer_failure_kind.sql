-- What a visitor can do about a failed visualizer request (decision 016, item 25): `try_again` (a fault of the way or
-- of the processor, a photo that never arrived in full: the same photo may well go) or `another_photo` (about the file:
-- not readable, not a photo, too small or too large). The page's failure screen offers its buttons by it; it chose
-- them by the reason's words before (/try again|no photo was received/), so a new reason worded otherwise got the
-- wrong ones. The processor writes it with every reason; the sweep of overdue rows below writes `try_again`. The
-- visitor reads it with the rest of their own row, by its id (decision 002).
alter table public.floor_visualizer_requests
  add column failure_kind text check (failure_kind in ('try_again', 'another_photo'));

grant select (failure_kind) on public.floor_visualizer_requests to anon;

-- Rows failed before this migration: the words' choice they were shown by.
update public.floor_visualizer_requests
set failure_kind = case
  when failure_reason is null or failure_reason ~* 'try again|no photo was received' then 'try_again'
  else 'another_photo'
end
where status = 'failed';

-- As in 20261122200004, with the kind: an overdue render or a photo never received is worth sending again.
create or replace function back_office.fail_overdue_visualizer_requests(processing_deadline interval, pending_deadline interval)
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
        failure_kind = 'try_again',
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
  for overdue in
    update public.floor_visualizer_requests
    set correction_state = 'failed'
    where correction_state = 'rendering' and correction_requested_at < now() - processing_deadline
    returning id
  loop
    perform graphile_worker.remove_job('render:' || overdue.id);
    return next overdue.id;
  end loop;
end;
$$;
revoke all on function back_office.fail_overdue_visualizer_requests(interval, interval) from public;
