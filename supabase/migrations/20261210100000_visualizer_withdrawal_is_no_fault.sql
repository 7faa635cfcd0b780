-- A request the visitor withdrew (decision 056: they went Back while its floor was laid and sent changed details as a
-- new request) is no fault, and is said as its own kind, `withdrawn`, beside its reason (decision 059). It was
-- `try_again`, so the row's failing queued the staff e-mail of a failed request ("New floor visualizer request ...",
-- "Result: Failed: Withdrawn by the visitor ..."), and staff got that e-mail beside the new request's for one visitor
-- and one photo. The page reads the kind as `try_again` ("Try again" first).
alter table public.floor_visualizer_requests drop constraint floor_visualizer_requests_failure_kind_check;
alter table public.floor_visualizer_requests
  add constraint floor_visualizer_requests_failure_kind_check
  check (failure_kind in ('try_again', 'another_photo', 'withdrawn'));

-- Rows withdrawn before this migration (session 34's processor wrote them `try_again`, with this reason).
update public.floor_visualizer_requests
set failure_kind = 'withdrawn'
where status = 'failed'
  and failure_reason = 'Withdrawn by the visitor: they changed their details or photo and sent it again as a new request.';

-- As in 20261203000130, but a withdrawn request e-mails nobody: the visitor asked for no result from it, and staff hear
-- of the visitor from the request that replaced it. Every other failed request still e-mails staff at once.
create or replace function back_office.follow_up_finished_visualizer_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'failed' and new.failure_kind = 'withdrawn' then
    return null;
  end if;
  perform back_office.queue_email('staff_visualizer', 'floor_visualizer_requests', new.id, null);
  if new.status = 'completed' then
    perform back_office.queue_email('visualizer_result', 'floor_visualizer_requests', new.id, new.email);
    if new.rug_share >= 0.005 then
      perform back_office.postpone_visualizer_emails(new.id, interval '5 minutes');
    else
      perform back_office.postpone_visualizer_emails(new.id, interval '3 minutes');
    end if;
  end if;
  return null;
end;
$$;
revoke all on function back_office.follow_up_finished_visualizer_request() from public;
