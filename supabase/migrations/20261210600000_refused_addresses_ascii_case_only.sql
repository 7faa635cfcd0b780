-- back_office.address_refused_at (20261210300000) matched the refused address with lower(), which in a C.UTF-8
-- database (hosted Supabase's; the local stack's are C) also folds letters outside ASCII: 'K' (U+212A, the Kelvin
-- sign) becomes 'k', 'İ' (U+0130) becomes 'i'. private.is_email lets such an address in, the recipient's server
-- refuses it, and every visitor e-mail to the ordinary spelling was then held back for 30 days: a visitor could
-- silence anyone's e-mails with one form. Only ASCII letters are compared without case now (collation "C"), as
-- mail servers treat them; any other spelling is another address. Review, session 35.

create or replace function back_office.address_refused_at(visitor_address text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select max(email.address_refused_at) from back_office.outbound_emails as email
  where email.address_refused_at is not null and email.recipient is not null
    and lower(email.recipient collate "C") = lower(visitor_address collate "C");
$$;
revoke all on function back_office.address_refused_at(text) from public;
