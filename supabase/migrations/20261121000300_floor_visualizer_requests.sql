-- Floor visualizer requests (spec section 3). The visitor creates the row with name and e-mail; the
-- processor (service key) moves it through processing to completed or failed. A visitor who knows the
-- unguessable id reads that one row's progress (never the name or e-mail) by sending the id in the
-- `x-submission-id` header. See docs/decisions/002-row-access-by-submission-header.md.

create table public.floor_visualizer_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  customer_name text not null check (btrim(customer_name) <> '' and length(customer_name) <= 120),
  email text not null check (private.is_email(email)),
  status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed')),
  original_image_url text check (length(original_image_url) <= 2048),
  processed_image_url text check (length(processed_image_url) <= 2048),
  failure_reason text check (length(failure_reason) <= 500),
  constraint completed_requests_have_both_images
    check (status <> 'completed' or (original_image_url is not null and processed_image_url is not null))
);
comment on table public.floor_visualizer_requests is 'Snap & See Wood requests: a room photo rendered with a hardwood floor.';

alter table public.floor_visualizer_requests enable row level security;

revoke all on public.floor_visualizer_requests from anon, authenticated;

grant insert (id, customer_name, email) on public.floor_visualizer_requests to anon;
grant select (id, created_at, status, original_image_url, processed_image_url, failure_reason)
  on public.floor_visualizer_requests to anon;

create policy "visitors can start a floor visualizer request" on public.floor_visualizer_requests
  for insert to anon
  with check (status = 'pending' and original_image_url is null and processed_image_url is null);

create policy "a visitor can follow the visualizer request whose id they send" on public.floor_visualizer_requests
  for select to anon using (id = private.submission_id_header());

create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger floor_visualizer_requests_touch_updated_at
  before update on public.floor_visualizer_requests
  for each row execute function private.touch_updated_at();
