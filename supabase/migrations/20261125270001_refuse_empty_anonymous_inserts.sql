-- An anonymous insert with no row in it is refused (issue 27). PostgREST reads a body of `null`, `42`, `[]`,
-- `"str"` or `true` as no rows: it answered 201 Created with nothing stored, and the throttle (which runs before
-- the insert, in private.throttle_anonymous_writes) charged the caller's address a write for it. A clear 400
-- tells a broken client what is wrong, and since the error rolls back the request's transaction, the write
-- is not counted either. This lives in the database, not the local gateway, so hosted Supabase answers the same.
--
-- A statement-level trigger fires once per INSERT even when it stores no row; the row trigger of
-- 20261122100010_one_row_per_anonymous_request.sql marks, per transaction (one per request), that a row was
-- inserted. The service role (the processor, staff tools) is not limited.

create or replace function private.refuse_empty_anonymous_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and coalesce(current_setting('private.anonymous_rows_inserted', true), '') <> '1' then
    raise sqlstate 'PT400' using
      message = 'The submission is empty.',
      detail = 'The request carried no row to store.',
      hint = 'POST one row as a JSON object.';
  end if;
  return null;
end;
$$;

revoke all on function private.refuse_empty_anonymous_insert() from public;

create trigger contacts_refuse_empty_insert
  after insert on public.contacts
  for each statement execute function private.refuse_empty_anonymous_insert();
create trigger leads_refuse_empty_insert
  after insert on public.leads
  for each statement execute function private.refuse_empty_anonymous_insert();
create trigger realtors_refuse_empty_insert
  after insert on public.realtors
  for each statement execute function private.refuse_empty_anonymous_insert();
create trigger investors_refuse_empty_insert
  after insert on public.investors
  for each statement execute function private.refuse_empty_anonymous_insert();
create trigger floor_visualizer_requests_refuse_empty_insert
  after insert on public.floor_visualizer_requests
  for each statement execute function private.refuse_empty_anonymous_insert();
