-- What the deployment check's unsubscribe step leaves when the check is killed outright after it while its planting
-- had failed (decision 023, item 16): the test address's unsubscribe, the e-mail worker's link, and a link job no
-- worker took. The processor's sweep (visitor-data/deployment-check-leftovers.ts) looked only for marked rows, so with
-- none planted these stayed until the next check began. This removes them once they are older than `left_for` (the
-- step of a check still running, its rows unplanted, is minutes old at most) and no check holds rows; it returns how
-- many it removed. Only the check's own fixed address: nothing here takes an address.
create function back_office.remove_deployment_check_unsubscribe_leftovers(left_for interval)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  removed integer := 0;
  gone integer;
begin
  if exists (select 1 from back_office.deployment_check_rows) then
    return 0;
  end if;
  delete from back_office.deployment_check_unsubscribe_links where made_at < now() - left_for;
  get diagnostics gone = row_count;
  removed := removed + gone;
  delete from back_office.email_unsubscribes
  where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com')
    and unsubscribed_at < now() - left_for;
  get diagnostics gone = row_count;
  removed := removed + gone;
  -- A job no e-mail worker took (none ran when the check asked) would store its link whenever one starts.
  if exists (
    select 1 from graphile_worker.jobs
    where key = 'deployment-check-unsubscribe-link' and created_at < now() - left_for and locked_at is null
  ) then
    perform graphile_worker.remove_job('deployment-check-unsubscribe-link');
    removed := removed + 1;
  end if;
  return removed;
end;
$$;
revoke all on function back_office.remove_deployment_check_unsubscribe_leftovers(interval) from public;
