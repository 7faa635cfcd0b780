-- An attack audit (2026-11-24) found two gaps in the rules for what visitors send.
--
-- 1. An e-mail address could name more than one mailbox to mail software. private.is_email took
--    'a1<victim@example.org>' and 'x,victim@example.org': SMTP libraries read the first as a display name and an
--    address and the second as a list, so each reached victim@example.org, while the daily limit
--    (back_office.queue_email) counted each spelling as an address of its own. Five spellings, five guides with
--    their attachment, and the attacker's text in the display name. An address is now one mailbox: none of
--    the characters that make display names, lists, groups, comments or quoting (< > , ; : " ( ) [ ] \).
--    The limit also counts an address without its "+tag" (victim+1@, victim+2@ reach one inbox at most
--    providers), so tags cannot multiply it either.
-- 2. private.is_one_line let U+2028 and U+2029 (line and paragraph separators) through, so a name could span
--    lines in the staff e-mail's table. The page already turns them into spaces.
-- Rows stored before keep their values: a CHECK constraint is only evaluated on writes.

create or replace function private.is_one_line(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]';
$$;

create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
     and length(value) <= 254
     and value ~ '^[^@[:space:]<>,;:"()\[\]\\]+@[^@[:space:]<>,;:"()\[\]\\]+\.[^@[:space:]<>,;:"()\[\]\\]+$'
     and value !~ ('[' || private.invisible_characters() || ']')
     and not private.starts_like_a_formula(value);
$$;

-- The mailbox an address reaches, as the daily limit counts it: lower case, without a "+tag".
create or replace function private.mailbox_key(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(lower(address), '\+[^@]*@', '@');
$$;
revoke all on function private.mailbox_key(text) from public;

drop index back_office.outbound_emails_by_visitor_and_day;
create index outbound_emails_by_mailbox_and_day on back_office.outbound_emails (private.mailbox_key(recipient), created_at)
  where recipient is not null;

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
    if (select count(*) from back_office.outbound_emails as sent
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
