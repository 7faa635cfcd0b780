-- Phone consent (issue 36). Three forms require a phone number (contacts, realtors, investors); beside each phone
-- field the page shows words saying we may call or text about the request, and the investor form offers an
-- optional, unticked box for marketing texts (deal alerts). The row keeps which words the visitor saw and when,
-- so staff can tell who agreed to what (decision 021).
--
-- back_office.phone_consent_texts holds the exact words of each version; src/config/phone-consent.ts holds the
-- words the page shows and their version, and tests/integration/phone-consent.test.ts holds the two equal. A row
-- names its version (a foreign key: a version the database does not know is refused), and the time is the
-- database's own, never the sender's. A row without a version was sent without the words (an API call, a page
-- from before this migration): staff must not text it.

create table back_office.phone_consent_texts (
  version text primary key check (version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  calls_and_texts text not null check (btrim(calls_and_texts) <> ''),
  marketing_texts text not null check (btrim(marketing_texts) <> ''),
  added_at timestamptz not null default now()
);
comment on table back_office.phone_consent_texts is
  'The consent words each version of the forms showed: beside the phone field (calls_and_texts) and beside the investor form''s deal-texts box (marketing_texts).';
alter table back_office.phone_consent_texts enable row level security;
revoke all on back_office.phone_consent_texts from public, anon, authenticated;

insert into back_office.phone_consent_texts (version, calls_and_texts, marketing_texts) values (
  '2026-11-28',
  'By giving your phone number, you agree that we may call or text you at that number about this request. Agreeing is not a condition of buying anything. Message and data rates may apply.',
  'Yes, text me deal alerts and clearance offers at the number above. These are marketing texts and may be sent automatically. Ticking this box is optional and is not a condition of buying anything. Reply STOP to any text to stop them. Message and data rates may apply.'
);

alter table public.contacts
  add column phone_consent_version text references back_office.phone_consent_texts (version),
  add column phone_consent_at timestamptz,
  add constraint contacts_phone_consent_check check ((phone_consent_version is null) = (phone_consent_at is null));
alter table public.realtors
  add column phone_consent_version text references back_office.phone_consent_texts (version),
  add column phone_consent_at timestamptz,
  add constraint realtors_phone_consent_check check ((phone_consent_version is null) = (phone_consent_at is null));
alter table public.investors
  add column phone_consent_version text references back_office.phone_consent_texts (version),
  add column phone_consent_at timestamptz,
  add column marketing_texts_consent boolean not null default false,
  add constraint investors_phone_consent_check check ((phone_consent_version is null) = (phone_consent_at is null)),
  -- The box sits under the consent words: ticked without them, there is nothing that says what was agreed to.
  add constraint investors_marketing_texts_consent_check check (not marketing_texts_consent or phone_consent_version is not null);

comment on column public.contacts.phone_consent_version is
  'The consent words shown beside the phone field (back_office.phone_consent_texts); null: none were shown, do not text.';
comment on column public.realtors.phone_consent_version is
  'The consent words shown beside the phone field (back_office.phone_consent_texts); null: none were shown, do not text.';
comment on column public.investors.phone_consent_version is
  'The consent words shown beside the phone field (back_office.phone_consent_texts); null: none were shown, do not text.';
comment on column public.investors.marketing_texts_consent is
  'The visitor ticked the optional box for marketing texts (deal alerts), whose words are the version''s marketing_texts.';

-- The time is when the database stored the row, whatever the sender says: anon may not insert the column, and
-- the trigger overwrites it for every other role too.
create or replace function private.stamp_phone_consent()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.phone_consent_at := case when new.phone_consent_version is null then null else now() end;
  return new;
end;
$$;
revoke all on function private.stamp_phone_consent() from public;

create trigger contacts_stamp_phone_consent
  before insert on public.contacts
  for each row execute function private.stamp_phone_consent();
create trigger realtors_stamp_phone_consent
  before insert on public.realtors
  for each row execute function private.stamp_phone_consent();
create trigger investors_stamp_phone_consent
  before insert on public.investors
  for each row execute function private.stamp_phone_consent();

grant insert (phone_consent_version) on public.contacts, public.realtors to anon;
grant insert (phone_consent_version, marketing_texts_consent) on public.investors to anon;
