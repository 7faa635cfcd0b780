-- An e-mail stuck in `queued` or `sending` (a worker that never came back, a job removed by hand) kept its address
-- for good: the retention job only cleared finished ones (issue 36). After the same period as a sent e-mail's
-- (src/config/data-retention.ts, emailRecipientDays, counted from when it was queued or last tried) it is given up:
-- `dead` with the reason, its address cleared, its job (if any) removed. Nothing still in its retries is touched:
-- the queue's 10 attempts end within about 3.5 hours.
create or replace function back_office.remove_expired_email_recipients(keep_for interval, batch_size integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  cleared integer;
  stuck uuid[];
begin
  with due as (
    select id from back_office.outbound_emails
    where recipient is not null and coalesce(sent_at, last_attempt_at, created_at) < now() - keep_for
    order by created_at
    limit batch_size
    for update skip locked
  ), updated as (
    update back_office.outbound_emails as email
    set recipient = null, recipient_removed_at = now(),
        status = case when email.status in ('queued', 'sending') then 'dead' else email.status end,
        status_reason = case when email.status in ('queued', 'sending')
                             then 'Not sent within the period its address is kept; the address was removed'
                             else email.status_reason end
    from due where email.id = due.id
    returning email.id, email.status, email.status_reason
  )
  select count(*)::integer,
         array_agg(id) filter (where status_reason = 'Not sent within the period its address is kept; the address was removed')
  into cleared, stuck
  from updated;
  if stuck is not null then
    perform graphile_worker.remove_job('email:' || id) from unnest(stuck) as id;
  end if;
  return cleared;
end;
$$;
revoke all on function back_office.remove_expired_email_recipients(interval, integer) from public;
