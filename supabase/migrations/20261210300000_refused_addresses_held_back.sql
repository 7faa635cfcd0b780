-- A mail server that refuses an address as one that does not exist (5.1.1 "no such user", 5.1.2 "no such domain"
-- at RCPT TO) was asked again: the worker tried the same e-mail three times, and every later form with that address
-- queued and sent new e-mails to it, each refused in turn. Senders that keep writing to dead addresses lose their
-- standing with the big mailbox providers, which then file the business's real e-mails as spam.
-- The refused e-mail's row now says so (`address_refused_at`, set by the worker), and queue_email holds back every
-- visitor e-mail to that exact address (letters compared without case: the refusal was of what was typed, so a
-- +tag or a dotted spelling of it is another address to the server) while the refused row still has its address:
-- the same 30 days after the refusal that every e-mail address is kept (dataRetention.emailRecipientDays,
-- remove_expired_email_recipients). No new copy of anyone's address is made, and nothing outlives the period the
-- privacy notice gives. Staff see the list with README's query ("Addresses mail servers refused"); deleting the
-- mark (update ... set address_refused_at = null) lifts it, for a visitor who says the address works now.
-- Decision 032, session 35.

alter table back_office.outbound_emails add column address_refused_at timestamptz;
alter table back_office.outbound_emails add constraint a_refused_address_is_a_dead_email
  check (address_refused_at is null or status = 'dead');
comment on column back_office.outbound_emails.address_refused_at is
  'When the recipient''s mail server refused this address as one that does not exist; later visitor e-mails to the address are held back while this row keeps it (decision 032, session 35).';

-- When a mail server last refused this address (letters without case), among the e-mails that still have it.
create function back_office.address_refused_at(visitor_address text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select max(email.address_refused_at) from back_office.outbound_emails as email
  where email.address_refused_at is not null and email.recipient is not null
    and lower(email.recipient) = lower(visitor_address);
$$;
revoke all on function back_office.address_refused_at(text) from public;

create or replace function back_office.visitor_email_held_back(email_kind text, visitor_address text)
returns text
language plpgsql
set search_path = ''
as $$
declare
  limits back_office.visitor_email_limits;
  day_start timestamptz;
  mailbox text := private.mailbox_key(visitor_address);
begin
  if visitor_address is null then
    return null;
  end if;
  select * into limits from back_office.visitor_email_limits;
  -- Two submissions for one mailbox at the same moment must not both see "none sent today".
  perform pg_advisory_xact_lock(hashtextextended('visitor-email:' || mailbox, 0));
  day_start := date_trunc('day', now() at time zone limits.time_zone) at time zone limits.time_zone;
  if back_office.is_marketing_email(email_kind) and back_office.unsubscribed_at(visitor_address) is not null then
    return 'The visitor unsubscribed from marketing e-mail';
  elsif back_office.address_refused_at(visitor_address) is not null then
    return 'A mail server refused this address as one that does not exist';
  elsif (select count(*) from back_office.outbound_emails as sent
      where private.mailbox_key(sent.recipient) = mailbox and sent.kind = email_kind
        and sent.created_at >= day_start and sent.status <> 'suppressed') >= limits.max_per_kind_per_address_per_day
  or (select count(*) from back_office.outbound_emails as sent
      where private.mailbox_key(sent.recipient) = mailbox
        and sent.created_at >= day_start and sent.status <> 'suppressed') >= limits.max_per_address_per_day then
    return 'Daily limit for this address reached';
  end if;
  return null;
end;
$$;
revoke all on function back_office.visitor_email_held_back(text, text) from public;
