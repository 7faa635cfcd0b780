-- An attack audit (session 31) found a third spelling of one mailbox the rules counted as many. Gmail ignores dots
-- in the name part and takes googlemail.com for gmail.com, so `v.i.c@gmail.com`, `vic@googlemail.com` and
-- `vic@gmail.com` reach one inbox, while private.mailbox_key (lower case, "+tag" dropped: 20261124200001) kept them
-- apart. Two things followed:
-- 1. An opt-out did not hold. A Gmail user who unsubscribed (decision 024: "a sign-up cannot lift an opt-out") got the
--    guide again as soon as anyone typed their address with a dot in it: the suppression list is keyed on the digest
--    of mailbox_key, which differed.
-- 2. The daily limit per mailbox (back_office.queue_email) could be multiplied: a nine-letter Gmail name has 256
--    dotted spellings, each a guide with its PDF to the same inbox on the same day.
-- The key now drops the dots and names gmail.com for both Google domains. Other providers' dots are significant
-- (Outlook, Yahoo and most company mail servers deliver `a.b@` and `ab@` to different people), so only these two.

create or replace function private.mailbox_key(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
           when tagless ~ '@(gmail|googlemail)\.com$' then replace(split_part(tagless, '@', 1), '.', '') || '@gmail.com'
           else tagless
         end
  from (select regexp_replace(lower(address), '\+[^@]*@', '@') as tagless) as without_tag;
$$;
revoke all on function private.mailbox_key(text) from public;

-- The index the daily limit reads is built on the key's values: rebuilt, or it would answer with the old ones.
reindex index back_office.outbound_emails_by_mailbox_and_day;

-- Opt-outs recorded before this migration hold the digest of the old key, and e-mails sent before it carry links
-- with that digest (a link keeps working for good: decision 024). Both are still honoured: the old key is kept for
-- that comparison only.
create function private.mailbox_key_before_gmail_dots(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(lower(address), '\+[^@]*@', '@');
$$;
revoke all on function private.mailbox_key_before_gmail_dots(text) from public;

create function back_office.mailbox_digest_before_gmail_dots(address text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(private.mailbox_key_before_gmail_dots(address), 'UTF8')), 'hex');
$$;
revoke all on function back_office.mailbox_digest_before_gmail_dots(text) from public;

-- When the mailbox of `address` unsubscribed, or null: by its digest, or by the digest an older link carried.
create or replace function back_office.unsubscribed_at(address text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select min(unsubscribed_at) from back_office.email_unsubscribes
  where mailbox_digest in (back_office.mailbox_digest(address), back_office.mailbox_digest_before_gmail_dots(address));
$$;
revoke all on function back_office.unsubscribed_at(text) from public;

-- As before (20261128990003), and an older link's digest suppresses the queued e-mails it names too.
create or replace function back_office.record_unsubscribe(digest text)
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
      and digest in (back_office.mailbox_digest(recipient), back_office.mailbox_digest_before_gmail_dots(recipient))
    returning id
  loop
    perform graphile_worker.remove_job('email:' || waiting.id);
  end loop;
  return since;
end;
$$;
revoke all on function back_office.record_unsubscribe(text) from public;
