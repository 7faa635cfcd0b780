-- The free-guide modal said "Success! Your free flooring guide is on its way to your inbox!" for every stored sign-up,
-- while back_office.queue_email held the guide back from an address that had unsubscribed or had reached its daily
-- limits (one guide, a few e-mails in all): no guide was on its way. That decision is made as the row is stored, so the
-- row can carry it: `guide_sent` becomes what the server will do (true: the guide is queued), set before the row is
-- written whatever the visitor sent, and the visitor may read it back for their own row (the id in the submission
-- header, as for `id`). The page then shows the spec's success toast only when it is true (decision 032, session 34).
-- The row is kept either way: staff still hear of the sign-up.

-- One place decides whether a visitor e-mail is held back, and why; queue_email and the guide's row both ask it.
-- Takes the mailbox's lock (held to the end of the transaction), so the row's answer and the e-mail's status agree
-- even when two sign-ups for one mailbox arrive together.
create function back_office.visitor_email_held_back(email_kind text, visitor_address text)
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

create or replace function back_office.queue_email(email_kind text, lead_table text, lead_id uuid, visitor_address text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  email_status text := 'queued';
  email_reason text := back_office.visitor_email_held_back(email_kind, visitor_address);
  email_id uuid;
begin
  if email_reason is not null then
    email_status := 'suppressed';
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

-- Runs as its owner: the visitor (anon) has no rights on back_office.
create function back_office.say_whether_the_guide_goes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.guide_sent := back_office.visitor_email_held_back('guide', new.email) is null;
  return new;
end;
$$;
revoke all on function back_office.say_whether_the_guide_goes() from public;

create trigger say_whether_the_guide_goes before insert on public.leads
  for each row execute function back_office.say_whether_the_guide_goes();

-- The trigger sets guide_sent, and a policy's check sees the row after it: a held-back guide is a stored sign-up,
-- not a refused one.
alter policy "visitors can sign up for the free guide" on public.leads
  with check (lead_source = 'free_flooring_guide');

-- Not typed by the visitor: the server's answer about their own row (the read-back policy gives only that row).
grant select (guide_sent) on public.leads to anon;
