-- The sender the e-mail worker puts on every e-mail (its MAIL_FROM), stored with the e-mail it makes for
-- `npm run check:deployment` (20261130160001): the worker records only a digest of it beside its heartbeat, so a
-- MAIL_FROM left at an example domain (a staging copy's, `hello@example.com` from the placeholders) passed every line
-- until a provider refused the sender or filed every e-mail as spam (no SPF or DKIM can exist for such a domain).
-- The address is the business's own sender, not a visitor's; the row goes with the check's other rows.
alter table back_office.deployment_check_unsubscribe_links add column mail_from text;

-- As in 20261130160001, with the sender.
create or replace function public.deployment_check_unsubscribe_state()
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
      'mail_from', link.mail_from,
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
