-- Every e-mail the site owes someone is one row here, written by a trigger in the same transaction as the
-- lead it follows (whichever insert path stored the lead), with its send job queued in that transaction
-- too. The e-mail worker renders and sends it; the row keeps its fate: sent, suppressed by the daily
-- limit, or dead with the reason. Staff rows have no recipient: the worker sends them to STAFF_INBOX.

create table back_office.outbound_emails (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  kind text not null check (kind in (
    'guide', 'estimate_confirmation', 'realtor_welcome', 'investor_welcome', 'visualizer_result',
    'staff_contact', 'staff_guide', 'staff_realtor', 'staff_investor', 'staff_visualizer'
  )),
  source_table text not null check (source_table in ('contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests')),
  source_id uuid not null,
  recipient text check (recipient is null or private.is_email(recipient)),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'suppressed', 'dead')),
  status_reason text check (length(status_reason) <= 500),
  attempts integer not null default 0,
  last_attempt_at timestamptz,
  sent_at timestamptz,
  constraint staff_emails_have_no_visitor_recipient check ((kind like 'staff\_%') = (recipient is null)),
  -- One e-mail of each kind per lead, however often a trigger or a replay asks.
  constraint one_email_of_a_kind_per_lead unique (kind, source_id)
);
comment on table back_office.outbound_emails is
  'E-mails owed to visitors and staff, one row each: queued, sending, sent, suppressed (daily limit) or dead (with the reason).';
create index outbound_emails_by_visitor_and_day on back_office.outbound_emails (lower(recipient), created_at)
  where recipient is not null;
alter table back_office.outbound_emails enable row level security;

-- Anyone can type someone else's address into a form, so what one address receives is limited per day
-- (in the business's time zone): one e-mail of each kind, and a few in all.
create table back_office.visitor_email_limits (
  singleton boolean primary key default true check (singleton),
  max_per_address_per_day integer not null check (max_per_address_per_day > 0),
  max_per_kind_per_address_per_day integer not null check (max_per_kind_per_address_per_day > 0),
  time_zone text not null
);
insert into back_office.visitor_email_limits values (true, 3, 1, 'America/New_York');
alter table back_office.visitor_email_limits enable row level security;

create function back_office.queue_email(email_kind text, lead_table text, lead_id uuid, visitor_address text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  limits back_office.visitor_email_limits;
  day_start timestamptz;
  email_status text := 'queued';
  email_reason text;
  email_id uuid;
begin
  if visitor_address is not null then
    select * into limits from back_office.visitor_email_limits;
    -- Two submissions for one address at the same moment must not both see "none sent today".
    perform pg_advisory_xact_lock(hashtextextended('visitor-email:' || lower(visitor_address), 0));
    day_start := date_trunc('day', now() at time zone limits.time_zone) at time zone limits.time_zone;
    if (select count(*) from back_office.outbound_emails as sent
        where lower(sent.recipient) = lower(visitor_address) and sent.kind = email_kind
          and sent.created_at >= day_start and sent.status <> 'suppressed') >= limits.max_per_kind_per_address_per_day
    or (select count(*) from back_office.outbound_emails as sent
        where lower(sent.recipient) = lower(visitor_address)
          and sent.created_at >= day_start and sent.status <> 'suppressed') >= limits.max_per_address_per_day then
      email_status := 'suppressed';
      email_reason := 'Daily limit for this address reached';
    end if;
  end if;

  insert into back_office.outbound_emails (kind, source_table, source_id, recipient, status, status_reason)
  values (email_kind, lead_table, lead_id, visitor_address, email_status, email_reason)
  on conflict on constraint one_email_of_a_kind_per_lead do nothing
  returning id into email_id;

  if email_id is not null and email_status = 'queued' then
    perform graphile_worker.add_job(
      'send_email',
      json_build_object('emailId', email_id),
      max_attempts => 10,
      job_key => 'email:' || email_id
    );
  end if;
end;
$$;
revoke all on function back_office.queue_email(text, text, uuid, text) from public;

-- Runs as its owner: the visitor (anon) inserting the lead has no rights on back_office or the queue.
create function back_office.follow_up_new_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  case tg_table_name
    when 'contacts' then
      perform back_office.queue_email('staff_contact', 'contacts', new.id, null);
      perform back_office.queue_email('estimate_confirmation', 'contacts', new.id, new.email);
    when 'leads' then
      perform back_office.queue_email('staff_guide', 'leads', new.id, null);
      perform back_office.queue_email('guide', 'leads', new.id, new.email);
    when 'realtors' then
      perform back_office.queue_email('staff_realtor', 'realtors', new.id, null);
      perform back_office.queue_email('realtor_welcome', 'realtors', new.id, new.email);
    when 'investors' then
      perform back_office.queue_email('staff_investor', 'investors', new.id, null);
      perform back_office.queue_email('investor_welcome', 'investors', new.id, new.email);
  end case;
  return null;
end;
$$;
revoke all on function back_office.follow_up_new_lead() from public;

create trigger follow_up_new_contact after insert on public.contacts
  for each row execute function back_office.follow_up_new_lead();
create trigger follow_up_new_guide_lead after insert on public.leads
  for each row execute function back_office.follow_up_new_lead();
create trigger follow_up_new_realtor after insert on public.realtors
  for each row execute function back_office.follow_up_new_lead();
create trigger follow_up_new_investor after insert on public.investors
  for each row execute function back_office.follow_up_new_lead();

-- A visualizer request is a lead once it has an outcome: staff hear of it (with both images when it
-- completed), and the visitor gets the result they gave their address for.
create function back_office.follow_up_finished_visualizer_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform back_office.queue_email('staff_visualizer', 'floor_visualizer_requests', new.id, null);
  if new.status = 'completed' then
    perform back_office.queue_email('visualizer_result', 'floor_visualizer_requests', new.id, new.email);
  end if;
  return null;
end;
$$;
revoke all on function back_office.follow_up_finished_visualizer_request() from public;

create trigger follow_up_finished_visualizer_request
  after update of status on public.floor_visualizer_requests
  for each row
  when (new.status in ('completed', 'failed') and old.status is distinct from new.status)
  execute function back_office.follow_up_finished_visualizer_request();
