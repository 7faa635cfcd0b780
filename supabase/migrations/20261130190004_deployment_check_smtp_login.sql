-- Whether the e-mail worker's SMTP server takes its connection and login, asked by the worker when it makes the
-- e-mail for `npm run check:deployment` (20261130160001): a worker with a wrong SMTP password or host takes every
-- e-mail and fails it, and the check saw that only in the office's failed e-mails of the last day, none on a day
-- without a lead. The worker connects and logs in (nodemailer's verify: no e-mail is sent) and stores the outcome:
-- smtp_checked, and the error's words when it failed (never the password). Removed with the check's other rows.
alter table back_office.deployment_check_unsubscribe_links
  add column smtp_checked boolean not null default false,
  add column smtp_error text;

-- As in 20261130190003, with the SMTP outcome.
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
      'smtp_checked', link.smtp_checked,
      'smtp_error', link.smtp_error,
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
