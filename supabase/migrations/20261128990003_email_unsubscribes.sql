-- Unsubscribing from marketing e-mail (issue 36; docs/decisions/024-unsubscribe-and-commercial-email.md).
-- CAN-SPAM (15 U.S.C. 7704(a)(3)-(5)) asks every commercial e-mail for a working way to opt out, honoured within
-- 10 business days; large mailbox providers expect RFC 8058 one-click unsubscribe. The welcome e-mails and the guide
-- advertise (deals, discounts, estimates), so they are marketing; the estimate confirmation and the visualizer
-- result answer what the visitor asked for and still go to an address that unsubscribed.

-- Which e-mails are marketing: the one list the queue, the worker and the links follow.
create function back_office.is_marketing_email(email_kind text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select email_kind in ('guide', 'realtor_welcome', 'investor_welcome');
$$;
revoke all on function back_office.is_marketing_email(text) from public;

-- What the list keeps of an address: a SHA-256 digest of its mailbox (private.mailbox_key: case and +tag ignored),
-- never the address. An opt-out must outlive every other record of the visitor (it is what stops the next e-mail
-- to them), so it is kept after their rows are deleted on request or by retention; a digest lets it do that
-- without keeping the address readable.
create function back_office.mailbox_digest(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(private.mailbox_key(address), 'UTF8')), 'hex');
$$;
revoke all on function back_office.mailbox_digest(text) from public;

create table back_office.email_unsubscribes (
  mailbox_digest text primary key check (mailbox_digest ~ '^[0-9a-f]{64}$'),
  unsubscribed_at timestamptz not null default now()
);
comment on table back_office.email_unsubscribes is
  'Mailboxes that unsubscribed from marketing e-mail, as SHA-256 digests of private.mailbox_key(address); never the address.';
alter table back_office.email_unsubscribes enable row level security;

-- The key that signs unsubscribe links (HMAC-SHA256 over the mailbox digest: contracts/unsubscribe-link.ts). It
-- lives in the database both services already reach, so there is no secret to copy between hosts; 256 bits from
-- the server's strong random source (gen_random_uuid). Nobody but the services' own role reads it.
create table back_office.unsubscribe_signing_key (
  singleton boolean primary key default true check (singleton),
  signing_key text not null default (
    replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') ||
    replace(gen_random_uuid()::text, '-', '')
  )
);
insert into back_office.unsubscribe_signing_key default values;
alter table back_office.unsubscribe_signing_key enable row level security;

-- When the mailbox of `address` unsubscribed, or null.
create function back_office.unsubscribed_at(address text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select unsubscribed_at from back_office.email_unsubscribes where mailbox_digest = back_office.mailbox_digest(address);
$$;
revoke all on function back_office.unsubscribed_at(text) from public;

-- Records an unsubscribe (the processor calls it once the link's signature checks out). A second click keeps the
-- first time. Marketing e-mails to that mailbox still waiting in the queue are suppressed at once, with their jobs.
create function back_office.record_unsubscribe(digest text)
returns timestamptz
language plpgsql
set search_path = ''
as $$
declare
  since timestamptz;
  waiting record;
begin
  insert into back_office.email_unsubscribes (mailbox_digest) values (digest)
  on conflict (mailbox_digest) do nothing;
  select unsubscribed_at into since from back_office.email_unsubscribes where mailbox_digest = digest;
  for waiting in
    update back_office.outbound_emails
    set status = 'suppressed', status_reason = 'The visitor unsubscribed from marketing e-mail'
    where status = 'queued' and back_office.is_marketing_email(kind) and recipient is not null
      and back_office.mailbox_digest(recipient) = digest
    returning id
  loop
    perform graphile_worker.remove_job('email:' || waiting.id);
  end loop;
  return since;
end;
$$;
revoke all on function back_office.record_unsubscribe(text) from public;

-- The queue: as before (daily limits per mailbox), and a marketing e-mail to a mailbox that unsubscribed is
-- recorded as suppressed, never sent. Answers to a request (estimate confirmation, visualizer result) still go.
create or replace function back_office.queue_email(email_kind text, lead_table text, lead_id uuid, visitor_address text)
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
  mailbox text := private.mailbox_key(visitor_address);
begin
  if visitor_address is not null then
    select * into limits from back_office.visitor_email_limits;
    -- Two submissions for one mailbox at the same moment must not both see "none sent today".
    perform pg_advisory_xact_lock(hashtextextended('visitor-email:' || mailbox, 0));
    day_start := date_trunc('day', now() at time zone limits.time_zone) at time zone limits.time_zone;
    if back_office.is_marketing_email(email_kind) and back_office.unsubscribed_at(visitor_address) is not null then
      email_status := 'suppressed';
      email_reason := 'The visitor unsubscribed from marketing e-mail';
    elsif (select count(*) from back_office.outbound_emails as sent
        where private.mailbox_key(sent.recipient) = mailbox and sent.kind = email_kind
          and sent.created_at >= day_start and sent.status <> 'suppressed') >= limits.max_per_kind_per_address_per_day
    or (select count(*) from back_office.outbound_emails as sent
        where private.mailbox_key(sent.recipient) = mailbox
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
