-- How the e-mail worker reaches its SMTP server, stored with the e-mail it makes for `npm run check:deployment`
-- (20261130160001), beside whether it could log in (20261130190004). The check said "through an SMTP server that
-- takes the worker's login" for a worker that has no login (SMTP_USER unset), so a worker that hands every lead's
-- e-mail to a server on the internet without a login and without TLS (an open relay, STARTTLS only if offered,
-- which anyone on the way can strip) passed (session 28). The worker stores the server's host name (never a
-- password), whether it logs in, and how it uses TLS: 'implicit' (SMTP_SECURE, TLS from the first byte),
-- 'required' (STARTTLS or no e-mail) or 'if offered'. Removed with the check's other rows.
alter table back_office.deployment_check_unsubscribe_links
  add column smtp_host text,
  add column smtp_login boolean,
  add column smtp_tls text check (smtp_tls in ('implicit', 'required', 'if offered'));

-- As in 20261130190004, with how the worker reaches its SMTP server.
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
      'smtp_host', link.smtp_host,
      'smtp_login', link.smtp_login,
      'smtp_tls', link.smtp_tls,
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
