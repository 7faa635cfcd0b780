-- For `npm run check:deployment` (scripts/check-deployment/main.ts), callable with the service key only: whether the
-- staff e-mails of the last day were sent. A live e-mail worker (its heartbeat) is not a working one: with the wrong
-- SMTP password or host it takes every job, fails, retries and gives up, and the office hears of no lead. Staff
-- e-mails go to STAFF_INBOX, the business's own address, so one that failed is the deployment's fault; a visitor's
-- e-mail may fail for the visitor's typo, so those are not counted. Returns how many failed (given up, or queued again
-- after a failed attempt) and the latest reason (the worker stores no address or message text in it).
create function public.deployment_check_staff_emails()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'failing', count(*),
    'latest_reason', (array_agg(emails.status_reason order by coalesce(emails.last_attempt_at, emails.created_at) desc))[1]
  )
  from back_office.outbound_emails as emails
  where emails.kind like 'staff\_%'
    and emails.created_at > now() - interval '1 day'
    and (emails.status = 'dead' or (emails.status in ('queued', 'sending') and emails.status_reason is not null));
$$;

revoke all on function public.deployment_check_staff_emails() from public, anon, authenticated;
grant execute on function public.deployment_check_staff_emails() to service_role;
