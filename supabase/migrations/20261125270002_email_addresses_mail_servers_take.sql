-- An e-mail address is stored only if a mail server would take it (issue 27). A fault audit found addresses that
-- passed private.is_email and were then refused by SMTP, so the visitor's e-mail died after three attempts:
-- 'x@example.com.' (a trailing dot), IP addresses for a domain ('x@127.0.0.1'; SMTP wants '[127.0.0.1]', and no
-- visitor types that) and '%' in the name (the old "percent hack" for relaying, which servers refuse).
-- Now the name before the @ is dot-separated words (no dot at either end, no two in a row) without % and the
-- characters of 20261124200001; the domain is dot-separated labels of letters, digits (any script: bücher.de)
-- and inner hyphens, and its last label is not a number. src/lib/visitor-text.ts (isEmailShaped) mirrors this
-- for the forms; tests/integration/visitor-text.test.ts checks that the two agree and that the mail server
-- takes what they let through.

create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
     and length(value) <= 254
     and value ~ ('^[^@[:space:]<>,;:"()\[\]\\.%]+(\.[^@[:space:]<>,;:"()\[\]\\.%]+)*'
                  || '@([a-zA-Z0-9\u0080-\U0010ffff]([-a-zA-Z0-9\u0080-\U0010ffff]*[a-zA-Z0-9\u0080-\U0010ffff])?\.)+'
                  || '[a-zA-Z0-9\u0080-\U0010ffff]([-a-zA-Z0-9\u0080-\U0010ffff]*[a-zA-Z0-9\u0080-\U0010ffff])?$')
     and value !~ '\.[0-9]+$'
     and value !~ ('[' || private.invisible_characters() || ']')
     and not private.starts_like_a_formula(value);
$$;

-- E-mails still owed to such an address can never be delivered: they end now, with the reason, instead of
-- failing three times. A CHECK holds for every new version of a row, so the outbox's recipient rule is set
-- aside for that update and comes back NOT VALID: it holds for every new row, and the old ones keep their value.
alter table back_office.outbound_emails drop constraint outbound_emails_recipient_check;
update back_office.outbound_emails
set status = 'dead', status_reason = 'The address is not one a mail server takes'
where status in ('queued', 'sending') and recipient is not null and not private.is_email(recipient);
alter table back_office.outbound_emails
  add constraint outbound_emails_recipient_check check (recipient is null or private.is_email(recipient)) not valid;
