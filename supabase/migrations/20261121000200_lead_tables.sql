-- The four lead funnels of the site (spec section 3). Visitors write with the public anon key and can read
-- back only the id of the row they just submitted (by sending it in `x-submission-id`); nobody without the
-- service key can list, count, change or delete a lead. See docs/decisions/002-row-access-by-submission-header.md.

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  email text not null check (private.is_email(email)),
  phone text not null check (btrim(phone) <> '' and length(phone) <= 40),
  message text not null check (btrim(message) <> '' and length(message) <= 5000)
);
comment on table public.contacts is 'Free-estimate requests from the home page contact form.';

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  email text not null check (private.is_email(email)),
  lead_source text not null default 'free_flooring_guide' check (lead_source = 'free_flooring_guide'),
  guide_sent boolean not null default true
);
comment on table public.leads is 'Free flooring guide sign-ups from the lead-magnet modal.';

create table public.realtors (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  email text not null check (private.is_email(email)),
  phone text not null check (btrim(phone) <> '' and length(phone) <= 40),
  brokerage text not null check (btrim(brokerage) <> '' and length(brokerage) <= 160),
  instagram text check (instagram is null or (btrim(instagram) <> '' and length(instagram) <= 100))
);
comment on table public.realtors is 'Realtor referral program applications.';

create table public.investors (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  email text not null check (private.is_email(email)),
  phone text not null check (btrim(phone) <> '' and length(phone) <= 40),
  company text not null check (btrim(company) <> '' and length(company) <= 160),
  investment_focus text check (investment_focus is null or (btrim(investment_focus) <> '' and length(investment_focus) <= 500))
);
comment on table public.investors is 'Investor partner program applications.';

alter table public.contacts enable row level security;
alter table public.leads enable row level security;
alter table public.realtors enable row level security;
alter table public.investors enable row level security;

-- Supabase grants anon and authenticated every privilege on new public tables; take that back and give
-- only what a visitor needs. `authenticated` gets nothing: the site has no logins.
revoke all on public.contacts, public.leads, public.realtors, public.investors from anon, authenticated;

grant insert (id, name, email, phone, message) on public.contacts to anon;
grant insert (id, email, lead_source, guide_sent) on public.leads to anon;
grant insert (id, name, email, phone, brokerage, instagram) on public.realtors to anon;
grant insert (id, name, email, phone, company, investment_focus) on public.investors to anon;

-- Only the id is ever readable, so `insert(...).select('id')` works and nothing that identifies a person does.
grant select (id) on public.contacts, public.leads, public.realtors, public.investors to anon;

create policy "visitors can submit a contact request" on public.contacts
  for insert to anon with check (true);
create policy "a visitor can read back the id of the contact request they submitted" on public.contacts
  for select to anon using (id = private.submission_id_header());

create policy "visitors can sign up for the free guide" on public.leads
  for insert to anon with check (lead_source = 'free_flooring_guide' and guide_sent);
create policy "a visitor can read back the id of the guide sign-up they submitted" on public.leads
  for select to anon using (id = private.submission_id_header());

create policy "visitors can apply to the realtor program" on public.realtors
  for insert to anon with check (true);
create policy "a visitor can read back the id of the realtor application they submitted" on public.realtors
  for select to anon using (id = private.submission_id_header());

create policy "visitors can apply to the investor program" on public.investors
  for insert to anon with check (true);
create policy "a visitor can read back the id of the investor application they submitted" on public.investors
  for select to anon using (id = private.submission_id_header());
