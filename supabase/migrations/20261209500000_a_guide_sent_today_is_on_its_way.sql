-- A second sign-up for the guide on the same day was told "We didn't send the guide to this address" (migration
-- 20261209300000): the day's one guide per mailbox had gone with the first sign-up, so the queue held the second copy
-- back. But that visitor's guide is on its way to their inbox, sent minutes or hours before: the spec's toast
-- ("Success! Your free flooring guide is on its way to your inbox!") is true of them, and it is what a visitor who
-- asks twice, or a check that signs up twice with one address, must see. `guide_sent` now says whether this mailbox
-- gets a guide today, by this row or by an earlier one: false only where none goes at all (the address unsubscribed,
-- or its few e-mails in all came from other forms). Decision 032, session 34 (lead).
create or replace function back_office.say_whether_the_guide_goes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits back_office.visitor_email_limits;
  day_start timestamptz;
begin
  -- Takes the mailbox's lock, held to the end of the transaction: the read below sees every guide queued before it.
  if back_office.visitor_email_held_back('guide', new.email) is null then
    new.guide_sent := true;
    return new;
  end if;
  select * into limits from back_office.visitor_email_limits;
  day_start := date_trunc('day', now() at time zone limits.time_zone) at time zone limits.time_zone;
  new.guide_sent := exists (
    select from back_office.outbound_emails as sent
    where private.mailbox_key(sent.recipient) = private.mailbox_key(new.email)
      and sent.kind = 'guide' and sent.created_at >= day_start and sent.status in ('queued', 'sending', 'sent')
  );
  return new;
end;
$$;
revoke all on function back_office.say_whether_the_guide_goes() from public;
