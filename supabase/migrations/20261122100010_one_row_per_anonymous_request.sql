-- A visitor submits one row at a time. PostgREST accepts a JSON array as a bulk insert, so without this one
-- anonymous POST could store any number of leads (or pending visualizer requests) while the throttle counted
-- one write. Each request is one transaction, so a transaction-local counter is a per-request counter: the
-- second row of any anonymous insert is refused, and with it the whole statement (nothing is stored).
-- supabase-js sends `[row]`, an array of one, which stays fine. The service role (the processor) is not limited.

create or replace function private.refuse_second_row_of_a_request()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if current_setting('private.anonymous_rows_inserted', true) = '1' then
    raise sqlstate 'PT400' using
      message = 'Send one submission at a time.',
      detail = 'A request may store one row; this one carried more.',
      hint = 'POST a single JSON object (or an array of one).';
  end if;
  perform set_config('private.anonymous_rows_inserted', '1', true);
  return new;
end;
$$;

revoke all on function private.refuse_second_row_of_a_request() from public;

create trigger contacts_one_row_per_request
  before insert on public.contacts
  for each row execute function private.refuse_second_row_of_a_request();
create trigger leads_one_row_per_request
  before insert on public.leads
  for each row execute function private.refuse_second_row_of_a_request();
create trigger realtors_one_row_per_request
  before insert on public.realtors
  for each row execute function private.refuse_second_row_of_a_request();
create trigger investors_one_row_per_request
  before insert on public.investors
  for each row execute function private.refuse_second_row_of_a_request();
create trigger floor_visualizer_requests_one_row_per_request
  before insert on public.floor_visualizer_requests
  for each row execute function private.refuse_second_row_of_a_request();
